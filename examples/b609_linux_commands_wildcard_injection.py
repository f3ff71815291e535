import os
import subprocess  # expect: B404
from subprocess import Popen  # expect: B404

os.system("tar cf backup.tar *")  # expect: B605, B607, B609@11
os.popen("/bin/chown root *")  # expect: B605, B609@10
os.system("/bin/chmod 644 /srv/www/*.html")  # expect: B605, B609
subprocess.Popen("/usr/bin/rsync -a * host:dir", shell=True)  # expect: B602, B609@18
Popen(["/bin/chown", "-R", "*"], shell=True)  # expect: B602, B609@7
subprocess.run(
    "/bin/tar xf *.tar",  # expect: B609@5
    shell=True,  # expect: B602
)

# no wildcard, no shell, a shell= that is only truthy, or a command built at run time
os.system("/bin/tar cf backup.tar src")  # expect: B605
subprocess.Popen("/bin/chown root *", shell=False)  # expect: B603
subprocess.Popen("/bin/chown root *", shell=1)  # expect: B602
subprocess.Popen(["/bin/chmod", "*"])  # expect: B603
os.system("/bin/tar cf backup.tar " + pattern)  # expect: B605
os.system("/bin/ls *")  # expect: B605
