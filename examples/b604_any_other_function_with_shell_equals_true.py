import os
from utils import execute

execute(command, shell=True)  # expect: B604@24
utils.run_command(command, shell=1)  # expect: B604@34
os.system(command, shell=True)  # expect: B604, B605
spawn(command, shell="yes")  # expect: B604
spawn(command, shell=[1])  # expect: B604
spawn(command, shell=use_shell)  # expect: B604
spawn(
    command,
    shell=True,  # expect: B604@11
)

execute(command, shell=False)
execute(command, shell=0)
execute(command, shell=None)
execute(command, shell="")
execute(command, **{"shell": True})
execute(command)
