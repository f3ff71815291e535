import telnetlib  # expect: B401
import telnetlib as tn  # expect: B401
from telnetlib import Telnet  # expect: B401

telnetlib.Telnet(host)  # expect: B312
Telnet(host, 23)  # expect: B312
session = tn.Telnet(  # expect: B312
    host,
)

session.Telnet(host)
tn.Telnet
