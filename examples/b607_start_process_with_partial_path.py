import os
import subprocess  # expect: B404
from subprocess import Popen as P  # expect: B404

subprocess.run(["git", "status"])  # expect: B603, B607@17
subprocess.call("make")  # expect: B603, B607@17
P(["ls", "-l"], cwd=directory)  # expect: B603, B607@4
os.system("ls -l")  # expect: B605, B607@11
os.popen("uptime")  # expect: B605, B607
os.execvp("rsync", arguments)  # expect: B606, B607@11
os.spawnlp(os.P_WAIT, "ls", "ls")  # expect: B606
subprocess.check_output(  # expect: B603
    [
        "pip",  # expect: B607@9
        "install",
    ],
)

# full paths, relative paths with a dot, a drive letter, UNC paths and non-literals
subprocess.run(["/usr/bin/git", "status"])  # expect: B603
subprocess.run(["./manage.py", "check"])  # expect: B603
subprocess.run(["../bin/tool"])  # expect: B603
subprocess.run([".hidden"])  # expect: B603
subprocess.run(["C:\\Tools\\tool.exe"])  # expect: B603
subprocess.run(["\\\\server\\share\\tool.exe"])  # expect: B603
subprocess.run([program, "status"])  # expect: B603
subprocess.run([])  # expect: B603
os.system(command)  # expect: B605
shutil.which("git")
runner.run(["git", "status"])
