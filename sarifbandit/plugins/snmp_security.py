"""SNMP security, B508 and B509: pysnmp sessions using the versions or the SNMPv3 levels that
send data (and, for v1/v2c, the community string) in clear text."""

from __future__ import annotations

import ast
from typing import Iterator, Optional

from ..analysis.context import FileContext
from ..analysis.nodes import keyword, value_of
from ..model import HIGH, LOW, MEDIUM, Finding, Rule

_REFERENCES = (
    ("RFC 3414: User-based Security Model for SNMPv3", "https://www.rfc-editor.org/rfc/rfc3414"),
    ("pysnmp: security parameters", "https://docs.lextudio.com/pysnmp/"),
)

B508 = Rule(
    id="B508",
    name="snmp_insecure_version",
    severity=MEDIUM,
    confidence=HIGH,
    cwe=319,
    cwe_title="Cleartext Transmission of Sensitive Information",
    short="SNMPv1 and SNMPv2c send the community string and the data in clear text.",
    test_name="snmp_insecure_version_check",
    what="""Flags `pysnmp.hlapi.CommunityData(...)` with `mpModel=0` (SNMPv1) or `mpModel=1` (SNMPv2c).
The finding points at the `mpModel=` value. A call without `mpModel=` is not reported.""",
    why="""SNMP versions 1 and 2c authenticate with a community string sent in clear text with every
request; anyone on the network path can read it and the data, and then query or reconfigure the
device.""",
    example="""```python
from pysnmp.hlapi import CommunityData
auth = CommunityData("public", mpModel=1)
```""",
    use_instead="""Use SNMPv3 with authentication and privacy:
```python
from pysnmp.hlapi import UsmUserData, usmHMACSHAAuthProtocol, usmAesCfb128Protocol
auth = UsmUserData("monitor", auth_key, priv_key,
                   authProtocol=usmHMACSHAAuthProtocol, privProtocol=usmAesCfb128Protocol)
```""",
    references=_REFERENCES,
)

B509 = Rule(
    id="B509",
    name="snmp_weak_cryptography",
    severity=MEDIUM,
    confidence=HIGH,
    cwe=319,
    cwe_title="Cleartext Transmission of Sensitive Information",
    short="SNMPv3 without both an authentication and a privacy key is unencrypted.",
    test_name="snmp_crypto_check",
    what="""Flags `pysnmp.hlapi.UsmUserData(...)` called with fewer than three positional arguments (user
name, authentication key, privacy key), i.e. the `noAuthNoPriv` or `authNoPriv` levels. When
the privacy key is passed as the `privKey=` keyword the session is in fact encrypted; such a
call is still reported, with LOW confidence.""",
    why="""Without a privacy key, SNMPv3 sends every request and response in clear text, and without an
authentication key anyone can forge them.""",
    example="""```python
from pysnmp.hlapi import UsmUserData
auth = UsmUserData("monitor", auth_key)
```""",
    use_instead="""```python
from pysnmp.hlapi import UsmUserData
auth = UsmUserData("monitor", auth_key, priv_key)
```""",
    references=_REFERENCES,
)


@B508.check(ast.Call, calls=("CommunityData",))
def check_version(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    if ctx.qualname(node) != "pysnmp.hlapi.CommunityData":
        return
    model = keyword(node, "mpModel")
    chosen = value_of(model)
    # value_of leaves True/False as strings, so only numeric 0 and 1 compare equal here
    if model is not None and chosen in (0, 1):
        version = "SNMPv1" if chosen == 0 else "SNMPv2c"
        yield ctx.finding(
            B508, model, f"CommunityData(mpModel={chosen!r}) selects {version}, sent in clear text"
        )


@B509.check(ast.Call, calls=("UsmUserData",))
def check_crypto(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    if len(node.args) >= 3 or ctx.qualname(node) != "pysnmp.hlapi.UsmUserData":
        return
    encrypted = keyword(node, "privKey") is not None
    yield ctx.finding(
        B509,
        node,
        "UsmUserData() with a privacy key given by keyword; check the session is encrypted"
        if encrypted
        else "UsmUserData() without a privacy key sends SNMPv3 traffic unencrypted",
        confidence=LOW if encrypted else None,
    )
