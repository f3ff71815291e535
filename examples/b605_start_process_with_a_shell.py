import os
import commands
import popen2
import subprocess  # expect: B404
from os import popen, system

os.system("/bin/echo hello")  # expect: B605@11
os.system("rm -rf " + directory)  # expect: B605@11
os.popen(command)  # expect: B605@10
popen(f"du -sh {path}")  # expect: B605@7
system("/usr/bin/uptime")  # expect: B605
os.popen2(command)  # expect: B605
os.popen3(command)  # expect: B605
os.popen4(command)  # expect: B605
popen2.popen2(command)  # expect: B605
popen2.Popen3(command)  # expect: B605
commands.getoutput(command)  # expect: B605
commands.getstatusoutput(command)  # expect: B605
subprocess.getoutput("/bin/ls -l")  # expect: B605
subprocess.getstatusoutput(command)  # expect: B605
os.system(*arguments)  # expect: B605
os.system(
    "/usr/bin/make all",  # expect: B605@5
)
os.system(
    command,  # expect: B605@5
)

# no positional command, or not a shell function
os.system(command=command)
os.popen()
os.path.join(directory, "x")
shell.system(command)
