"""Guards: what the code after a test may assume about the values the test looked at.

`refine(run, test, truth, env)` returns the environment of the branch where `test` is `truth`.
An `if` whose body always exits leaves its fall-through with the negated test assumed, so
`if name not in ALLOWED: abort(400)` makes `name` one of the allowed constants below it.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Any, Dict, FrozenSet, List, Optional, Sequence, Tuple, cast

from ...records import replace
from ..nodes import dotted_name, sole_argument
from .patterns import local_path_facts, safe_classes
from .values import (
    CLEAN,
    FIXED_TEXT,
    INSIDE_IF_NORMALIZED,
    LISTING,
    NO_DOTS,
    REST,
    Value,
    calls_only,
    constant,
    fixes_host,
    join,
    param_kind,
    part_stand_in,
    pieces_of,
)

if TYPE_CHECKING:
    from .interpret import FunctionRun

Env = Dict[str, Value]

#: a path shown not to start at the root (the pseudo sink class of a relative path)
RELATIVE = "path-relative"
_RELATIVE = frozenset({RELATIVE})
_RELATIVE_NO_DOTS = frozenset({RELATIVE, NO_DOTS})
#: tests true of an absolute path
_ABSOLUTE_TESTS = frozenset({"os.path.isabs", "posixpath.isabs"})
#: a rejected substring and the sink classes its absence makes a value safe for
_REJECTED: Dict[str, FrozenSet[str]] = {
    # no `..`: safe below a fixed directory (`BASE + "/" + name`), not as a whole path or
    # as a later part of os.path.join (an absolute name replaces what comes before it)
    "..": frozenset({NO_DOTS}),
    "/": frozenset({"path"}),
    "\\": frozenset({"path"}),
    "'": frozenset({"xpath", "code", "sql"}),
    '"': frozenset({"xpath", "code"}),
    "<": frozenset({"xss"}),
    "\n": frozenset({"header", "log"}),
    "\r": frozenset({"header", "log"}),
    ";": frozenset({"command"}),
}
#: str tests that, when true, leave only digits, letters or similar harmless text
_HARMLESS = frozenset({"isdigit", "isnumeric", "isdecimal", "isalnum", "isalpha", "isidentifier"})


#: the env key under which a variable's test is kept (`ok = host in ALLOWED`), never a name
TEST_OF = "?test"
#: a test reading more variables than this is not kept (each is compared at every use)
MAX_TEST_NAMES = 8
#: what a variable the test read held when it was assigned: not bound then
_UNBOUND = Value(shape="unbound")


def remember_test(run: "FunctionRun", name: str, expr: ast.expr, value: Value, env: Env) -> None:
    """`ok = urlparse(url).netloc in ALLOWED`: keep the test, with what the variables it reads
    hold now, so that `if not ok: abort()` later refines as the test itself would (while
    none of them has changed since)."""
    if isinstance(expr, ast.UnaryOp) and not isinstance(expr.op, ast.Not):
        return
    if not isinstance(expr, (ast.Compare, ast.BoolOp, ast.UnaryOp, ast.Call)):
        return
    if isinstance(expr, ast.Call) and (
        value.all_taint() is not None or value.entries is not None or value.pieces is not None
    ):
        return  # a call's result holding a value, not a test's answer (`x or y` may be either,
        # and its truth is still the test's)
    names = sorted({n.id for n in ast.walk(expr) if isinstance(n, ast.Name)})
    if not names or len(names) > MAX_TEST_NAMES or name in names:
        return  # `ok = ok and x`: the test would stand for itself
    run.a.tests[id(expr)] = expr
    reads = tuple((n, env.get(n, _UNBOUND)) for n in names)
    env[name + TEST_OF] = Value(shape="test", name=str(id(expr)), entries=reads)


def _test_of(run: "FunctionRun", name: str, env: Env) -> Optional[ast.expr]:
    """The test a variable holds the answer of, while what it read is unchanged."""
    kept = env.get(name + TEST_OF)
    if kept is None or not kept.name.isdigit():
        return None
    expr = run.a.tests.get(int(kept.name))
    if expr is None or any(env.get(n, _UNBOUND) != held for n, held in kept.entries or ()):
        return None
    return expr


def refine(run: "FunctionRun", test: ast.expr, truth: bool, env: Env) -> Env:
    """`env` where `test` is `truth`. A part of an object or a mapping the test looks at
    (`self.target`, `spec["formula"]`) is refined as a variable of its own, named as written
    (see _name), and stored back where it is held."""
    held = _held_parts(test, env)
    if not held:
        return _refine(run, test, truth, env)
    before = {
        key: cast(Value, _part(env[base], part, subject=True)) for key, (base, part) in held.items()
    }
    out = _refine(run, test, truth, {**env, **before})
    for key, (base, part) in held.items():
        value = out.pop(key)
        if value is not before[key] and base in out:
            out[base] = out[base].with_entry(part, value)
    return out


def _is_the_base(part: ast.expr, truth: bool, parts: Sequence[ast.expr]) -> bool:
    """Whether `part`, where it holds, makes a path the very folder another part checks it
    is inside (`target == base` beside `target.startswith(base + os.sep)`): the folder
    itself is no way out of it."""
    if not (isinstance(part, ast.Compare) and len(part.ops) == 1):
        return False
    equal = isinstance(part.ops[0], ast.Eq) if truth else isinstance(part.ops[0], ast.NotEq)
    path, base = _name(part.left), _name(part.comparators[0])
    if not equal or path is None or base is None:
        return False
    for other in parts:
        test = other.operand if isinstance(other, ast.UnaryOp) else other
        if (
            isinstance(test, ast.Call)
            and isinstance(test.func, ast.Attribute)
            and test.func.attr in ("startswith", "is_relative_to")
            and _name(test.func.value) == path
            and any(_name(n) == base for arg in test.args for n in ast.walk(arg))
        ):
            return True
    return False


def _held_parts(test: ast.expr, env: Env) -> Dict[str, Tuple[str, Any]]:
    """`self.target`, `spec["formula"]` and the like in a test, as held on an object or in a
    mapping the function has: {the name _name gives it: (the variable, the entry's key)}."""
    held: Dict[str, Tuple[str, Any]] = {}
    todo: List[Tuple[ast.AST, bool]] = [(test, True)]
    while todo:  # the places a guard reads its subject from, not every node of the test
        node, subject = todo.pop()
        part = _part_of(node)
        if part is not None:
            owner = env.get(part[0])
            if owner is not None and _part(owner, part[1], subject) is not None:
                held[cast(str, _name(node))] = part
        elif isinstance(node, ast.UnaryOp):
            todo.append((node.operand, subject))
        elif isinstance(node, ast.BoolOp):
            todo.extend((value, subject) for value in node.values)
        elif isinstance(node, ast.Compare):
            # `x in self.ALLOWED`: x the subject, the allow-list what it is looked up in
            todo += [(node.left, subject), *((c, False) for c in node.comparators)]
        elif isinstance(node, ast.Call):
            todo.extend((arg, subject) for arg in node.args)
            if isinstance(node.func, ast.Attribute):
                todo.append((node.func.value, subject))
    return held


def _refine(run: "FunctionRun", test: ast.expr, truth: bool, env: Env) -> Env:
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _refine(run, test.operand, not truth, env)
    if isinstance(test, ast.BoolOp):
        # both parts hold where an `and` is true, neither where an `or` is false
        if isinstance(test.op, ast.And) == truth:
            for part in test.values:
                env = _refine(run, part, truth, env)
            return env
        # `x != "a" and x != "b"` false (or `x == "a" or x == "b"` true): x is one of them
        chosen = _one_of_compared(run, test, dict(env))
        if chosen != env:
            return chosen
        # otherwise one part at least holds: what every part's holding shows
        shown: Optional[Env] = None
        for part in test.values:
            if _is_the_base(part, truth, test.values):
                continue  # `target == base or target.startswith(base + os.sep)`: inside
            each = _refine(run, part, truth, dict(env))
            shown = each if shown is None else _common(shown, each)
        return shown if shown is not None else env
    if isinstance(test, ast.Name) and test.id not in run.expanding:
        kept = _test_of(run, test.id, env)
        if kept is not None:  # `if not ok:` of `ok = host in ALLOWED`
            run.expanding.add(test.id)  # answers standing for each other: each once
            try:
                env = refine(run, kept, truth, env)
            finally:
                run.expanding.discard(test.id)
    if isinstance(test, ast.Name) and not truth and test.id in env:
        # where text `x` is false it is empty (or None): nothing of the input is left in it
        value = env[test.id]
        parsed = (_host_var(value) or ("", False))[0]
        if parsed in env and parsed != test.id:
            # `netloc = urlparse(url).netloc` false: url names no host, a path on this site
            env[parsed] = sanitized(env[parsed], frozenset({"redirect"}))
        if value.entries is None and value.all_taint() is not None:
            env[test.id] = constant("")
        return env
    if isinstance(test, ast.Attribute) and test.attr in ("netloc", "hostname") and not truth:
        # `if urlparse(x).netloc: abort()`: below, x is a relative URL on this site (a URL
        # without a scheme may still name a host: `//evil.example`)
        origin = _url_origin(run, test.value, env)
        held = _held(env, origin) if origin is not None else None
        if origin is not None and held is not None:
            _hold(env, origin, sanitized(held, frozenset({"redirect"})))
        return env
    if (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], (ast.Is, ast.IsNot))
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
        and isinstance(test.left, ast.Call)
    ):
        # `if re.fullmatch(P, x) is None: return`: a match object is never None, so the
        # test is the call's own truth
        return _refine(run, test.left, truth == isinstance(test.ops[0], ast.IsNot), env)
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        return _compare(run, test, truth, env)
    truth_of = sole_argument(test, "bool")
    if truth_of is not None:
        return _refine(run, truth_of, truth, env)  # `bool(PATTERN.fullmatch(x))`
    if isinstance(test, ast.Call):
        return _call(run, test, truth, env)
    return env


def imported_check(run: "FunctionRun", against: Value, checked: Value) -> None:
    """Input compared with a name another module defines (`host in settings.ALLOWED_HOSTS`),
    before the link step can say what that module fixes it to: the name is marked so that the
    link step scans the file again with the module at hand."""
    taint = checked.all_taint()
    if _imported(run, against) and taint is not None and taint.real():
        run.a.external(against.name, at_sink=True)


def imported_flag(
    run: "FunctionRun", test: ast.expr, env: Env, then: Optional[Env], orelse: Optional[Env]
) -> None:
    """`if FEATURE:` (or `if not FEATURE:`), FEATURE a name another module defines, before the
    link step can say what that module fixes it to, where the two ways through the `if` leave
    input in different places (or one leaves the function and the other holds input): the name
    is marked so that the link step scans the file again with the module at hand, and takes
    only the way the flag goes."""
    while isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
    if not isinstance(test, (ast.Name, ast.Attribute)):
        return
    flag = run.eval(test, env)
    if not _imported(run, flag):
        return
    if then is None or orelse is None:
        differ = any(_taint_of(v) for v in (then or orelse or {}).values())
    else:
        differ = any(_taint_of(then.get(n)) != _taint_of(orelse.get(n)) for n in {*then, *orelse})
    if differ:
        run.a.external(flag.name, at_sink=True)


def _taint_of(value: Optional[Value]) -> Optional[FrozenSet[str]]:
    taint = value.all_taint() if value is not None else None
    return taint.kinds if taint is not None and taint.real() else None


def _imported(run: "FunctionRun", value: Value) -> bool:
    """Whether a value is a name of another module not yet known (before the link step)."""
    return (
        run.a.project is None
        and "." in value.name
        and value.taint is None
        and value.entries is None
        and not value.known
    )


def _common(a: Env, b: Env) -> Env:
    """What holds in both: each variable's values joined."""
    return {name: join(value, b.get(name)) or value for name, value in a.items()}


def _one_of_compared(run: "FunctionRun", test: ast.BoolOp, env: Env) -> Env:
    wanted = ast.NotEq if isinstance(test.op, ast.And) else ast.Eq
    name: Optional[str] = None
    values = []
    for part in test.values:
        if not (
            isinstance(part, ast.Compare)
            and len(part.ops) == 1
            and isinstance(part.ops[0], wanted)
            and isinstance(part.left, ast.Name)
            and (name is None or part.left.id == name)
        ):
            return env
        name = part.left.id
        other = run.eval(part.comparators[0], env)
        if not other.known:
            return env
        values.append(other.const)
    if name is not None and name in env:
        env[name] = _one_of(values)
    return env


def _name(node: ast.AST) -> Optional[str]:
    """The variable a test looks at: `x`, or the one `(x := ...)` binds as it is tested; a
    part of one, `x.attr` or `x["key"]`, is found in env only as refine() puts it there."""
    if isinstance(node, ast.NamedExpr):
        node = node.target
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return f"{node.value.id}.{node.attr}"
    if isinstance(node, ast.Subscript) and _part_of(node) is not None:
        return f"{cast(ast.Name, node.value).id}[{cast(ast.Constant, node.slice).value!r}]"
    return node.id if isinstance(node, ast.Name) else None


def _part(owner: Value, part: Any, subject: bool = False) -> Optional[Value]:
    """What an object or mapping holds at `part`: its entry, or, for a parameter still its
    stand-in (`profile.locale` in a summary) where the test looks at it as its `subject`
    (not as the allow-list it is looked up in), the stand-in of that part."""
    if owner.entries is not None:
        return owner.entry(part)
    if not subject or owner.shape not in ("", "object") or owner.pieces != (owner.taint,):
        return None
    return part_stand_in(owner, part)


def _part_of(node: ast.AST) -> Optional[Tuple[str, Any]]:
    """(the variable, the entry's key) of `x.attr` or `x["key"]` (a constant key)."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return node.value.id, ("attr", node.attr)
    if (
        isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Name)
        and isinstance(node.slice, ast.Constant)
        and isinstance(node.slice.value, (str, int))
    ):
        return node.value.id, node.slice.value
    return None


#: constant-time comparisons of a signature with the digest the code computes
_DIGEST_COMPARISONS = frozenset({"hmac.compare_digest", "secrets.compare_digest"})


def _authenticated(run: "FunctionRun", sides: List[ast.expr], env: Env) -> Env:
    """A signature found equal to an HMAC the code computed over x (`hmac.new(KEY, x,
    sha256).hexdigest()`): x comes from whoever holds the key, harmless for every class."""
    for side in sides:
        shape = run.eval(side, env).shape
        origin = shape[4:] if shape.startswith("mac:") else ""
        if origin in env:
            env[origin] = sanitized(env[origin], frozenset({"*"}))
    return env


#: functions that give the longest folder two paths share
_COMMON_PATHS = frozenset({"os.path.commonpath", "posixpath.commonpath"})


def _inside(run: "FunctionRun", method: str, args: List[ast.expr], path: Value, env: Env) -> Value:
    """A normalized path shown to start with a folder: path-safe, but for a prefix known to
    end without a separator (`startswith("/srv/files")` lets `/srv/files-private/key`
    through): still input there, less surely. `is_relative_to` compares whole parts."""
    prefix = run.eval(args[0], env) if method == "startswith" and len(args) == 1 else None
    last = pieces_of(prefix)[-1] if prefix is not None else None
    # realpath() and the like never end a folder with a separator
    bare = prefix is not None and prefix.shape == "normalized"
    if bare or isinstance(last, str) and not last.endswith(("/", "\\")):
        taint = path.all_taint()
        return replace(path, taint=taint.inexact()) if taint is not None else path
    return sanitized(path, frozenset({"path"}))


#: text methods whose result, listed, shows the text was a listed value but for trimmed
#: characters (given as constants) or case
_TRIMS = frozenset({"strip", "lstrip", "rstrip", "lower", "upper", "casefold"})


def _trimmed_name(node: ast.expr) -> Optional[str]:
    """The variable `x` of `x.lstrip("-")`, `x.strip()`, `x.lower()` (constant arguments)."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in _TRIMS
        and not node.keywords
        and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in node.args)
    ):
        return _name(node.func.value)
    return None


def _lists_of_code(other: Value, op: ast.cmpop) -> bool:
    """Whether `other` is what a value compared with it (`==`) or found in it (`in`) must be
    one of, the code's or its operator's: a constant text, a collection of constants, or a
    collection holding no input."""
    if isinstance(op, (ast.Eq, ast.NotEq)):
        return other.known and isinstance(other.const, str)
    if other.known:
        return isinstance(other.const, (tuple, list, frozenset, set, dict))
    taint = other.all_taint()
    return other.shape == "allowed" or taint is None or calls_only(taint)


#: what makes a path absolute and free of `..`, as a containment check needs it
_NORMALIZERS = frozenset({"realpath", "abspath", "normpath"})


def _joined_name(run: "FunctionRun", normalized: str) -> Optional[str]:
    """The name `x` of `normalized = realpath(join(base, x))` (or abspath, normpath) assigned
    in the running function, if it is assigned so."""
    for node in ast.walk(run.func):
        if not (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and _name(node.targets[0]) == normalized
            and isinstance(node.value, ast.Call)
            and node.value.args
        ):
            continue
        inner = node.value.args[0]
        if (
            _called(node.value) in ("realpath", "abspath", "normpath")
            and isinstance(inner, ast.Call)
            and len(inner.args) == 2
            and _called(inner) == "join"
        ):
            return _name(inner.args[1])
    return None


def _called(call: ast.Call) -> str:
    """The last part of the name a call calls (`join` of `os.path.join(...)`)."""
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _common_path_of(run: "FunctionRun", call: ast.expr, base: ast.expr, env: Env) -> Optional[str]:
    """The variable `commonpath([base, x])` (either order) shows to lie inside `base`, where x
    was normalized (realpath, abspath, resolve) and base is text without input."""
    if not (
        isinstance(call, ast.Call)
        and len(call.args) == 1
        and isinstance(call.args[0], (ast.List, ast.Tuple))
        and len(call.args[0].elts) == 2
        and run.eval(call.func, env).name in _COMMON_PATHS
    ):
        return None
    if not _chosen_base(run, base, env):
        return None
    compared = ast.dump(base)
    for part in call.args[0].elts:
        name = _name(part)
        if ast.dump(part) == compared:
            continue  # the base itself (`root`, normalized too), not the path checked
        if name is not None and name in env and env[name].shape == "normalized":
            return name
        if name is not None and run.vouching and param_kind(env.get(name, CLEAN)):
            return name  # a predicate's parameter: inside, were the caller's path normalized
    return None


def _parent_of(run: "FunctionRun", base: ast.expr, parents: ast.expr, env: Env) -> Optional[str]:
    """The variable `base in path.parents` shows to lie inside `base`, where path was
    normalized (resolve, realpath) and base holds no input (the environment's is the
    deployment's)."""
    if not (isinstance(parents, ast.Attribute) and parents.attr == "parents"):
        return None
    name = _name(parents.value)
    if name is None or name not in env or env[name].shape != "normalized":
        return None
    return name if _chosen_base(run, base, env) else None


def _chosen_base(run: "FunctionRun", base: ast.expr, env: Env) -> bool:
    """Whether a folder a path is checked to lie inside holds no input: a base of input's
    choosing has any path inside it. A parameter's, or `self.root` of a helper, is what its
    callers hold, a folder of theirs; the environment's is the deployment's."""
    taint = run.eval(base, env).all_taint()
    return taint is None or not taint.real() or taint.kinds == {"env"}


def _compare(run: "FunctionRun", test: ast.Compare, truth: bool, env: Env) -> Env:
    op, left, right = test.ops[0], test.left, test.comparators[0]
    positive = truth if isinstance(op, (ast.In, ast.Eq, ast.Is)) else not truth
    if not isinstance(op, (ast.In, ast.NotIn, ast.Eq, ast.NotEq, ast.Is, ast.IsNot)):
        return env
    if positive and isinstance(op, (ast.Eq, ast.NotEq)):
        env = _authenticated(run, [left, right], env)
        for side, base in ((left, right), (right, left)):
            inside = _common_path_of(run, side, base, env)
            if inside is not None:  # `os.path.commonpath([ROOT, path]) == ROOT`
                shown = "path" if env[inside].shape == "normalized" else INSIDE_IF_NORMALIZED
                env[inside] = sanitized(env[inside], frozenset({shown}))
                return env
    if positive and isinstance(op, (ast.In, ast.NotIn)):
        inside = _parent_of(run, left, right, env)
        if inside is not None:  # `ROOT in path.parents`, path resolved
            env[inside] = sanitized(env[inside], frozenset({"path"}))
            return env
    name = _name(left)
    other = run.eval(right, env)
    if _imported(run, other):
        checked = env[name] if name is not None and name in env else run.eval(left, env)
        imported_check(run, other, checked)
    listed = _listed_hosts(other) if positive else frozenset()
    held = _host_var(env[name]) if name is not None and name in env and listed else None
    if held is not None:
        # `host = urlparse(url).hostname` then `host in ALLOWED`: url goes to an allowed host
        _host_checked(env, held[0], listed, held[1])
    if name is not None and name in env and positive and other.known:
        if isinstance(op, (ast.Eq, ast.NotEq)):
            env[name] = constant(other.const)
        elif isinstance(op, (ast.In, ast.NotIn)) and isinstance(
            other.const, (tuple, list, frozenset, set, dict)
        ):
            env[name] = _one_of(other.const)
        if not _host_read(left):
            return env  # `parsed.host in HOSTS`: the URL it was read from too, below
    if (
        name is not None
        and name in env
        and positive
        and other.entries is not None
        and isinstance(op, (ast.In, ast.NotIn))
    ):
        # a mapping is searched by its keys, a sequence by its items
        keys_or_items: List[Any] = (
            [key for key, _ in other.entries]
            if other.shape == "dict"
            else [part.const if part.known else REST for _, part in other.entries]
        )
        if REST not in keys_or_items:
            env[name] = _one_of(keys_or_items)
            return env
        # `dict(Model.CHOICES)`: some items not known, though maybe none the input's (below)
    if name is not None and name in env and positive and isinstance(op, (ast.In, ast.NotIn)):
        if other.shape == "allowed":  # `tz in zoneinfo.available_timezones()`
            env[name] = Value(shape="allowed")
        elif other.shape == LISTING:
            # `name in os.listdir(FOLDER)`: one entry of a folder, no separator and no `..`
            env[name] = sanitized(env[name], frozenset({"path"}))
        elif not other.known and _lists_of_code(other, op):
            # `lang in current_app.config["LANGUAGES"]`, `code in settings.CODES`: one of the
            # values the program or its operator listed, none of the input's making
            env[name] = Value(shape="allowed")
    trimmed = _trimmed_name(left)
    if trimmed is not None and trimmed in env and positive and _lists_of_code(other, op):
        # `order.lstrip("-") in COLUMNS`, `kind.lower() == "pdf"`: a listed value, but for
        # the characters trimmed or the case changed: text the code fixes
        env[trimmed] = FIXED_TEXT
    # `".." in name` is false below here: the name holds no such text
    right_name = _name(right)
    rejected = run.eval(left, env)
    if (
        right_name is not None
        and right_name in env
        and isinstance(op, (ast.In, ast.NotIn))
        and not positive
    ):
        if rejected.known and isinstance(rejected.const, str):
            classes = _REJECTED.get(rejected.const)
            if classes is not None:
                env[right_name] = sanitized(env[right_name], classes)
            if rejected.const == "\\":
                env[right_name] = _local_fact(env[right_name], "noback")
        return env
    # `urlparse(x).netloc in ALLOWED` / `parsed.netloc == "example.com"` (a scheme allowed
    # is no host allowed: `https://evil.example`); host names match in any case, so
    # `parsed.netloc.lower()` is the host too
    left = _uncased(left)
    if isinstance(left, ast.Attribute) and _host_read(left) and positive:
        origin = _url_origin(run, left.value, env)
        if origin is None and left.attr == "host" and isinstance(left.value, ast.Name):
            origin = left.value.id  # `url.host` of a parsed URL object (pydantic's HttpUrl)
        by_name = left.attr == "hostname"
        # the URL, and the parsed URL the host was read from (a URL rebuilt from its parts,
        # `"https://" + parsed.hostname + parsed.path`, goes where the URL went)
        parsed = left.value.id if isinstance(left.value, ast.Name) else None
        for holder in dict.fromkeys(n for n in (origin, parsed) if n and _held(env, n)):
            if _this_host(right):
                # the host the browser asked for: where a redirect may go, not what the server
                # may fetch (a client names that host in its request)
                _host_checked(env, holder, frozenset({"redirect"}), by_name)
            elif listed:
                _host_checked(env, holder, listed, by_name)
    return env


def _host_read(node: ast.expr) -> bool:
    """Whether `node` reads a parsed URL's host (`.netloc`, `.hostname`, pydantic's `.host`),
    in any case (`parsed.netloc.lower()`)."""
    node = _uncased(node)
    return isinstance(node, ast.Attribute) and node.attr in ("netloc", "hostname", "host")


def _host_var(value: Value) -> Optional[Tuple[str, bool]]:
    """(the variable holding the URL, whether by `.hostname`) of a host variable (`host =
    urlparse(url).netloc` or `.hostname`)."""
    for kind, by_name in (("host:", False), ("hostname:", True)):
        if value.shape.startswith(kind):
            return value.shape[len(kind) :], by_name
    return None


def _host_checked(env: Env, origin: str, classes: FrozenSet[str], by_name: bool) -> None:
    """The URL in `origin` shown to go to a listed host, safe for `classes`, and so is what
    parsing it gave (`parts = urlparse(url)`, whose parts rebuild it). Where the host was
    read by `.hostname` and backslashes were not rejected, a redirect is only less sure:
    `https://evil\\@good/` has urlparse's hostname good, and a browser's host evil."""
    value = _held(env, origin)
    if value is None:
        return
    if not by_name or "redirect" not in classes or "noback" in _facts_of(value):

        def checked(held: Value) -> Value:
            return sanitized(held, classes)

    else:
        rest = classes - {"redirect"}

        def checked(held: Value) -> Value:
            held = sanitized(held, rest) if rest else held
            taint = held.all_taint()
            return replace(held, taint=taint.inexact()) if taint is not None else held

    _hold(env, origin, checked(value))
    parsed = f"url:{origin}"
    for name, held in list(env.items()):
        if held.shape == parsed:
            env[name] = checked(held)


def vouch_for(env: Env, name: str, classes: FrozenSet[str]) -> None:
    """A variable, or an attribute of one (`body.url`), made safe for `classes` by a check."""
    held = _held(env, name)
    if held is not None:
        if INSIDE_IF_NORMALIZED in classes and held.shape == "normalized":
            classes = classes | {"path"}  # `is_inside(realpath(p))`, the helper's commonpath
        _hold(env, name, sanitized(held, classes))


def _held(env: Env, origin: str) -> Optional[Value]:
    """The value of a variable, or of an attribute of one (`req.url`: the part the object
    holds, else what the object carries)."""
    base, _, attr = origin.partition(".")
    holder = env.get(base)
    if not attr or holder is None:
        return holder
    part = holder.entry(("attr", attr)) if holder.entries is not None else None
    return part if part is not None else Value(taint=holder.all_taint())


def _hold(env: Env, origin: str, value: Value) -> None:
    base, _, attr = origin.partition(".")
    env[base] = env[base].with_entry(("attr", attr), value) if attr else value


#: what a URL whose host is one the program lists is safe for
_HOST_CLASSES = frozenset({"redirect", "ssrf"})


def _listed_hosts(hosts: Value) -> FrozenSet[str]:
    """What a URL's host found among `hosts` makes the URL safe for: redirects and requests
    where the hosts are the program's or its operator's (a constant, or any value holding
    nothing of the input: `settings.ALLOWED_HOSTS`, `app.config["SAFE_HOSTS"]`); redirects
    only where they are the site's own (`[urlparse(request.host_url).netloc]`: the host the
    browser asked for, which a client may name to the server)."""
    taint = hosts.all_taint()
    if hosts.known or taint is None or calls_only(taint) or param_kind(hosts) is not None:
        # a parameter alone: the hosts a helper's callers list (`host_allowed(url,
        # settings.PARTNER_HOSTS)`), theirs and not the client's
        return _HOST_CLASSES
    return frozenset({"redirect"}) if taint.safe_for("redirect") else frozenset()


#: request attributes that name the host the request came to
_THIS_HOST = frozenset({"host", "host_url", "url_root", "get_host"})


def _this_host(node: ast.expr) -> bool:
    """`urlparse(request.host_url).netloc`, `request.get_host()`: the site's own host (the one
    the browser asked for), so a URL on it stays on the site."""
    return any(isinstance(n, ast.Attribute) and n.attr in _THIS_HOST for n in ast.walk(node))


def _url_origin(run: "FunctionRun", node: ast.expr, env: Env) -> Optional[str]:
    """What the URL parsed in `node` is held in: a variable, or an object's attribute
    (`urlparse(req.url)`: "req.url")."""
    if isinstance(node, ast.Call) and node.args:
        held = dotted_name(normalized_text(node.args[0]))
        return held if held and held.count(".") <= 1 else None
    if isinstance(node, ast.Name) and node.id in env:
        shape = env[node.id].shape
        if shape.startswith("url:") and shape[4:]:
            return shape[4:]
    return None


def _call(run: "FunctionRun", test: ast.Call, truth: bool, env: Env) -> Env:
    func = test.func
    # read on a copy: `(n := ...).isdigit()` bound n when the test ran, and binding it again
    # here would undo what the test shows of it
    qual = run.eval(func, dict(env)).name
    if truth:
        # `if is_safe_url(x):` of a helper of the scan whose every true return checked x
        for guarded, classes in run.predicate_guards(test, env).items():
            vouch_for(env, guarded, classes)
        if qual in _DIGEST_COMPARISONS and len(test.args) == 2:
            return _authenticated(run, test.args, env)
    name: Optional[str] = _name(func.value) if isinstance(func, ast.Attribute) else None
    if (
        truth
        and isinstance(func, ast.Attribute)
        and func.attr in ("startswith", "is_relative_to")
        and isinstance(func.value, ast.Call)
        and _called(func.value) in _NORMALIZERS
        and func.value.args
    ):
        # `realpath(path).startswith(ROOT + os.sep)`: path (opened as it is, the system
        # resolves it the same way) names a file inside ROOT
        inner = _name(func.value.args[0])
        normalized = run.eval(func.value, dict(env))
        if inner in env and normalized.shape == "normalized":
            checked = _inside(run, func.attr, test.args, normalized, env)
            taint = checked.all_taint()
            if taint is not None and taint.safe_for("path"):
                env[inner] = sanitized(env[inner], frozenset({"path"}))
    if isinstance(func, ast.Attribute) and name is not None:
        if func.attr in MATCHERS and truth and len(test.args) == 1:
            # `ALLOWED.fullmatch(x)`: a pattern compiled where the code shows its text
            compiled = compiled_pattern(run, name)
            if compiled is not None:
                return _matched(run, compiled, test.args[0], f"re.{func.attr}", env)
        if name in env and truth and func.attr in _HARMLESS:
            env[name] = sanitized(env[name], frozenset({"*"}), "number")
        elif name in env and truth and func.attr == "isprintable":
            env[name] = sanitized(env[name], _LINE_BREAK_CLASSES)  # no line break in it
        elif name in env and truth and func.attr in ("startswith", "is_relative_to"):
            if env[name].shape == "normalized":
                env[name] = _inside(run, func.attr, test.args, env[name], env)
                taint = env[name].all_taint()
                joined = _joined_name(run, name)
                if taint is not None and taint.safe_for("path") and joined in env:
                    # `full = realpath(join(BASE, name))` inside BASE: so is join(BASE, name)
                    env[joined] = sanitized(env[joined], frozenset({"path"}))
        if name in env and func.attr == "startswith" and len(test.args) == 1:
            prefixes = run.eval(test.args[0], env)
            for fact in _prefix_facts(prefixes, truth):
                env[name] = _local_fact(env[name], fact)
            if not truth and _texts(prefixes) and "/" in _texts(prefixes):
                env[name] = sanitized(env[name], _RELATIVE)
            if truth and _texts(prefixes) and all(fixes_host(t) for t in _texts(prefixes)):
                # `url.startswith("https://api.example/")`: a URL to that host
                env[name] = sanitized(env[name], _HOST_CLASSES)
    if isinstance(func, ast.Name) and func.id == "isinstance" and len(test.args) == 2 and truth:
        name = _name(test.args[0])
        kinds = test.args[1]
        numeric = {"int", "float", "bool", "complex"}
        names = [
            e.id
            for e in (kinds.elts if isinstance(kinds, ast.Tuple) else [kinds])
            if isinstance(e, ast.Name)
        ]
        if name is not None and name in env and names and set(names) <= numeric:
            env[name] = sanitized(env[name], frozenset({"*"}), "number")
        return env
    if qual in _ABSOLUTE_TESTS and not truth and len(test.args) == 1:
        # `if os.path.isabs(name): abort()`: below, the name is relative
        name = _name(test.args[0])
        if name is not None and name in env:
            env[name] = sanitized(env[name], _RELATIVE)
        return env
    if qual.rpartition(".")[2] in URL_VALIDATORS and truth:
        # `url_has_allowed_host_and_scheme(url=x, allowed_hosts=...)` true: x stays on the site
        target = (
            test.args[0]
            if test.args
            else next((k.value for k in test.keywords if k.arg == "url"), None)
        )
        name = _name(target) if target is not None else None
        if name is not None and name in env:
            env[name] = sanitized(env[name], frozenset({"redirect", "ssrf"}))
        return env
    if qual.startswith("re.") and qual[3:] in MATCHERS and len(test.args) >= 2 and truth:
        return _matched(run, test.args[0], test.args[1], qual, env)
    if qual in ("any", "builtins.any") and truth and len(test.args) == 1:
        return _host_among(run, test.args[0], env)
    return env


#: tests of a host against one pattern or name of a list: `fnmatch(host, pattern)`
_HOST_MATCHES = frozenset({"fnmatch.fnmatch", "fnmatch.fnmatchcase"})


def _host_among(run: "FunctionRun", each: ast.expr, env: Env) -> Env:
    """`any(fnmatch(parsed.netloc, p) for p in HOSTS)` (or `host == h for h in HOSTS`) true,
    the hosts the program's or its operator's: the URL parsed goes to one of them."""
    if not (isinstance(each, (ast.GeneratorExp, ast.ListComp)) and len(each.generators) == 1):
        return env
    loop = each.generators[0]
    classes = _listed_hosts(run.eval(loop.iter, env))
    if loop.ifs or not isinstance(loop.target, ast.Name) or not classes:
        return env
    element = each.elt
    host: Optional[ast.expr] = None
    if isinstance(element, ast.Call) and len(element.args) == 2:
        against = element.args[1]
        if run.eval(element.func, env).name in _HOST_MATCHES and _name(against) == loop.target.id:
            host = element.args[0]
    elif (
        isinstance(element, ast.Compare)
        and len(element.ops) == 1
        and isinstance(element.ops[0], ast.Eq)
        and _name(element.comparators[0]) == loop.target.id
    ):
        host = element.left
    found = _host_origin(run, host, env) if host is not None else None
    if found is not None:
        _host_checked(env, found[0], classes, found[1])
    return env


def _uncased(node: ast.expr) -> ast.expr:
    """`text` of `text.lower()` or `text.casefold()`, else the node."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("lower", "casefold")
        and not node.args
        and not node.keywords
    ):
        return node.func.value
    return node


def normalized_text(node: ast.expr) -> ast.expr:
    """`url` of `url.strip()` or `url.replace("\\", "/")`, parsed for its host: the text
    tidied as a browser would read it, so a check of the host vouches for the text itself."""
    while (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("strip", "replace")
    ):
        node = node.func.value
    return node


def _host_origin(run: "FunctionRun", host: ast.expr, env: Env) -> Optional[Tuple[str, bool]]:
    """(the variable holding the URL whose host `host` is, whether by `.hostname`):
    `urlparse(url).netloc`, a parsed URL's `.hostname`, or a variable bound to one."""
    host = _uncased(host)
    if isinstance(host, ast.Attribute) and host.attr in ("netloc", "hostname"):
        origin = _url_origin(run, host.value, env)
        return (origin, host.attr == "hostname") if origin is not None else None
    name = _name(host)
    return _host_var(env[name]) if name is not None and name in env else None


#: the re functions (and compiled patterns' methods) a test matches text with
MATCHERS = frozenset({"match", "fullmatch", "search"})


def _matched(run: "FunctionRun", pattern_node: ast.expr, text: ast.expr, how: str, env: Env) -> Env:
    """`re.fullmatch(PATTERN, x)` true, PATTERN an anchored allow-list: x is harmless text
    (also of `x or ""`: the constant matched instead of an empty x is the code's)."""
    if (
        isinstance(text, ast.BoolOp)
        and isinstance(text.op, ast.Or)
        and all(isinstance(v, ast.Constant) for v in text.values[1:])
    ):
        text = text.values[0]
    name = _name(text)
    pattern = run.eval(pattern_node, env)
    if name is None or name not in env or not pattern.known or not isinstance(pattern.const, str):
        return env
    text_pattern = pattern.const
    exact = how == "re.fullmatch" or (
        text_pattern.endswith("\\Z") and (how == "re.match" or text_pattern.startswith("^"))
    )
    whole = exact or (
        text_pattern.endswith("$") and (how == "re.match" or text_pattern.startswith("^"))
    )
    if whole:
        env[name] = matching(env[name], text_pattern, exact)
    return env


def matching(value: Value, pattern: str, exact: bool = True) -> Value:
    """`value` as text `pattern` matched whole: harmless for the sinks the pattern's text keeps
    out (not line breaks unless `exact`: `$` also matches before a final one), a site path
    where the pattern makes one (`/[a-z0-9/-]*`)."""
    classes = safe_classes(pattern)
    if not exact:
        classes -= _LINE_BREAK_CLASSES
    if classes:
        value = sanitized(value, classes)
    for fact in sorted(local_path_facts(pattern)):
        value = _local_fact(value, fact)
    return value


#: sink classes a line break harms
_LINE_BREAK_CLASSES = frozenset({"header", "log"})


def compiled_pattern(run: "FunctionRun", name: str) -> Optional[ast.expr]:
    """The pattern text of `name = re.compile(TEXT)` in the running function or at module level."""
    for body in (getattr(run.func, "body", []), run.a.tree.body):
        for stmt in body:
            if (
                isinstance(stmt, ast.Assign)
                and len(stmt.targets) == 1
                and isinstance(stmt.targets[0], ast.Name)
                and stmt.targets[0].id == name
                and isinstance(stmt.value, ast.Call)
                and stmt.value.args
                and run.eval(stmt.value.func, {}).name == "re.compile"
            ):
                return stmt.value.args[0]
    return None


#: functions that tell a URL that stays on the allowed hosts (Django's, and its old name)
URL_VALIDATORS = frozenset({"url_has_allowed_host_and_scheme", "is_safe_url"})


def _one_of(values: object) -> Value:
    items = list(values)  # type: ignore[call-overload]
    if len(items) == 1:
        return constant(items[0])
    return Value(shape="allowed")


#: what a redirect's target must be shown to be to stay on this site: a path from the root
#: (`/inbox`), not a host (`//evil.example`), with no backslash (browsers read `/\evil.example`
#: as `//evil.example`); each test shows one, the value keeps those shown in its shape
_LOCAL_FACTS = frozenset({"rooted", "single", "noback"})


def _texts(prefixes: Value) -> Tuple[str, ...]:
    """The constant text or texts `x.startswith(...)` is given; () when not known."""
    if not prefixes.known:
        return ()
    texts = prefixes.const if isinstance(prefixes.const, tuple) else (prefixes.const,)
    return texts if all(isinstance(t, str) for t in texts) else ()


def _prefix_facts(prefixes: Value, truth: bool) -> FrozenSet[str]:
    """What `x.startswith(prefixes)` shows of x where it is `truth`."""
    texts = _texts(prefixes)
    if not texts:
        return frozenset()
    if truth:
        return frozenset({"rooted"}) if texts == ("/",) else frozenset()
    facts = set()
    if "//" in texts:
        facts.add("single")
    if "\\" in texts or "/\\" in texts:
        facts.add("noback")
    return frozenset(facts)


def _facts_of(value: Value) -> FrozenSet[str]:
    """The facts (see _local_fact) a value's shape records."""
    if not value.shape.startswith("local:"):
        return frozenset()
    return frozenset(value.shape[6:].split(",")) - {""}


def _local_fact(value: Value, fact: str) -> Value:
    """The value with one more of the facts that keep a redirect on this site; with all of
    them, safe for redirects."""
    if value.shape and not value.shape.startswith("local:"):
        return value
    facts = set(_facts_of(value))
    facts.add(fact)
    if facts >= _LOCAL_FACTS:
        return sanitized(value, frozenset({"redirect"}), "local:" + ",".join(sorted(facts)))
    return replace(value, shape="local:" + ",".join(sorted(facts)))


def sanitized(value: Value, classes: FrozenSet[str], shape: str = "") -> Value:
    """The value made safe for `classes`; still input, so a verdict can say it was checked."""
    taint = value.all_taint()
    if taint is None:
        return value if not shape else Value(shape=shape)
    taint = taint.sanitize(classes)
    if _RELATIVE_NO_DOTS <= taint.sanitized:
        taint = taint.sanitize(frozenset({"path"}))  # relative, no `..`: stays below its base
    return Value(taint=taint, shape=shape or value.shape)
