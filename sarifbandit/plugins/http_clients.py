"""HTTP client calls, B113 and B501: `requests` and `httpx` calls matched by one rule.

A call counts when its resolved name starts with `requests` and ends in an HTTP verb function
(`get`, `options`, `head`, `post`, `put`, `patch`, `delete`), or starts with `httpx` and ends in
one of those or `request`, `stream`, `Client`, `AsyncClient`. `requests.Session().get(...)` and
methods of client objects held in variables are not recognised: the name must be spelled from
the module (or an alias of it).
"""

from __future__ import annotations

import ast
from typing import Iterator, Optional, Tuple

from ..analysis.context import FileContext
from ..analysis.nodes import is_opaque, keyword, value_of
from ..model import HIGH, LOW, MEDIUM, Finding, Rule

_VERBS = frozenset({"get", "options", "head", "post", "put", "patch", "delete"})
_HTTPX_NAMES = _VERBS | {"request", "stream", "Client", "AsyncClient"}


def _client_call(node: ast.Call, ctx: FileContext) -> Tuple[str, str]:
    """('requests' or 'httpx' or '', the qualified name) for a call of either library."""
    qualname = ctx.qualname(node)
    root, _, _ = qualname.partition(".")
    name = qualname.rpartition(".")[2]
    if root == "requests" and name in _VERBS:
        return root, qualname
    if root == "httpx" and name in _HTTPX_NAMES:
        return root, qualname
    return "", qualname


B113 = Rule(
    id="B113",
    name="request_without_timeout",
    severity=MEDIUM,
    confidence=LOW,
    cwe=1088,
    cwe_title="Synchronous Access of Remote Resource without Timeout",
    short="An HTTP request without a timeout can wait for a response forever.",
    test_name="request_without_timeout",
    what="""Flags `requests` calls (`requests.get`, `post`, `put`, `patch`, `delete`, `head`, `options`)
that pass no `timeout=`, and `requests` or `httpx` calls (`httpx` verbs, `request`, `stream`,
`Client`, `AsyncClient`) that pass `timeout=None`. `httpx` applies a default timeout, so only
an explicit `None` is reported for it. A `requests` call whose `timeout=` is an expression that
cannot be read without running the code (a call, arithmetic, a subscript) or that passes its
arguments only through `**kwargs` is reported too, pointing at that expression.""",
    why="""`requests` waits indefinitely by default. A slow or malicious server can hold the connection
open, tying up a worker per request until the service stops answering.""",
    example="""```python
import requests
response = requests.get(url)
```""",
    use_instead="""```python
import requests
response = requests.get(url, timeout=10)
```""",
    references=(
        ("requests: Timeouts", "https://requests.readthedocs.io/en/latest/user/advanced/#timeouts"),
        ("HTTPX: Timeouts", "https://www.python-httpx.org/advanced/timeouts/"),
    ),
)

B501 = Rule(
    id="B501",
    name="request_with_no_cert_validation",
    severity=HIGH,
    confidence=HIGH,
    cwe=295,
    cwe_title="Improper Certificate Validation",
    short="An HTTP request with verify=False does not check the server's certificate.",
    test_name="request_with_no_cert_validation",
    what="""Flags `requests` and `httpx` calls (the verbs, and for `httpx` also `request`, `stream`,
`Client` and `AsyncClient`) that pass `verify=False`. The finding points at the value.""",
    why="""Without certificate validation, TLS still encrypts, but to whoever answers: anyone on the network
path can pose as the server, read the traffic, including credentials, and change the responses.""",
    example="""```python
import requests
requests.post(url, json=payload, verify=False)
```""",
    use_instead="""Keep verification on; for a private CA, point `verify` at its bundle:
```python
import requests
requests.post(url, json=payload, verify="/etc/ssl/certs/internal-ca.pem")
```""",
    references=(
        (
            "requests: SSL Cert Verification",
            "https://requests.readthedocs.io/en/latest/user/advanced/#ssl-cert-verification",
        ),
    ),
)


@B113.check(ast.Call, calls=tuple(sorted(_HTTPX_NAMES)))
def check_timeout(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    library, qualname = _client_call(node, ctx)
    if not library:
        return
    timeout = keyword(node, "timeout")
    if timeout is None:
        if library == "requests":
            yield ctx.finding(B113, node, f"{qualname}() has no timeout and may wait forever")
    elif value_of(timeout) == "None":
        yield ctx.finding(B113, timeout, f"{qualname}() has timeout=None and may wait forever")
    elif library == "requests" and is_opaque(timeout):
        yield ctx.finding(
            B113,
            timeout,
            f"{qualname}() gets its timeout from an expression; make sure it is never None",
        )


@B501.check(ast.Call, calls=tuple(sorted(_HTTPX_NAMES)))
def check_verify(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    library, qualname = _client_call(node, ctx)
    if not library:
        return
    verify = keyword(node, "verify")
    if verify is not None and value_of(verify) == "False":
        yield ctx.finding(
            B501, verify, f"{qualname}() with verify=False accepts any server certificate"
        )
