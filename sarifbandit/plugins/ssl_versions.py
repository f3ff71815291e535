"""SSL/TLS protocol versions, B502–B504: broken protocol versions requested in calls or
function defaults, and `ssl.wrap_socket()` left to choose its version.

B502 and B503 share one option, `bad_protocol_versions`, read from the `ssl_with_bad_version`
block (the key Bandit reads; B503 also reads its documented `ssl_with_bad_defaults` block).
"""

from __future__ import annotations

import ast
from typing import Iterator, Optional

from ..analysis.context import FileContext
from ..analysis.nodes import is_opaque, keyword, positional_defaults, value_of
from ..model import HIGH, LOW, MEDIUM, Finding, Rule

BAD_PROTOCOL_VERSIONS = {
    "bad_protocol_versions": [
        "PROTOCOL_SSLv2",
        "SSLv2_METHOD",
        "SSLv23_METHOD",
        "PROTOCOL_SSLv3",
        "PROTOCOL_TLSv1",
        "SSLv3_METHOD",
        "TLSv1_METHOD",
        "PROTOCOL_TLSv1_1",
        "TLSv1_1_METHOD",
    ]
}

_WHY = """SSL 2 and 3 and TLS 1.0 and 1.1 have practical attacks (DROWN, POODLE, BEAST) and are
disabled by current clients and servers; a connection that may fall back to them can be
downgraded and decrypted by an attacker on the network path."""

_REFERENCES = (
    (
        "ssl: Security considerations",
        "https://docs.python.org/3/library/ssl.html#security-considerations",
    ),
    ("RFC 8996: Deprecating TLS 1.0 and TLS 1.1", "https://www.rfc-editor.org/rfc/rfc8996"),
)

B502 = Rule(
    id="B502",
    name="ssl_with_bad_version",
    severity=HIGH,
    confidence=HIGH,
    cwe=327,
    cwe_title="Use of a Broken or Risky Cryptographic Algorithm",
    short="A call asks for a broken SSL/TLS protocol version (SSLv2/v3, TLS 1.0/1.1).",
    test_name="ssl_with_bad_version",
    options=BAD_PROTOCOL_VERSIONS,
    config_keys=("ssl_with_bad_version",),
    what="""Flags calls that request a broken protocol version by keyword:
- `ssl.wrap_socket(ssl_version=ssl.PROTOCOL_SSLv3)` and
  `pyOpenSSL.SSL.Context(method=SSL.SSLv2_METHOD)`: HIGH severity, HIGH confidence;
- any other call with such a `method=` or `ssl_version=` keyword, e.g.
  `OpenSSL.SSL.Context(method=SSL.TLSv1_METHOD)`: MEDIUM, MEDIUM.

The value is matched by its last name part (`ssl.PROTOCOL_TLSv1`, a bare `PROTOCOL_TLSv1` or the
string `"PROTOCOL_TLSv1"`). Versions passed positionally are not seen. The finding points at the
value.""",
    why=_WHY,
    example="""```python
import ssl
sock = ssl.wrap_socket(raw, ssl_version=ssl.PROTOCOL_TLSv1)
```""",
    use_instead="""```python
import ssl
context = ssl.create_default_context()
context.minimum_version = ssl.TLSVersion.TLSv1_2
sock = context.wrap_socket(raw, server_hostname=host)
```""",
    options_help="""- `bad_protocol_versions` (list of names): the protocol constants that count as broken, matched
  by their last name part. Default: `PROTOCOL_SSLv2`, `SSLv2_METHOD`, `SSLv23_METHOD`,
  `PROTOCOL_SSLv3`, `PROTOCOL_TLSv1`, `SSLv3_METHOD`, `TLSv1_METHOD`, `PROTOCOL_TLSv1_1`,
  `TLSv1_1_METHOD`. Read from the `ssl_with_bad_version` block.""",
    references=_REFERENCES,
)

B503 = Rule(
    id="B503",
    name="ssl_with_bad_defaults",
    severity=MEDIUM,
    confidence=MEDIUM,
    cwe=327,
    cwe_title="Use of a Broken or Risky Cryptographic Algorithm",
    short="A function's parameter defaults to a broken SSL/TLS protocol version.",
    test_name="ssl_with_bad_defaults",
    options=BAD_PROTOCOL_VERSIONS,
    config_keys=("ssl_with_bad_version", "ssl_with_bad_defaults"),
    what="""Flags `def` statements with a positional parameter defaulting to an attribute whose last part
is a broken protocol version, e.g. `def connect(host, version=ssl.PROTOCOL_SSLv3)`. Each such
default is reported, at the default. A bare name (`version=PROTOCOL_SSLv3`), keyword-only
parameters and `async def` are not checked.""",
    why=_WHY,
    example="""```python
import ssl
def open_socket(raw, version=ssl.PROTOCOL_TLSv1):
    return ssl.SSLContext(version).wrap_socket(raw)
```""",
    use_instead="""```python
import ssl
def open_socket(raw, host):
    return ssl.create_default_context().wrap_socket(raw, server_hostname=host)
```""",
    options_help="""- `bad_protocol_versions` (list of names): the protocol constants that count as broken, matched
  by their last name part. Default: `PROTOCOL_SSLv2`, `SSLv2_METHOD`, `SSLv23_METHOD`,
  `PROTOCOL_SSLv3`, `PROTOCOL_TLSv1`, `SSLv3_METHOD`, `TLSv1_METHOD`, `PROTOCOL_TLSv1_1`,
  `TLSv1_1_METHOD`. Read from the `ssl_with_bad_version` block, or the `ssl_with_bad_defaults` block.""",
    references=_REFERENCES,
)

B504 = Rule(
    id="B504",
    name="ssl_with_no_version",
    severity=LOW,
    confidence=MEDIUM,
    cwe=327,
    cwe_title="Use of a Broken or Risky Cryptographic Algorithm",
    short="ssl.wrap_socket() without ssl_version= may negotiate a broken protocol version.",
    test_name="ssl_with_no_version",
    what="""Flags `ssl.wrap_socket()` calls that pass no `ssl_version=` keyword, or pass it as an
expression that cannot be read without running the code. When the version is given
positionally (the sixth argument) the call is still reported, with LOW confidence.""",
    why="""SSL 2 and 3 and TLS 1.0 and 1.1 have practical attacks (DROWN, POODLE, BEAST) and are
disabled by current clients and servers; a connection that may fall back to them can be
downgraded and decrypted by an attacker on the network path.

The default of `ssl.wrap_socket()` lets the two sides negotiate, which on old libraries
includes these versions. `ssl.wrap_socket()` is deprecated and was removed in Python 3.12.""",
    example="""```python
import ssl
sock = ssl.wrap_socket(raw)
```""",
    use_instead="""```python
import ssl
sock = ssl.create_default_context().wrap_socket(raw, server_hostname=host)
```""",
    references=_REFERENCES,
)


def _bad_versions(ctx: FileContext, rule: Rule) -> list:
    configured = ctx.options(rule)["bad_protocol_versions"]
    return [configured] if isinstance(configured, str) else list(configured or ())


@B502.check(ast.Call)
def check_bad_version(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    if not node.keywords:
        return
    qualname = ctx.qualname(node)
    bad = _bad_versions(ctx, B502)
    if qualname in ("ssl.wrap_socket", "pyOpenSSL.SSL.Context"):
        name = "ssl_version" if qualname == "ssl.wrap_socket" else "method"
        value = keyword(node, name)
        if value is not None and value_of(value) in bad:
            yield ctx.finding(
                B502,
                value,
                f"{qualname}() asks for the broken protocol version {value_of(value)}",
            )
        return
    for name in ("method", "ssl_version"):
        value = keyword(node, name)
        if value is not None and value_of(value) in bad:
            yield ctx.finding(
                B502,
                value,
                f"{qualname or 'a call'}() is given the broken protocol version "
                f"{value_of(value)} as {name}=",
                severity=MEDIUM,
                confidence=MEDIUM,
            )
            return


@B503.check(ast.FunctionDef)
def check_bad_default(node: ast.FunctionDef, ctx: FileContext) -> Iterator[Optional[Finding]]:
    if not node.args.defaults:
        return
    bad = _bad_versions(ctx, B503)
    for param, default in positional_defaults(node.args):
        if isinstance(default, ast.Attribute) and default.attr in bad:
            yield ctx.finding(
                B503,
                default,
                f"parameter {param.arg} of {node.name}() defaults to the broken protocol "
                f"version {default.attr}",
            )


@B504.check(ast.Call, calls=("wrap_socket",))
def check_no_version(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    if ctx.qualname(node) != "ssl.wrap_socket":
        return
    version = keyword(node, "ssl_version")
    if version is not None and not is_opaque(version):
        return
    positional = version is None and len(node.args) > 5
    if version is not None:
        how = "gets its version from an expression"
    elif positional:
        how = "passes its version positionally; make sure it is a current one"
    else:
        how = "names no ssl_version; the default may negotiate a broken protocol"
    yield ctx.finding(
        B504,
        node if version is None else version,
        f"ssl.wrap_socket() {how}",
        confidence=LOW if positional else None,
    )
