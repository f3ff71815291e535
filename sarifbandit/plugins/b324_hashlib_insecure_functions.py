"""B324 hashlib_insecure_functions: MD4, MD5 and SHA-1 hashes (and weak crypt methods) are broken for security uses."""

from __future__ import annotations

import ast
from typing import Iterator, List, Optional

from ..analysis.context import FileContext
from ..analysis.nodes import keyword, value_of
from ..model import HIGH, MEDIUM, Finding, Rule

RULE = Rule(
    id="B324",
    name="hashlib_insecure_functions",
    severity=HIGH,
    confidence=HIGH,
    cwe=328,
    cwe_title="Use of Weak Hash",
    short="MD4, MD5 and SHA-1 hashes (and weak crypt methods) are broken for security uses.",
    test_name="hashlib",
    what="""Flags weak hash functions used for security:
- `hashlib.md4()`, `hashlib.md5()`, `hashlib.sha()`, `hashlib.sha1()`, and `hashlib.new()` with one
  of these names (any letter case) as its first argument or `name=`: HIGH severity (also a
  variable assigned such a name, followed up to MAX_NAME_HOPS assignments; MEDIUM confidence when
  a conditional may pick a strong one instead). A call passing
  `usedforsecurity=False` (Python 3.9+) says the digest is not a security measure and is not
  reported;
- `crypt.crypt()` with a `salt` of `crypt.METHOD_CRYPT`, `METHOD_MD5` or `METHOD_BLOWFISH`, and
  `crypt.mksalt()` with one of these methods: MEDIUM severity;
- (beyond Bandit) Django's `make_password()` given one of Django's weak hashers by name (`hasher=`
  or the third argument: `"md5"`, `"unsalted_md5"`, `"sha1"`, `"unsalted_sha1"`, `"crypt"`):
  HIGH severity, for a password is what it hashes.

Any call whose resolved name has a `hashlib` part counts (`from hashlib import md5` too). For
`new()`, `crypt()` and `mksalt()` the finding points at the algorithm argument.""",
    why="""MD4, MD5 and SHA-1 collisions can be computed cheaply, so they cannot vouch for integrity or
authenticity (signatures, certificates, tokens), and fast or legacy password hashes fall to
brute force.""",
    example="""```python
import hashlib
digest = hashlib.md5(secret_token).hexdigest()
```""",
    use_instead="""```python
import hashlib
digest = hashlib.sha256(secret_token).hexdigest()
checksum = hashlib.md5(data, usedforsecurity=False).hexdigest()  # a cache key, not security
```""",
    references=(("hashlib", "https://docs.python.org/3/library/hashlib.html"),),
)

_WEAK_HASHES = frozenset({"md4", "md5", "sha", "sha1"})
#: Django's password hashers by the names make_password() takes, fast or unsalted
_WEAK_DJANGO_HASHERS = frozenset({"md5", "unsalted_md5", "sha1", "unsalted_sha1", "crypt"})
_WEAK_CRYPT_METHODS = frozenset({"METHOD_CRYPT", "METHOD_MD5", "METHOD_BLOWFISH"})


def _positional_or_keyword(node: ast.Call, position: int, name: str) -> Optional[ast.expr]:
    """Bandit's lookup: the positional argument when there are enough of them (a `*args` one
    included, which then reads as unknown), else the keyword."""
    if position < len(node.args):
        return node.args[position]
    return keyword(node, name)


def _for_security(node: ast.Call) -> bool:
    flag = keyword(node, "usedforsecurity")
    return flag is None or value_of(flag) == "True"


#: variables followed back to the text they were assigned (`algo = "md5"` ... `new(algo)`)
MAX_NAME_HOPS = 3


def _possible_names(expr: ast.expr, ctx: FileContext, hops: int) -> List[str]:
    """The algorithm names `expr` may hold: a constant, either side of a conditional, or what
    every binding reaching a variable holds; [] when any of them is not known."""
    # `"sha" + "1"`, `"md5" if 3 > 5 else "sha512"` (a variable: followed MAX_NAME_HOPS below)
    known, value = ctx.constant_of(expr) if not isinstance(expr, ast.Name) else (False, None)
    if known:
        return [value] if isinstance(value, str) else []
    if isinstance(expr, ast.IfExp):
        body = _possible_names(expr.body, ctx, hops)
        orelse = _possible_names(expr.orelse, ctx, hops)
        return body + orelse if body and orelse else []
    if isinstance(expr, ast.Name) and hops > 0:
        found: List[str] = []
        for binding in ctx.index.reaching_definitions(expr):
            names = _possible_names(binding.value, ctx, hops - 1) if binding.value else []
            if not names:
                return []
            found += names
        return found
    return []


@RULE.check(ast.Call, calls=(*_WEAK_HASHES, "new", "crypt", "mksalt", "make_password"))
def check(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    parts = ctx.qualname(node).split(".")
    function = parts[-1]
    if function == "make_password" and "django" in parts:
        hasher = _positional_or_keyword(node, 2, "hasher")
        chosen = value_of(hasher)
        if hasher is not None and isinstance(chosen, str) and chosen in _WEAK_DJANGO_HASHERS:
            yield ctx.finding(
                RULE,
                hasher,
                f"make_password() with Django's weak {chosen!r} hasher: a password hashed "
                "fast falls to brute force; leave the hasher to PASSWORD_HASHERS",
            )
    elif "hashlib" in parts:
        if function in _WEAK_HASHES:
            if _for_security(node):
                yield ctx.finding(
                    RULE,
                    node,
                    f"weak {function.upper()} hash used for security; "
                    "pass usedforsecurity=False if it is not",
                )
        elif function == "new":
            algorithm = _positional_or_keyword(node, 0, "name")
            names = _possible_names(algorithm, ctx, MAX_NAME_HOPS) if algorithm else []
            weak = [n for n in names if n.lower() in _WEAK_HASHES]
            chosen = value_of(algorithm)
            if not weak and isinstance(chosen, str) and chosen.lower() in _WEAK_HASHES:
                names = weak = [chosen]  # Bandit's reading of the argument as written
            if algorithm is not None and weak and _for_security(node):
                yield ctx.finding(
                    RULE,
                    algorithm,
                    f"hashlib.new() with the weak {weak[0].upper()} hash used for security; "
                    "pass usedforsecurity=False if it is not",
                    # `"md5" if legacy else "sha256"`: it may be the strong one
                    confidence=HIGH if len(weak) == len(names) else MEDIUM,
                )
    elif "crypt" in parts and function in ("crypt", "mksalt"):
        method = (
            _positional_or_keyword(node, 1, "salt")
            if function == "crypt"
            else _positional_or_keyword(node, 0, "method")
        )
        chosen = value_of(method)
        if method is not None and isinstance(chosen, str) and chosen in _WEAK_CRYPT_METHODS:
            yield ctx.finding(
                RULE,
                method,
                f"crypt.{function}() with the weak {chosen} method",
                severity=MEDIUM,
            )
