"""B505 weak_cryptographic_key: A DSA, RSA or elliptic-curve key is generated with a size that can be broken."""

from __future__ import annotations

import ast
from typing import Iterator, Optional, Tuple

from ..analysis.context import FileContext
from ..analysis.nodes import keyword, last_name, value_of
from ..model import HIGH, MEDIUM, Finding, Rule

RULE = Rule(
    id="B505",
    name="weak_cryptographic_key",
    severity=HIGH,
    confidence=HIGH,
    cwe=326,
    cwe_title="Inadequate Encryption Strength",
    short="A DSA, RSA or elliptic-curve key is generated with a size that can be broken.",
    test_name="weak_cryptographic_key",
    options={
        "weak_key_size_dsa_high": 1024,
        "weak_key_size_dsa_medium": 2048,
        "weak_key_size_rsa_high": 1024,
        "weak_key_size_rsa_medium": 2048,
        "weak_key_size_ec_high": 160,
        "weak_key_size_ec_medium": 224,
    },
    config_keys=("weak_cryptographic_key",),
    what="""Flags the generation of DSA, RSA and elliptic-curve keys that are too small:
- `cryptography`'s `dsa.generate_private_key(key_size)` and
  `rsa.generate_private_key(public_exponent, key_size)`, and PyCrypto/PyCryptodome's
  `Crypto(dome).PublicKey.DSA.generate(bits)` and `RSA.generate(bits)`: the size is read from the
  keyword or its position, and is 2048 when left out;
- `ec.generate_private_key(curve)`: the size is the curve's, read from the curve class or
  instance (`ec.SECP192R1()` or `ec.SECP192R1`). Unknown curves count as 224 bits.

A size below the HIGH threshold is HIGH severity, below the MEDIUM threshold MEDIUM. Sizes held
in variables are not followed. The finding points at the size or curve argument.""",
    why="""Keys below these sizes can be factored or solved with affordable computing power (RSA-512 and
1024-bit DSA are within reach, small curves offer well under 112 bits of security); whatever
they sign or encrypt can then be forged or read.""",
    example="""```python
from cryptography.hazmat.primitives.asymmetric import ec, rsa
key = rsa.generate_private_key(public_exponent=65537, key_size=1024)
curve_key = ec.generate_private_key(ec.SECP192R1())
```""",
    use_instead="""```python
from cryptography.hazmat.primitives.asymmetric import ec, rsa
key = rsa.generate_private_key(public_exponent=65537, key_size=3072)
curve_key = ec.generate_private_key(ec.SECP256R1())
```""",
    options_help="""Read from the `weak_cryptographic_key` block, in bits:
- `weak_key_size_dsa_high` (default 1024), `weak_key_size_dsa_medium` (2048);
- `weak_key_size_rsa_high` (default 1024), `weak_key_size_rsa_medium` (2048);
- `weak_key_size_ec_high` (default 160), `weak_key_size_ec_medium` (224).""",
    references=(
        (
            "NIST SP 800-57 Part 1: Recommendation for Key Management",
            "https://csrc.nist.gov/pubs/sp/800/57/pt1/r5/final",
        ),
    ),
)

_ASYMMETRIC = "cryptography.hazmat.primitives.asymmetric."
#: key generator -> (key type, position of the size argument, its keyword)
_GENERATORS = {
    _ASYMMETRIC + "dsa.generate_private_key": ("DSA", 0, "key_size"),
    _ASYMMETRIC + "rsa.generate_private_key": ("RSA", 1, "key_size"),
    _ASYMMETRIC + "ec.generate_private_key": ("EC", 0, "curve"),
    "Crypto.PublicKey.DSA.generate": ("DSA", 0, "bits"),
    "Crypto.PublicKey.RSA.generate": ("RSA", 0, "bits"),
    "Cryptodome.PublicKey.DSA.generate": ("DSA", 0, "bits"),
    "Cryptodome.PublicKey.RSA.generate": ("RSA", 0, "bits"),
}

#: key sizes of the curves cryptography offers, by class name
_CURVE_BITS = {
    "SECT571K1": 571,
    "SECT571R1": 570,
    "SECP521R1": 521,
    "BrainpoolP512R1": 512,
    "SECT409K1": 409,
    "SECT409R1": 409,
    "BrainpoolP384R1": 384,
    "SECP384R1": 384,
    "SECT283K1": 283,
    "SECT283R1": 283,
    "BrainpoolP256R1": 256,
    "SECP256K1": 256,
    "SECP256R1": 256,
    "SECT233K1": 233,
    "SECT233R1": 233,
    "SECP224R1": 224,
    "SECP192R1": 192,
    "SECT163K1": 163,
    "SECT163R2": 163,
}
#: what an unknown curve counts as
_UNKNOWN_CURVE_BITS = 224
_DEFAULT_BITS = 2048


def _supplied(node: ast.Call, position: int, name: str) -> Optional[ast.expr]:
    """The keyword argument if its value reads as something, else the positional one, as
    Bandit picks them (a value reading as 0, '' or unknown falls through to the next)."""
    named = keyword(node, name)
    if named is not None and value_of(named):
        return named
    if position < len(node.args) and value_of(node.args[position]):
        return node.args[position]
    return None


def _curve_size(node: ast.Call) -> Tuple[Optional[ast.expr], int]:
    curve = keyword(node, "curve")
    if curve is None or not (value_of(curve) or isinstance(curve, ast.Call)):
        curve = node.args[0] if node.args else None
    if curve is None:
        return None, _UNKNOWN_CURVE_BITS
    # a curve instance, `ec.SECP192R1()`, is what cryptography expects: read its class name
    named = last_name(curve.func) if isinstance(curve, ast.Call) else value_of(curve)
    size = _CURVE_BITS.get(named) if isinstance(named, str) else None
    return curve, size if size is not None else _UNKNOWN_CURVE_BITS


@RULE.check(ast.Call, calls=("generate_private_key", "generate"))
def check(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    generator = _GENERATORS.get(ctx.qualname(node))
    if generator is None:
        return
    key_type, position, name = generator
    if key_type == "EC":
        where, size = _curve_size(node)
    else:
        where = _supplied(node, position, name)
        size = _DEFAULT_BITS if where is None else value_of(where)
    # names and attributes read as strings: their value is not known here
    if isinstance(size, bool) or not isinstance(size, (int, float)):
        return
    options = ctx.options(RULE)
    prefix = f"weak_key_size_{key_type.lower()}_"
    for level, severity in (("high", HIGH), ("medium", MEDIUM)):
        threshold = options[prefix + level]
        if size < threshold:
            described = f"on a {size}-bit curve" if key_type == "EC" else f"of {size} bits"
            yield ctx.finding(
                RULE,
                where if where is not None else node,
                f"{key_type} key {described}; keys below {threshold} bits can be broken",
                severity=severity,
            )
            return
