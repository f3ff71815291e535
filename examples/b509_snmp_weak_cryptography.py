from pysnmp.hlapi import UsmUserData

UsmUserData("monitor")  # expect: B509@1
UsmUserData("monitor", auth_key)  # expect: B509
UsmUserData("monitor", authKey=auth_key, privKey=priv_key)  # expect: B509
UsmUserData(  # nosec B509
    "monitor",
)

UsmUserData("monitor", auth_key, priv_key)
UsmUserData("monitor", auth_key, priv_key, authProtocol=protocol)
other.UsmUserData("monitor")
