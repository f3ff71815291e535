import os
import stat
from os import chmod as change_mode
from pathlib import Path

os.chmod("/etc/app.conf", 0o777)  # expect: B103@27
os.chmod(path, 0o002)  # expect: B103
os.chmod(path, 0o755)  # expect: B103
os.chmod(path, 0o770)  # expect: B103
os.chmod(path, 0o710)  # expect: B103
os.chmod(path, 0o701)  # expect: B103
os.fchmod(descriptor, 0o666)  # expect: B103
os.lchmod(link, 511)  # expect: B103
change_mode(path, 0o757)  # expect: B103
shutil_like.chmod(path, 0o020)  # expect: B103
os.chmod(  # nosec B103
    path,
    0o777,
)
os.chmod(
    path,
    0o775,  # expect: B103@5
)

os.chmod(path, 0o700)
os.chmod(path, 0o644)
os.chmod(path, 0o600)
os.chmod(path, 0o400)
os.chmod(path, mode=0o777)
os.chmod(path, stat.S_IRWXO)
os.chmod(path, mode_from_config)
os.chmod(path, 0o777, follow_symlinks=False)  # expect: B103
os.chmod(path, 0o777 & mask)
os.chmod(path, True)
os.chmod(path, "0o777")
os.chmod(path, *modes)
Path("/srv/data").chmod(0o777)
os.chown(path, 0o777, 0o777)
