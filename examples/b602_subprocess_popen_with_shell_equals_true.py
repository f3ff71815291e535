import subprocess  # expect: B404
import subprocess as sp  # expect: B404
from subprocess import run  # expect: B404

subprocess.Popen(command, shell=True)  # expect: B602@33
sp.call("ls -l", shell=True)  # expect: B602, B607@9
run(
    f"convert {name} out.png",
    shell=True,  # expect: B602@11
)
subprocess.check_output(command, shell=1)  # expect: B602
subprocess.run(command, shell=use_shell)  # expect: B602
subprocess.run("ls", shell=True)  # nosec B602  # expect: B607

subprocess.run(["ls", "-l"])  # expect: B603, B607
subprocess.run(command, shell=False)  # expect: B603
subprocess.run(command, shell=0)  # expect: B603
subprocess.run(command, shell=[])  # expect: B603
