import subprocess  # expect: B404
import subprocess as sp  # expect: B404
from subprocess import Popen  # expect: B404
from subprocess import check_output  # expect: B404

subprocess.run([program, "--version"])  # expect: B603@1
sp.call(arguments)  # expect: B603@1
Popen(["/usr/bin/git", "status"], cwd=repo)  # expect: B603
check_output(arguments, shell=False)  # expect: B603@31
subprocess.check_call(arguments, shell=0)  # expect: B603
subprocess.run(arguments, shell=None)  # expect: B603
subprocess.run(arguments, shell="")  # expect: B603
subprocess.run(arguments, shell=[])  # expect: B603
subprocess.run(arguments, shell={})  # expect: B603
subprocess.run(**options)  # expect: B603
subprocess.run(  # expect: B603@1
    arguments,
    check=True,
)
subprocess.run(
    arguments,
    shell=False,  # expect: B603@11
)

# a true shell= is B602's business, other modules' run() are not subprocess
subprocess.run(command, shell=True)  # expect: B602
runner.run(arguments)
asyncio.run(main())
subprocess.getoutput(command)  # expect: B605
