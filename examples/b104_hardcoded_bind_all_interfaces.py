"""A module docstring mentioning 0.0.0.0 is not a finding."""

import socket

HOST = "0.0.0.0"  # expect: B104@8
server.bind(("0.0.0.0", 8080))  # expect: B104@14
app.run(host="0.0.0.0")  # expect: B104
listen(
    port=80,
    address="0.0.0.0",  # expect: B104@13
)
if host == "0.0.0.0":  # expect: B104
    public = True
default = {"bind": "0.0.0.0"}  # expect: B104
banner = f"0.0.0.0{suffix}"  # expect: B104
HOST = "0.0.0.0"  # nosec B104


def serve():
    """Binds to 0.0.0.0 when asked to."""
    "0.0.0.0"
    return "127.0.0.1"


LOCAL = "127.0.0.1"
ANY_V6 = "::"
URL = "http://0.0.0.0:8000/"
RAW = b"0.0.0.0"
PADDED = " 0.0.0.0"
