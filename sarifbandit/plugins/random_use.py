"""Where a `random` value goes, for B311's confidence: the names that receive it.

The value of a `random` call is followed up through the expression that holds it (string
building, joins, comprehensions, conversions) to what takes it: the names it is assigned to, the
keyword or function it is passed to, the function it is returned from. A name made of a secret's
words (token, password, session, key, salt, nonce ...) makes the finding HIGH; one made of
jitter, backoff, sampling, shuffling or sleep words (`time.sleep`), or a file of test code,
makes it LOW; where nothing tells, the function the value is drawn in may; otherwise the finding
keeps Bandit's confidence. Never dropped: only rated.
"""

from __future__ import annotations

import ast
from typing import FrozenSet, Iterator, List, Optional, Set, Tuple

from ..analysis.context import FileContext
from ..analysis.nodes import dotted_name
from ..model import HIGH, LOW, Rank
from ..regex import lazy

#: the non-cryptographic generator functions of `random` (module functions and the methods of
#: `random.Random` instances); `random.SystemRandom` draws from os.urandom and is not flagged
GENERATORS = frozenset(
    """random randrange randint choice choices uniform triangular betavariate expovariate
    gammavariate gauss lognormvariate normalvariate vonmisesvariate paretovariate
    weibullvariate getrandbits randbytes sample shuffle binomialvariate""".split()
)
#: words of names that hold a secret: a `random` value reaching one is guessable
SECRET_WORDS = frozenset(
    """token tokens password passwords passwd pwd passphrase secret secrets session sessionid
    sessid cookie cookies key keys apikey salt nonce otp totp hotp csrf xsrf reset auth
    authkey credential credentials""".split()
)
#: words of names whose randomness needs no secrecy
BENIGN_WORDS = frozenset(
    """jitter delay delays backoff sample samples sampling sampled shuffle shuffled retry
    retries color colour colors colours sleep interval""".split()
)
#: expressions a value flows through unchanged in kind (built into a string, a list ...)
_CARRIERS = (
    ast.BinOp,
    ast.BoolOp,
    ast.UnaryOp,
    ast.IfExp,
    ast.JoinedStr,
    ast.FormattedValue,
    ast.GeneratorExp,
    ast.ListComp,
    ast.SetComp,
    ast.comprehension,
    ast.Tuple,
    ast.List,
    ast.Starred,
    ast.Subscript,
    ast.Attribute,
)
_WORD = lazy(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def words(name: str) -> FrozenSet[str]:
    """The lower-case words of an identifier: `resetToken` and `RESET_TOKEN` are reset, token."""
    return frozenset(w.lower() for w in _WORD.findall(name))


def is_test_file(path: str) -> bool:
    """A file of test code: under a tests/test folder, or named test_*.py, *_test.py, conftest.py."""
    parts = path.replace("\\", "/").split("/")
    name = parts[-1]
    folders = {p.lower() for p in parts[:-1]}
    return (
        bool(folders & {"test", "tests", "testing"})
        or name.startswith("test_")
        or name.endswith("_test.py")
        or name == "conftest.py"
    )


def _target_names(target: ast.AST) -> Iterator[str]:
    if isinstance(target, ast.Name):
        yield target.id
    elif isinstance(target, ast.Attribute):
        yield target.attr
    elif isinstance(target, ast.Subscript):
        key = target.slice
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            yield key.value
        yield from _target_names(target.value)
    elif isinstance(target, (ast.Tuple, ast.List)):
        for element in target.elts:
            yield from _target_names(element)


def _last_name(node: ast.AST, ctx: FileContext) -> str:
    if isinstance(node, ast.Call):
        qualname = ctx.qualname(node)
        if qualname:
            return qualname
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return ""


def destinations(node: ast.Call, ctx: FileContext) -> List[Tuple[str, str]]:
    """(how, name) for each name the call's value reaches: ("assigned to", "token"),
    ("passed as", "password="), ("passed to", "time.sleep"), ("returned by", "make_key")."""
    found: List[Tuple[str, str]] = []
    child: ast.AST = node
    parent = ctx.parent(node)
    while parent is not None:
        if isinstance(parent, ast.Call):
            if child is parent.func:
                break  # the value is called, or its method is: `random.random().hex()` carries
            found.append(("passed to", _last_name(parent, ctx)))
        elif isinstance(parent, ast.keyword):
            if parent.arg:
                found.append(("passed as", f"{parent.arg}="))
        elif isinstance(parent, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
            targets = parent.targets if isinstance(parent, ast.Assign) else [parent.target]
            found.extend(("assigned to", name) for t in targets for name in _target_names(t))
            if not isinstance(parent, ast.NamedExpr):
                break
        elif isinstance(parent, ast.Dict):
            for key, value in zip(parent.keys, parent.values):
                if value is child and isinstance(key, ast.Constant) and isinstance(key.value, str):
                    found.append(("stored under", key.value))
        elif isinstance(parent, ast.Return):
            function = ctx.enclosing_function(parent)
            if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found.append(("returned by", f"{function.name}()"))
            break
        elif not isinstance(parent, _CARRIERS):
            break
        child, parent = parent, ctx.parent(parent)
    return found


def _says(name: str, vocabulary: FrozenSet[str]) -> bool:
    """Whether a name is made of the vocabulary's words: secret words exactly (`keyboard` is no
    key), benign ones as a start too (`jittered`, `retrying`)."""
    found = words(name)
    if vocabulary is BENIGN_WORDS:
        return any(word.startswith(tuple(vocabulary)) for word in found)
    return bool(found & vocabulary)


def _first(found: List[Tuple[str, str]], vocabulary: FrozenSet[str]) -> Optional[Tuple[str, str]]:
    for how, name in found:
        if _says(name, vocabulary):
            return how, name
    return None


def rate(node: ast.Call, function: str, ctx: FileContext) -> Tuple[Optional[Rank], str]:
    """(confidence, reason) for a `random` call: HIGH with the secret-like name it reaches, LOW
    with why it needs no secrecy, (None, "") for Bandit's default."""
    if is_test_file(ctx.path):
        return LOW, "; rated LOW: in test code"
    found = destinations(node, ctx)
    secret = _first(found, SECRET_WORDS)
    if secret is not None:
        return (
            HIGH,
            f"; its value is {secret[0]} `{secret[1].rstrip('=')}`, which must be unguessable",
        )
    benign = _first(found, BENIGN_WORDS)
    if benign is not None:
        return LOW, f"; rated LOW: its value is {benign[0]} `{benign[1].rstrip('=')}`"
    # where the value goes says nothing: the function it is drawn in may
    enclosing = ctx.enclosing_function(node)
    name = getattr(enclosing, "name", "")
    if name and _says(name, SECRET_WORDS):
        return HIGH, f"; drawn in {name}(), which makes a secret"
    if name and _says(name, BENIGN_WORDS):
        return LOW, f"; rated LOW: drawn in {name}()"
    if function in ("shuffle", "sample"):
        return LOW, f"; rated LOW: {function}() reorders or picks items, not a secret"
    return None, ""


# -- instances of random.Random ----------------------------------------------------------------


def _attribute_instances(ctx: FileContext) -> FrozenSet[str]:
    """Dotted attributes (`self.rng`) bound anywhere in the file to `random.Random(...)` (an
    attribute's binding is not followed through the code: any method may have set it); found
    once per file."""
    return ctx.memo(_find_attribute_instances)


def _find_attribute_instances(ctx: FileContext) -> FrozenSet[str]:
    names: Set[str] = set()
    for node in ast.walk(ctx.tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Call):
            if ctx.qualname(node.value) == "random.Random":
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names.update(
                    name
                    for name in (dotted_name(t) for t in targets if isinstance(t, ast.Attribute))
                    if name
                )
    return frozenset(names)


def _holds_instance(name: ast.Name, ctx: FileContext) -> bool:
    """Whether a name read here may hold what `random.Random(...)` made: one of the bindings
    that reach it (in its own function: `rng` of another function is another variable)."""
    return any(
        isinstance(binding.value, ast.Call) and ctx.qualname(binding.value) == "random.Random"
        for binding in ctx.index.reaching_definitions(name)
    )


def instance_method(node: ast.Call, ctx: FileContext) -> Optional[str]:
    """`rng.randint` for a generator method called on a random.Random instance (a name bound to
    one, or `random.Random(seed)` itself), else None."""
    func = node.func
    if not isinstance(func, ast.Attribute) or func.attr not in GENERATORS:
        return None
    receiver = func.value
    if isinstance(receiver, ast.Call):
        return f"random.Random().{func.attr}" if ctx.qualname(receiver) == "random.Random" else None
    if isinstance(receiver, ast.Name):
        return f"{receiver.id}.{func.attr}" if _holds_instance(receiver, ctx) else None
    name = dotted_name(receiver)
    if name and name in _attribute_instances(ctx):
        return f"{name}.{func.attr}"
    return None
