"""Files under /tmp are mentioned in this docstring only."""

import tempfile

LOG = "/tmp/app.log"  # expect: B108@7
open("/var/tmp/cache.db", "w")  # expect: B108@6
shared = "/dev/shm/segment"  # expect: B108
config = {"scratch": "/tmp"}  # expect: B108
odd = "/tmpfiles/x"  # expect: B108
target = f"/tmp/{name}.txt"  # expect: B108
store(
    "data",
    path="/var/tmp/out",  # expect: B108@10
)
tempfile.mkstemp(dir="/tmp")  # expect: B108
LOG = "/tmp/quiet.log"  # nosec B108


def work():
    """Writes to /tmp/work."""
    "/tmp/not-a-finding"
    return tempfile.mkdtemp()


RELATIVE = "tmp/app.log"
HOME = "/home/user/tmp"
ELSEWHERE = "/var/lib/app"
RAW = b"/tmp/raw"
WINDOWS = "C:\\Temp\\x"
