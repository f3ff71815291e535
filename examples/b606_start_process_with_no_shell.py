import os
from os import execvp, spawnlp as spawn

os.execl("/bin/ls", "ls")  # expect: B606@1
os.execle("/bin/ls", "ls", environment)  # expect: B606
os.execlp(program, program)  # expect: B606
os.execlpe(program, program, environment)  # expect: B606
os.execv("/bin/ls", ["ls"])  # expect: B606
os.execve("/bin/ls", ["ls"], environment)  # expect: B606
execvp(program, arguments)  # expect: B606@1
os.execvpe(program, arguments, environment)  # expect: B606
os.spawnl(os.P_WAIT, "/bin/ls", "ls")  # expect: B606
os.spawnle(os.P_WAIT, "/bin/ls", "ls", environment)  # expect: B606
spawn(os.P_WAIT, "/bin/ls", "ls")  # expect: B606
os.spawnlpe(os.P_WAIT, "/bin/ls", "ls", environment)  # expect: B606
os.spawnv(os.P_WAIT, "/bin/ls", ["ls"])  # expect: B606
os.spawnve(os.P_WAIT, "/bin/ls", ["ls"], environment)  # expect: B606
os.spawnvp(os.P_WAIT, "/bin/ls", ["ls"])  # expect: B606
os.spawnvpe(os.P_WAIT, "/bin/ls", ["ls"], environment)  # expect: B606
os.startfile(document)  # expect: B606
os.execv(  # expect: B606@1
    "/usr/bin/env",
    arguments,
)

os.exec_command(program)
os.path.exists(program)
process.execv(program)
os.fork()
