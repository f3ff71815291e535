"""What an allow-list regular expression lets through: the sink classes for which any text it
matches whole is harmless, read from the characters the pattern can match (`^[a-z0-9-]+$`
admits no quote, space, slash or shell metacharacter: safe for SQL, commands, paths ...;
`^[a-z0-9.]+$` admits `..`: not for paths)."""

from __future__ import annotations

import ast
import re
import sys
from typing import Any, Collection, Dict, FrozenSet, Iterable, List, Optional, Set, Tuple

if sys.version_info >= (3, 11):
    from re import _constants as _sre
    from re import _parser as _sre_parse
else:  # pragma: no cover - the modules' names before 3.11
    import sre_constants as _sre
    import sre_parse as _sre_parse

# the `string` module's constants, written out: importing it costs start-up for three strings
_WHITESPACE = " \t\n\r\x0b\x0c"
_DIGITS = "0123456789"
_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

#: per sink class, the characters one of which any harmful text for it holds
DANGEROUS = {
    "sql": "'\";()\\/*#" + _WHITESPACE,
    "command": ";|&$`()<>'\"\\*?[]{}~!#" + _WHITESPACE,
    "path": "/\\.",
    "xss": "<>\"'`&",
    "code": _LETTERS + "_'\"[]{},:;=\\`",
    "xpath": "'\"[]/|()=<>@*" + _WHITESPACE,
    "ldap": "*()\\&|!=<>~\0",
    "header": "\r\n",
    "log": "\r\n",
    "template": "{}%#$",
    "redirect": "/\\:",
    "ssrf": "/\\:",
    "trust_boundary": "",
    # a YAML tag (`!!python/object`), a pickle's opcode lines, a JSON or XML document
    "deserialization": "!{}<\"'\\\n\r\0",
}

#: not a sink class: text that cannot leave a quoted literal of SQL or XPath (no quote, no
#: backslash), harmless where the code's own text puts it between quotes (see
#: interpret.between_quotes)
QUOTED = "quoted"
_LEAVES_LITERAL = "'\"\\"

_ASCII = [chr(code) for code in range(128)]


def safe_classes(pattern: str) -> FrozenSet[str]:
    """The sink classes any text `pattern` matches whole is harmless for ({} when the pattern
    cannot be read or may match any character)."""
    try:
        parsed = _sre_parse.parse(pattern)
    except Exception:  # a pattern Python rejects (the code fails at run time)
        return frozenset()
    allowed = _characters(parsed)
    if allowed is None:
        return frozenset()
    safe = {c for c, bad in DANGEROUS.items() if not allowed & set(bad)}
    if not allowed & set(_LEAVES_LITERAL):
        safe.add(QUOTED)
    if "/" not in allowed and "\\" not in allowed:
        # no separator: one file name, harmless unless it can be `..` (or `.`) itself; a
        # dot inside a name (`^[a-z0-9_-]+\.csv$`) climbs nowhere
        safe.add(ONE_NAME if _names_a_dot_folder(pattern) else "path")
    return frozenset(safe)


#: the pseudo sink class of text holding no path separator, that might be `..` itself: with
#: its leading dots stripped (`name.lstrip(".")`) it is one harmless file name
ONE_NAME = "path-one-name"


def local_path_facts(pattern: str) -> FrozenSet[str]:
    """What text matched whole by `pattern` from its start shows of a redirect's target (see
    guards._LOCAL_FACTS): "rooted" when it must begin with "/", "single" when a second "/"
    cannot follow, "noback" when no backslash can be in it."""
    try:
        parsed = _sre_parse.parse(pattern)
    except Exception:
        return frozenset()
    allowed = _characters(parsed)
    facts = set()
    if allowed is not None and "\\" not in allowed:
        facts.add("noback")
    facts |= _start_facts(list(parsed.data), MAX_PATTERN_EXPANSIONS)
    return frozenset(facts)


#: alternatives, groups and repeats at a pattern's start opened up at most this many times
#: while looking for what its text starts with
MAX_PATTERN_EXPANSIONS = 32


def _start_facts(items: List[Tuple[Any, Any]], budget: int) -> Set[str]:
    """ "rooted" when text matched by the sequence `items` must begin with "/", and "single"
    too when a second "/" cannot follow; every alternative at the start must show it
    (`/|(?:/[a-z]+)+/?`), a group or a repeat at least once is opened up."""
    items = [(op, av) for op, av in items if op is not _sre.AT]
    if not items or budget <= 0:
        return set()
    (op, av), rest = items[0], items[1:]
    if op is _sre.BRANCH:
        found = [_start_facts(list(branch.data) + rest, budget - 1) for branch in av[1]]
        return set.intersection(*found) if found else set()
    if op is _sre.SUBPATTERN:
        return _start_facts(list(av[-1].data) + rest, budget - 1)
    if op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT, _POSSESSIVE) and av[0] >= 1:
        # one time through the body, then any further times (none needed), then the rest
        again = [(op, (0, av[1], av[2]))] if av[1] is _sre.MAXREPEAT or av[1] > 1 else []
        return _start_facts(list(av[2].data) + again + rest, budget - 1)
    if (op, av) != (_sre.LITERAL, ord("/")):
        return set()
    return {"rooted", "single"} if _rest_starts_without_slash(rest) else {"rooted"}


def _rest_starts_without_slash(items: List[Tuple[Any, Any]]) -> bool:
    """Whether what a sequence of parsed items matches cannot begin with "/": an optional
    item that cannot (`(?:[a-z][a-z/]*)?`) may be left out, and then the next decides."""
    for op, av in items:
        if _starts_without_slash((op, av)):
            return True
        optional = op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT, _POSSESSIVE) and av[0] == 0
        if not (optional and av[2].data and _starts_without_slash(av[2].data[0])):
            return False
    return True


def _starts_without_slash(item: Tuple[Any, Any]) -> bool:
    """Whether what a parsed pattern item matches cannot begin with "/": a literal, a set
    without it, or one of those repeated at least once (`[a-z0-9_-]+`), or grouped."""
    op, av = item
    if op is _sre.LITERAL:
        return av != ord("/")
    if op is _sre.IN:
        chars = _set_characters(av)
        return chars is not None and "/" not in chars
    if op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT, _POSSESSIVE):
        least, _, inner = av
        return least >= 1 and bool(inner.data) and _starts_without_slash(inner.data[0])
    if op is _sre.SUBPATTERN:
        inner = av[-1]
        return bool(inner.data) and _starts_without_slash(inner.data[0])
    if op is _sre.ASSERT_NOT:  # `(?!/)`, `(?![/\\])`: what follows is not a "/"
        direction, inner = av
        if direction != 1 or len(inner.data) != 1:
            return False
        kind, what = inner.data[0]
        if kind is _sre.LITERAL:
            return bool(what == ord("/"))
        if kind is _sre.IN:
            chars = _set_characters(what)
            return chars is not None and "/" in chars
        return False
    return False


def _names_a_dot_folder(pattern: str) -> bool:
    try:
        compiled = re.compile(pattern)
    except re.error:
        return True
    return any(compiled.fullmatch(name) for name in ("..", "."))


def _characters(items: Any) -> Optional[Set[str]]:
    """The ASCII characters a parsed pattern may match; None when it may match anything (a
    `.`, a negated set, a non-ASCII range)."""
    found: Set[str] = set()
    for op, av in items:
        if op in (_sre.AT, _sre.ASSERT, _sre.ASSERT_NOT, _sre.GROUPREF):
            continue  # anchors and lookarounds consume nothing new
        if op is _sre.LITERAL:
            if av > 127:
                return None
            found.add(chr(av))
        elif op is _sre.IN:
            chars = _set_characters(av)
            if chars is None:
                return None
            found |= chars
        elif op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT, _POSSESSIVE):
            inner = _characters(av[2])
            if inner is None:
                return None
            found |= inner
        elif op is _sre.SUBPATTERN:
            inner = _characters(av[-1])
            if inner is None:
                return None
            found |= inner
        elif op is _sre.BRANCH:
            for branch in av[1]:
                inner = _characters(branch)
                if inner is None:
                    return None
                found |= inner
        else:  # ANY, NOT_LITERAL, CATEGORY outside a set, conditionals ...
            return None
    return found


#: Python 3.11's possessive repeat (`a*+`), absent before
_POSSESSIVE = getattr(_sre, "POSSESSIVE_REPEAT", _sre.MAX_REPEAT)

_CATEGORIES = {
    "CATEGORY_DIGIT": _DIGITS,
    "CATEGORY_WORD": _LETTERS + _DIGITS + "_",
    "CATEGORY_SPACE": _WHITESPACE,
}


def _set_characters(items: Iterable) -> Optional[Set[str]]:
    found: Set[str] = set()
    for op, av in items:
        if op is _sre.LITERAL:
            if av > 127:
                return None
            found.add(chr(av))
        elif op is _sre.RANGE:
            low, high = av
            if high > 127:
                return None
            found.update(_ASCII[low : high + 1])
        elif op is _sre.CATEGORY and str(av) in _CATEGORIES:
            found.update(_CATEGORIES[str(av)])
        else:  # a negated set, `\D`, `\W`, `\S`: nearly anything
            return None
    return found


#: the keywords under which FastAPI's and pydantic's declarations take an allow-list pattern
_PATTERN_KEYWORDS = ("pattern", "regex")
#: what a declaration check leaves harmless everywhere (a number, a Literal, an Enum member)
EVERYWHERE = frozenset({"*"})


def annotated_type(annotation: ast.expr) -> str:
    """The last name of the type an annotation declares: `int` of `int`, of
    `Annotated[int, Query(ge=1)]` and of `Optional[int]`."""
    if isinstance(annotation, ast.Subscript) and type_name(annotation.value) in (
        "Annotated",
        "Optional",
    ):
        inner = annotation.slice
        first = inner.elts[0] if isinstance(inner, ast.Tuple) and inner.elts else inner
        return annotated_type(first)
    return type_name(annotation)


#: FastAPI's marks of a parameter filled by a dependency
_DEPENDS = frozenset({"Depends", "Security"})


def depends_mark(node: Optional[ast.AST]) -> bool:
    """Whether `node` is FastAPI's `Depends(...)` (or `Security(...)`): a parameter given the
    dependency's result."""
    return isinstance(node, ast.Call) and type_name(node.func) in _DEPENDS


def through_alias(
    annotation: Optional[ast.expr], aliases: Dict[str, ast.expr]
) -> Optional[ast.expr]:
    """A parameter's annotation, through a type alias of the module (`svc: Tickets`, where
    `Tickets = Annotated[TicketService, Depends(get_tickets)]`)."""
    if isinstance(annotation, ast.Name) and isinstance(aliases.get(annotation.id), ast.Subscript):
        return aliases[annotation.id]
    return annotation


def annotated_extras(annotation: Optional[ast.expr]) -> List[ast.expr]:
    """What an `Annotated[T, ...]` annotation adds to its type (`Depends(dep)`, `Query()`)."""
    if isinstance(annotation, ast.Subscript) and type_name(annotation.value) == "Annotated":
        inner = annotation.slice
        return list(inner.elts[1:]) if isinstance(inner, ast.Tuple) else []
    return []


#: pydantic's constrained types written as calls: numbers, and text with its constraints
_CONSTRAINED_NUMBERS = frozenset({"conint", "confloat", "condecimal"})


def type_aliases(tree: ast.Module) -> Dict[str, ast.expr]:
    """{name: annotation} of the module's type aliases of constrained types (`Slug =
    Annotated[str, StringConstraints(pattern=...)]`, `Code = constr(pattern=...)`)."""
    found: Dict[str, ast.expr] = {}
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, (ast.Subscript, ast.Call))
        ):
            found[node.targets[0].id] = node.value
    return found


def declared_checks(
    annotation: Optional[ast.expr],
    default: Optional[ast.expr],
    safe_types: Collection[str],
    aliases: Optional[Dict[str, ast.expr]] = None,
) -> FrozenSet[str]:
    """The sink classes a parameter or field declaration makes its value harmless for, as the
    framework validates it: a safe type (a number, a `Literal`, an Enum of the file: every
    class), or an anchored allow-list `pattern=` (`Query(pattern=r"^[a-z]+$")`, `constr(...)`,
    `StringConstraints(...)`), also through a type alias of the module (`aliases`)."""
    if isinstance(annotation, ast.Name) and aliases and annotation.id in aliases:
        annotation = aliases[annotation.id]
    if isinstance(annotation, ast.Call) and type_name(annotation.func) in _CONSTRAINED_NUMBERS:
        return EVERYWHERE
    kind = annotated_type(annotation) if annotation is not None else ""
    if kind in safe_types or kind == "Literal":
        return EVERYWHERE
    marks = [default, annotation, *annotated_extras(annotation)]
    calls = [c for c in marks if isinstance(c, ast.Call)]
    for call in calls:
        for keyword in call.keywords:
            value = keyword.value
            if keyword.arg in _PATTERN_KEYWORDS:
                checked = _anchored_classes(value, strict_end=keyword.arg == "pattern")
                if checked:
                    return checked
    # pydantic's URL types parse as browsers do (the WHATWG way), which drops tabs and line
    # breaks: the URL, and its host, holds none
    return _NO_BREAKS if kind in _URL_TYPES else frozenset()


#: pydantic's URL types
_URL_TYPES = frozenset({"HttpUrl", "AnyHttpUrl", "AnyUrl", "AnyWebsocketUrl", "WebsocketUrl"})
_NO_BREAKS = frozenset({"header", "log"})


def _anchored_classes(pattern: Optional[ast.expr], strict_end: bool = False) -> FrozenSet[str]:
    """What an anchored allow-list pattern written as a constant (`^[a-z]+$`) makes text safe
    for; nothing for another pattern or expression. `strict_end`: pydantic 2's `pattern=`,
    matched by a regex engine whose `$` is the end of the text (pydantic 1's `regex=`, Python's
    re, also matches `$` before a final line break)."""
    if not (
        isinstance(pattern, ast.Constant)
        and isinstance(pattern.value, str)
        and pattern.value.startswith("^")
        and pattern.value.endswith(("$", "\\Z"))
    ):
        return frozenset()
    if strict_end or pattern.value.endswith("\\Z"):
        return safe_classes(pattern.value)
    return safe_classes(pattern.value) - frozenset({"header", "log"})


#: Django forms' and REST framework serializers' fields whose cleaned value is a number, a
#: date, a flag, a UUID or a model row: no text of the client's survives
_SAFE_FIELDS = frozenset(
    {
        "IntegerField", "FloatField", "DecimalField", "BooleanField", "NullBooleanField",
        "DateField", "DateTimeField", "TimeField", "DurationField", "UUIDField",
        "ModelChoiceField", "ModelMultipleChoiceField", "PrimaryKeyRelatedField",
        "ChoiceField", "MultipleChoiceField", "TypedChoiceField", "TypedMultipleChoiceField",
    }
)  # fmt: skip
#: fields the framework checks against a pattern: only these characters get through
_PATTERN_FIELDS = {"SlugField": r"^[-a-zA-Z0-9_]+\Z"}
#: fields whose cleaned value is the text the request sent, any characters (an uploaded
#: file: the bytes and the name the client sent)
_TEXT_FIELDS = frozenset({"CharField", "EmailField", "URLField", "FileField", "ImageField"})


def form_fields(cls: ast.ClassDef) -> Dict[str, FrozenSet[str]]:
    """{field: sink classes its cleaned value is harmless for} of a form or serializer class
    (`age = forms.IntegerField()`: every class; `slug = forms.SlugField()`: those a slug's
    characters cannot harm; a `regex=`/`RegexField` allow-list as it reads; a plain
    `CharField`: none, the request's text as sent)."""
    found: Dict[str, FrozenSet[str]] = {}
    for item in cls.body:
        if not (
            isinstance(item, ast.Assign)
            and len(item.targets) == 1
            and isinstance(item.targets[0], ast.Name)
            and isinstance(item.value, ast.Call)
        ):
            continue
        kind = type_name(item.value.func)
        if kind in _SAFE_FIELDS:  # a choice field's value is one of its choices
            found[item.targets[0].id] = EVERYWHERE
        elif kind in _PATTERN_FIELDS:
            found[item.targets[0].id] = safe_classes(_PATTERN_FIELDS[kind])
        elif kind in ("RegexField", "CharField"):
            # `regex=` (Django's forms), or the pattern first (REST framework's RegexField)
            checked = declared_checks(None, item.value, ())
            if not checked and kind == "RegexField" and item.value.args:
                checked = _anchored_classes(item.value.args[0])
            if checked or kind == "CharField":
                found[item.targets[0].id] = checked
        elif kind in _TEXT_FIELDS:
            found[item.targets[0].id] = frozenset()
        validated = _validators_check(item.value)
        if validated and kind not in _SAFE_FIELDS:
            found[item.targets[0].id] = found.get(item.targets[0].id, frozenset()) | validated
    return found


#: Django's validator functions that admit a slug's characters only
_SLUG_VALIDATORS = frozenset({"validate_slug", "validate_unicode_slug"})


def _validators_check(field: ast.Call) -> FrozenSet[str]:
    """What a field's `validators=[...]` let through: an anchored `RegexValidator` pattern
    (matched with search, so only an anchored one constrains the whole text), a slug
    validator; nothing for others (an `inverse_match`, a validator the code defines)."""
    listed = next((kw.value for kw in field.keywords if kw.arg == "validators"), None)
    found: FrozenSet[str] = frozenset()
    for validator in listed.elts if isinstance(listed, (ast.List, ast.Tuple)) else ():
        if type_name(validator) in _SLUG_VALIDATORS:
            found |= safe_classes(_PATTERN_FIELDS["SlugField"])
        elif isinstance(validator, ast.Call) and type_name(validator.func) == "RegexValidator":
            if any(kw.arg == "inverse_match" for kw in validator.keywords):
                continue
            pattern = validator.args[0] if validator.args else None
            pattern = next((k.value for k in validator.keywords if k.arg == "regex"), pattern)
            found |= _anchored_classes(pattern)
    return found


def type_name(node: ast.AST) -> str:
    """The last name of what an annotation, base or decorator names: `Query` of
    `fastapi.Query`, `Optional` of `Optional[int]`, `Model` of the string `"app.Model"`."""
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Subscript):
        return type_name(node.value)
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.rpartition(".")[2]
    return ""


#: the standard library's enumeration bases
_ENUM_BASES = frozenset({"Enum", "IntEnum", "StrEnum", "Flag", "IntFlag"})


def enum_classes(tree: ast.Module) -> FrozenSet[str]:
    """The file's top-level Enum classes: a parameter or field of one holds a member's value."""
    return frozenset(
        node.name
        for node in tree.body
        if isinstance(node, ast.ClassDef) and any(type_name(b) in _ENUM_BASES for b in node.bases)
    )


#: argparse's conversions that leave a number
_NUMBER_TYPES = frozenset({"int", "float"})


def checked_options(tree: ast.AST) -> Dict[str, FrozenSet[str]]:
    """{dest: sink classes its value is harmless for} of the command-line options this file
    declares with `add_argument`: `type=int` (or float) and `choices=` of constants admit
    nothing harmful (argparse rejects the rest); an option declared twice keeps the weaker."""
    found: Dict[str, FrozenSet[str]] = {}
    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "add_argument"
        ):
            continue
        dest = _option_dest(node)
        if dest is None:
            continue
        keywords = {k.arg: k.value for k in node.keywords if k.arg}
        kind = keywords.get("type")
        fixed = _constants(keywords.get("choices"))
        number = kind is not None and type_name(kind) in _NUMBER_TYPES
        checked = EVERYWHERE if number or fixed else frozenset()
        found[dest] = found[dest] & checked if dest in found else checked
    return {dest: checked for dest, checked in found.items() if checked}


#: click's decorators declaring a command's parameters
_CLICK_DECORATORS = frozenset({"option", "argument", "password_option"})
#: click's parameter types that admit nothing harmful (click rejects the rest): numbers,
#: booleans, dates, UUIDs, ranges of numbers
_CLICK_CHECKED = frozenset(
    {"int", "float", "bool", "INT", "FLOAT", "BOOL", "UUID", "IntRange", "FloatRange", "DateTime"}
)


def click_params(func: ast.AST) -> Dict[str, FrozenSet[str]]:
    """{parameter: sink classes its value is harmless for} of a click command's options and
    arguments (`@click.option("--count", type=int)`): a number, a flag, a date or a `Choice`
    of constants admit nothing harmful; any other text, nothing."""
    found: Dict[str, FrozenSet[str]] = {}
    for decorator in getattr(func, "decorator_list", ()):
        if not (isinstance(decorator, ast.Call) and type_name(decorator.func) in _CLICK_DECORATORS):
            continue
        name = _click_name(decorator)
        if name is not None:
            keywords = {k.arg: k.value for k in decorator.keywords if k.arg}
            found[name] = EVERYWHERE if _click_checked(keywords) else frozenset()
    return found


def _click_name(call: ast.Call) -> Optional[str]:
    """The parameter click passes a declaration to: a name without dashes, else the first
    long flag (`--max-items` is `max_items`), else the first short one."""
    names = [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    plain = [n for n in names if not n.startswith("-")]
    long = [n for n in names if n.startswith("--")]
    chosen = plain[0] if plain else long[0] if long else names[0] if names else ""
    return chosen.lstrip("-").replace("-", "_").lower() or None


def _click_checked(keywords: Dict[str, ast.expr]) -> bool:
    """Whether a click parameter's declaration admits only harmless values: a flag, a count,
    a checked type, a Choice of constants, or no type and a number's default (its type)."""
    flags = [keywords.get(flag) for flag in ("is_flag", "count")]
    if any(isinstance(flag, ast.Constant) and flag.value is True for flag in flags):
        return True
    kind = keywords.get("type")
    if kind is None:
        default = keywords.get("default")
        return isinstance(default, ast.Constant) and isinstance(default.value, (int, float))
    if isinstance(kind, ast.Call) and type_name(kind.func) == "Choice":
        return _constants(kind.args[0] if kind.args else None)
    return type_name(kind.func if isinstance(kind, ast.Call) else kind) in _CLICK_CHECKED


def _constants(node: Optional[ast.expr]) -> bool:
    """Whether `node` is a list, tuple or set written out of constants (`["a", "b"]`)."""
    return isinstance(node, (ast.List, ast.Tuple, ast.Set)) and all(
        isinstance(e, ast.Constant) for e in node.elts
    )


def _option_dest(call: ast.Call) -> Optional[str]:
    """Where argparse stores an option: `dest=`, else the first long flag (`--max-items` is
    `max_items`), else the positional name."""
    for keyword in call.keywords:
        if keyword.arg == "dest" and isinstance(keyword.value, ast.Constant):
            return str(keyword.value.value)
    flags = [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    long = [f for f in flags if f.startswith("--")]
    chosen = long[0][2:] if long else flags[0].lstrip("-") if flags else ""
    return chosen.replace("-", "_") or None
