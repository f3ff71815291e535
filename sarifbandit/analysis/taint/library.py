"""What the interpreter knows of library objects that matter for precision: strings and their
methods, lists and dicts with their mutating methods, configparser, io.StringIO, paths and URLs.

Each answer is a Value, or None for "not modelled here" (the caller falls back to the generic
unknown-call model).
"""

from __future__ import annotations

import ast
import base64
import binascii
import re
import urllib.parse
from typing import TYPE_CHECKING, Any, Callable, Dict, FrozenSet, List, Optional, Tuple

from ...records import replace
from ..nodes import dotted_name
from .guards import MATCHERS, URL_VALIDATORS, compiled_pattern, matching, normalized_text, sanitized
from .models import EVERY_CLASS
from .patterns import DANGEROUS, EVERYWHERE, ONE_NAME, safe_classes
from .values import (
    CALL_PREFIX,
    CLEAN,
    FIXED_TEXT,
    KEYS,
    LISTING,
    MAX_ENTRIES,
    MAX_FOLDED_SIZE,
    NO_DOTS,
    PARAM_PREFIX,
    REST,
    SETTING,
    Taint,
    Value,
    concat,
    constant,
    either_text,
    fixed_if,
    fixed_text,
    hashable,
    held_values,
    join,
    join_all,
    join_taint,
    merged,
    param_kind,
    part_stand_in,
    pieces_of,
    rest_keys,
    retainted,
    settled,
    smashed,
    tainted,
)

if TYPE_CHECKING:
    from .interpret import FunctionRun

#: str methods whose result carries the receiver's text (and its taint) unchanged in kind
STR_KEEP = frozenset(
    {
        "strip", "lstrip", "rstrip", "lower", "upper", "casefold", "title", "capitalize",
        "swapcase", "encode", "decode", "expandtabs", "ljust", "rjust", "center", "zfill",
        "replace", "removeprefix", "removesuffix", "translate", "format_map",
    }
)  # fmt: skip
#: what a repr of text is harmless for: Python code it is pasted into as a literal, and a log
#: line or a header (it writes a line break, as every character not printable, as an escape)
PYTHON_LITERAL = frozenset({"code", "log", "header"})
#: str methods that give a bool or a number: no text of the receiver survives
STR_FACTS = frozenset(
    {
        "startswith", "endswith", "isdigit", "isnumeric", "isdecimal", "isalpha", "isalnum",
        "isidentifier", "islower", "isupper", "isspace", "istitle", "isascii", "isprintable",
        "count", "find", "rfind", "index", "rindex",
    }
)  # fmt: skip
_LIST_KINDS = ("list",)
_CONFIG_PARSERS = frozenset(
    {"configparser.ConfigParser", "configparser.RawConfigParser", "configparser.SafeConfigParser"}
)
_BUFFERS = frozenset({"io.StringIO", "io.BytesIO", "StringIO.StringIO"})
#: lxml's parser factories that take the parser keywords
LXML_PARSERS = frozenset(
    {
        "lxml.etree.XMLParser",
        "lxml.etree.XMLPullParser",
        "lxml.etree.ETCompatXMLParser",
        "lxml.etree.iterparse",
        "lxml.objectify.makeparser",
    }
)
#: keywords that make an lxml parser read a DTD, so an open network lets the document fetch it
DTD_LOADING = ("load_dtd", "dtd_validation", "attribute_defaults")
#: the shape of an lxml parser that lets a document's external entities in (or may)
RESOLVING_PARSER = "xmlparser:resolving"
#: the shapes of an XML parser object: one that resolves entities, one that does not
PARSER_SHAPES = (RESOLVING_PARSER, "xmlparser")
#: the standard library's SAX reader (`xml.sax.make_parser()`), and the shape of one whose
#: external-entity features were turned on (`setFeature(feature_external_ges, True)`)
SAX_READER = "xml.sax.xmlreader.XMLReader"
SAX_RESOLVING = "saxparser:resolving"
_SAX_FEATURES = frozenset(
    {
        "feature_external_ges",
        "feature_external_pes",
        "http://xml.org/sax/features/external-general-entities",
        "http://xml.org/sax/features/external-parameter-entities",
    }
)


def resolving(kwargs: Dict[str, Value]) -> bool:
    """Whether lxml parser keywords let a document read files or URLs: entities resolved, or
    the network left open to a parser that loads a DTD; a flag the code computes may be on.
    lxml 5's defaults resolve internal entities only, with the network closed."""

    def on(name: str) -> bool:
        flag = kwargs.get(name)
        if flag is None:
            return False
        return not flag.known or (not isinstance(flag.const, (str, bytes)) and bool(flag.const))

    network = kwargs.get("no_network")
    network_open = network is not None and not (network.known and network.const)
    return on("resolve_entities") or (network_open and any(on(name) for name in DTD_LOADING))


_NORMALIZERS = frozenset(
    {"os.path.realpath", "os.path.abspath", "os.path.normpath", "posixpath.realpath"}
)
#: keyed hashes: hmac.new(key, msg, digestmod), hmac.digest(key, msg, digest)
_MACS = frozenset({"hmac.new", "hmac.digest", "hmac.HMAC"})
#: what gives a MAC's digest as bytes or text
_DIGEST_TEXT = frozenset({"digest", "hexdigest", "encode", "decode", "lower"})
_EVERY = frozenset({"*"})
#: methods only a mapping has that set keys: on a value of input they tell it is one
_MAPPING_UPDATES = frozenset({"update", "setdefault"})
#: SQLAlchemy's textual SQL, and its methods that give the same SQL with parameters bound or
#: result columns typed
_TEXT_CLAUSES = frozenset(
    {"sqlalchemy.text", "sqlalchemy.sql.text", "sqlalchemy.sql.expression.text"}
)
_BINDING_METHODS = frozenset({"bindparams", "columns", "execution_options"})
_URL_PARSERS = frozenset({"urllib.parse.urlparse", "urllib.parse.urlsplit", "urlparse.urlparse"})
#: builtins that make a collection of constants a constant collection
_COLLECTIONS: Dict[str, Any] = {
    "frozenset": frozenset,
    "set": frozenset,
    "sorted": lambda items: tuple(sorted(items)),
}

#: the sinks where a URL's scheme and host are what harms: where a request or a browser goes
_URL_PLACES = frozenset({"redirect", "ssrf"})
#: functions that make a URL of its parts: (scheme, netloc, path, [params,] query, fragment)
_URL_JOINERS = frozenset({"urllib.parse.urlunsplit", "urllib.parse.urlunparse"})
_PATHS = frozenset(
    {"pathlib.Path", "pathlib.PurePath", "pathlib.PosixPath", "pathlib.PurePosixPath"}
)


#: what some library calls return, where the models name methods of the result's class
_RESULT_TYPES = {
    "xml.etree.ElementTree.parse": "xml.etree.ElementTree.ElementTree",
    "xml.etree.ElementTree.ElementTree.getroot": "xml.etree.ElementTree.Element",
    "xml.etree.ElementTree.fromstring": "xml.etree.ElementTree.Element",
    "xml.etree.ElementTree.XML": "xml.etree.ElementTree.Element",
    "lxml.etree.parse": "lxml.etree._ElementTree",
    "lxml.etree._ElementTree.getroot": "lxml.etree._Element",
    "lxml.etree.fromstring": "lxml.etree._Element",
    "lxml.etree.XML": "lxml.etree._Element",
    "lxml.etree.HTML": "lxml.etree._Element",
    "asyncpg.connect": "asyncpg.Connection",
    "asyncpg.create_pool": "asyncpg.Pool",
    "asyncpg.Pool.acquire": "asyncpg.Connection",
    # a template found by name is a Django template as one made from text is: either may be
    # what `t` holds after `try: t = select_template(...) except ...: t = from_string(...)`
    "django.template.loader.get_template": "django.template.Template",
    "django.template.loader.select_template": "django.template.Template",
    "django.template.Engine.from_string": "django.template.Template",
    "django.template.engine.Engine.from_string": "django.template.Template",
    "django.template.Engine.get_template": "django.template.Template",
    "django.template.engine.Engine.get_template": "django.template.Template",
}


def result_type(qual: str) -> str:
    """The name a call's result goes by: its class where known, else the call's own name
    (`ldap3.Connection(...)` is an `ldap3.Connection`)."""
    return _RESULT_TYPES.get(qual, qual)


def _chosen_host(part: Optional[Value]) -> bool:
    """Whether a URL's part is text the code fixed, or checked as one of its hosts, and not
    empty."""
    if part is None or part.const == "":
        return False
    taint = part.all_taint()
    return fixed_text(part) or (taint is not None and taint.safe_for("ssrf"))


def _indexes(value: Value) -> List[int]:
    return sorted(k for k, _ in value.entries or () if isinstance(k, int))


def _without(items: Value, position: int) -> Value:
    """A list with the item at `position` taken out, the items after it moved up."""
    rest = [(k - 1 if k > position else k, v) for k, v in items.entries or () if k != position]
    return Value(entries=tuple(rest), shape=items.shape)


def store_receiver(node: ast.Call, env: Dict[str, Value], value: Value) -> None:
    """Write back a receiver changed by a method (`items.append(x)` changes `items`)."""
    func = node.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        env[func.value.id] = value
    elif (
        isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Subscript)
        and isinstance(func.value.value, ast.Name)
        and func.value.value.id in env
    ):
        # `groups["admins"].append(x)`: the mapping's item changes; under a key not known,
        # what any key may hold
        holder, key = env[func.value.value.id], func.value.slice
        if holder.entries is not None:
            if isinstance(key, ast.Constant) and hashable(key.value):
                env[func.value.value.id] = holder.with_entry(key.value, value)
            else:
                env[func.value.value.id] = holder.with_entry(
                    REST, join(holder.entry(REST), value) or value
                )
    elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Attribute):
        owner = func.value.value
        if isinstance(owner, ast.Name) and owner.id in env:
            holder = env[owner.id]
            env[owner.id] = holder.with_entry(("attr", func.value.attr), value)


def table_entry(table: Value) -> Optional[Value]:
    """What a table of the code's constants gives for a key not known: one of its constants
    (`COMMANDS[action]`), or, where each value is a list of constants (argument lists:
    `TASKS = {"disk": ["df", "-h"], ...}`), a list whose program is one of theirs; None for
    any other table."""
    if table.known:
        return Value(shape="allowed") if isinstance(table.const, dict) and table.const else None
    if table.taint is not None or not table.entries:
        return None
    parts = held_values(table)
    if all(v.known for v in parts):
        # keys not known too (`{Partner.docs: "https://docs.example/"}`): still one of them
        return Value(shape="allowed")
    if any(k is REST for k, _ in table.entries):
        # constants stored under keys not known, joined: fixed text still
        return FIXED_TEXT if all(fixed_text(v) for v in parts) else None
    if all(
        v.shape == "list" and v.entries and all(k is not REST and i.known for k, i in v.entries)
        for v in parts
    ):
        return Value(entries=((0, Value(shape="allowed")), (REST, Value())), shape="list")
    return None


#: the re module's functions giving a match object
_RE_MATCHERS = frozenset(f"re.{name}" for name in MATCHERS)


def method_of(
    run: "FunctionRun",
    node: ast.Call,
    attr: str,
    receiver: Value,
    args: List[Value],
    kwargs: Dict[str, Value],
    env: Dict[str, Value],
) -> Optional[Value]:
    shape = receiver.shape
    if attr == "get" and holds_settings(receiver, SETTINGS_MAPPINGS):
        return Value(shape=SETTING)  # `app.config.get("EXPORT_DIR", "/srv")`
    base = node.func.value if isinstance(node.func, ast.Attribute) else None
    if attr == "sub" and len(args) >= 2 and isinstance(base, ast.Name):
        # `UNSAFE.sub("", text)`, UNSAFE = re.compile(TEXT) where the code shows its text
        compiled = compiled_pattern(run, base.id)
        if compiled is not None:
            cleaned = _substituted(run.eval(compiled, {}), args[0], args[1])
            if cleaned is not None:
                return cleaned
    if attr in MATCHERS and len(args) == 1 and not kwargs and isinstance(base, ast.Name):
        # `m = SIMPLE.fullmatch(text)`: what `m.group(0)` gives is text the pattern matched
        compiled = compiled_pattern(run, base.id)
        found = _match_object(run.eval(compiled, {}), args[0]) if compiled is not None else None
        if found is not None:
            return found
    if shape == "match" and attr == "group" and (not args or args[0].const == 0):
        return receiver.entry(0) or receiver
    if attr in _BINDING_METHODS and receiver.name in _TEXT_CLAUSES:
        # `text(sql).bindparams(e=email)`: the values travel apart from the SQL text
        return receiver
    if shape.startswith("mac:") and attr in _DIGEST_TEXT:
        return receiver  # `hmac.new(...).hexdigest().encode()`: still that MAC
    if shape in ("autoescape", _RAW_JINJA):
        return _autoescaping_method(attr, receiver, args, kwargs)
    converter = kwargs.get("type")
    if attr == "get" and converter is not None and converter.name in _NUMBER_TYPES:
        # Werkzeug's `request.args.get("page", 1, type=int)`: a number, or the default when
        # the text is not one
        default = args[1] if len(args) > 1 else kwargs.get("default")
        number = sanitized(Value(taint=receiver.all_taint()), EVERYWHERE, "number")
        return join(number, default) or number if default is not None else number
    if attr == "get" and args and args[0].known and receiver.entries is None:
        # `options.get("suffix", "")` of a parameter: that item of what the caller gives
        own = part_stand_in(receiver, args[0].const)
        if own is not None:
            return join(own, args[1] if len(args) > 1 else None) or own
    if attr == "get" and args and not args[0].known:
        # `FORMULAS.get(plan, "basic")`: whatever the key, one of the table's constants
        default = args[1] if len(args) > 1 else constant(None)
        entry = table_entry(receiver)
        if entry is not None and entry.shape == "allowed":
            if default.known or default.shape == "allowed":
                return entry
        elif entry is not None and default.known and default.const is None:
            return entry  # an argument list of the table's, or None
    if attr in _MAPPING_UPDATES and receiver.entries is None and shape == "" and receiver.taint:
        # `params = request.args.to_dict(); params.update({"sort": "name"})`: a mapping of
        # input whose keys are not known, from now on with the keys the code sets kept apart
        receiver = Value(entries=((REST, Value(taint=receiver.taint)),), shape="dict")
        shape = "dict"
    if attr == "update" and kwargs and receiver.entries is not None:
        # `ctx.update(other, title=t)`: the mapping's items, then the keywords
        updated = merged(receiver, args[0]) if args else receiver
        store_receiver(
            node, env, merged(updated, Value(entries=tuple(kwargs.items()), shape="dict"))
        )
        return constant(None)
    if attr in ("items", "keys") and not args and _keyword_parameter(run, receiver):
        # `**details` in the function's own run: its keys are the names its callers' code
        # gives by keyword, its values what they give
        if attr == "keys":
            return Value(entries=((REST, FIXED_TEXT),), shape="list")
        pair = Value(entries=((0, FIXED_TEXT), (1, receiver)), shape="tuple")
        return Value(entries=((REST, pair),), shape="list")
    if receiver.entries is not None and shape in ("list", "dict", "set", ""):
        return _container_method(run, node, attr, receiver, args, env)
    if receiver.name == SAX_READER and attr == "setFeature" and len(args) >= 2:
        feature = args[0].const if args[0].known else args[0].name.rpartition(".")[2]
        if feature in _SAX_FEATURES and not (args[1].known and not args[1].const):
            # external entities on, or maybe (a flag the code does not fix here)
            store_receiver(node, env, replace(receiver, shape=SAX_RESOLVING))
        return constant(None)
    if shape == "config":
        return _config_method(run, node, attr, receiver, args, env)
    if shape == "buffer":
        return _buffer_method(run, node, attr, receiver, args, env)
    if shape.startswith("url") and attr in ("geturl", "_replace"):
        return Value(taint=receiver.all_taint())
    if shape == NAMED_FILE and attr in _READS:
        # what a file the code names holds is the program's data, not the request's; still
        # the result of a call the analysis does not see into (what it goes through may tell)
        read = Taint(frozenset({f"{CALL_PREFIX}open.{attr}"}))
        return Value(taint=read, shape=NAMED_FILE, name=f"open.{attr}")
    if shape in ("path", "normalized"):
        if attr in ("resolve", "absolute"):
            return Value(taint=receiver.all_taint(), shape="normalized", name="pathlib.Path")
        if attr in ("is_relative_to", "exists", "is_file", "is_dir"):
            return constant_bool()
        if attr in ("joinpath", "with_name", "with_suffix", "parent"):
            taint = join_taint(receiver.all_taint(), join_all(args))
            return Value(taint=taint, shape="path", name="pathlib.Path")
        if attr in (
            "read_text",
            "read_bytes",
            "open",
            "write_text",
            "write_bytes",
            "unlink",
            "mkdir",
        ):
            return None  # sinks of the path class; their results are file data, not input
    textual = receiver.known and isinstance(receiver.const, (str, bytes))
    # an allow-listed value is one of the list's texts
    textual = textual or receiver.shape == "allowed"
    if textual or receiver.pieces is not None or receiver.taint is not None:
        return _str_method(run, node, attr, receiver, args, kwargs)
    return None


def constant_bool() -> Value:
    return Value(shape="number")


def _split_arguments(args: List[Value]) -> Optional[Tuple[str, int]]:
    """(separator, maxsplit) of a `split`/`rsplit` given a constant separator (maxsplit -1:
    every split; 0 for a maxsplit not known); None for any other call."""
    if not args or not args[0].known or not isinstance(args[0].const, str) or not args[0].const:
        return None
    most = args[1].const if len(args) > 1 and args[1].known else (-1 if len(args) == 1 else 0)
    return (args[0].const, most) if isinstance(most, int) else None


def _leading_items(attr: str, text: Value, args: List[Value]) -> List[tuple]:
    """The items `text.split(sep[, maxsplit])` takes whole from the constant text the string
    starts with (`("fixed " + name).split(" ")[0]` is "fixed"), as list entries."""
    split = _split_arguments(args) if attr == "split" else None
    if split is None:
        return []
    separator, most = split
    lead = ""
    for piece in text.pieces or ():
        if not isinstance(piece, str):
            break
        lead += piece
    whole = lead.split(separator)[:-1]  # the last one goes on into what is not known
    if most >= 0:
        whole = whole[:most]
    return [(i, constant(item)) for i, item in enumerate(whole[: MAX_ENTRIES - 1])]


def _trailing_items(attr: str, text: Value, args: List[Value]) -> List[tuple]:
    """The items `text.split(sep)` or `text.rsplit(sep[, maxsplit])` takes whole from the
    constant text the string ends with (`(name + "|guest").split("|")[-1]` is "guest"), keyed
    from the end (-1, -2 ...) and, for an rsplit whose every split falls in that text, from
    the start as well (`(name + "/a.txt").rsplit("/", 1)[1]`)."""
    split = _split_arguments(args) if attr in ("split", "rsplit") else None
    if split is None:
        return []
    separator, most = split
    pieces = text.pieces or ()
    if (attr == "split" and most >= 0) or all(isinstance(p, str) for p in pieces):
        return []  # split from the start, how many items there are is the input's choice
    tail = ""
    for piece in reversed(pieces):
        if not isinstance(piece, str):
            break
        tail = piece + tail
    whole = tail.split(separator)[1:]  # the first goes back into what is not known
    if most >= 0:
        whole = whole[len(whole) - most :] if most else []
    whole = whole[-(MAX_ENTRIES // 2 - 1) :] if whole else []
    items = [(i - len(whole), constant(item)) for i, item in enumerate(whole)]
    if attr == "rsplit" and most > 0 and len(whole) == most:
        items += [(i + 1, constant(item)) for i, item in enumerate(whole)]
    return items


def _fold_size(text: Any, attr: str, given: List[Any]) -> int:
    """A bound of the length of what `text.attr(*given)` builds, so that a result past
    MAX_FOLDED_SIZE (`"a".ljust(10**9)`, `"{:>999999999}".format(x)`) is never computed."""
    if not isinstance(text, (str, bytes)):
        return MAX_FOLDED_SIZE + 1
    numbers = [abs(i) for i in given if isinstance(i, int)]
    texts = [i for i in given if isinstance(i, (str, bytes))]
    if attr in ("ljust", "rjust", "center", "zfill"):
        return max([len(text), *numbers])
    if attr == "expandtabs":
        return len(text) * max([8, *numbers])
    if attr == "replace":
        return len(text) * (max(map(len, texts), default=0) + 1)
    if attr == "format" and isinstance(text, str):
        fields = re.findall(r"\{[^{}]*\}", text)
        widths = [
            int(d) if len(d) < 9 else MAX_FOLDED_SIZE + 1
            for f in fields
            for d in re.findall(r"\d+", f)
        ]
        widest = max(map(len, texts), default=0) + max(widths, default=0)
        return len(text) + len(fields) * widest
    items = [x for i in given if isinstance(i, (list, tuple)) for x in i]  # `sep.join(items)`
    return 4 * len(text) + sum(
        len(text) + (len(x) if isinstance(x, (str, bytes)) else 1) for x in items
    )


def _str_method(
    run: "FunctionRun",
    node: ast.Call,
    attr: str,
    receiver: Value,
    args: List[Value],
    kwargs: Dict[str, Value],
) -> Optional[Value]:
    if receiver.known and all(a.known for a in args) and all(v.known for v in kwargs.values()):
        method = getattr(receiver.const, attr, None)
        given = [a.const for a in args] + [v.const for v in kwargs.values()]
        if (
            method is not None
            and attr not in ("format_map",)
            and _fold_size(receiver.const, attr, given) <= MAX_FOLDED_SIZE
        ):
            try:
                result = method(*[a.const for a in args], **{k: v.const for k, v in kwargs.items()})
            except Exception:
                result = None
            else:
                if isinstance(result, (list, tuple)):
                    values = [constant(item) for item in result][:64]
                    return Value(entries=tuple(enumerate(values)), shape="list")
                if isinstance(result, (str, bytes, int, float, bool)) or result is None:
                    if isinstance(result, (str, bytes)) and len(result) > MAX_FOLDED_SIZE:
                        return None
                    return constant(result)
    if attr in STR_FACTS:
        return constant_bool()
    if attr == "format" and receiver.known and isinstance(receiver.const, str):
        return _format(receiver.const, args, kwargs)
    if attr == "format_map" and receiver.known and isinstance(receiver.const, str) and args:
        named = named_entries(args[0])
        if named is not None:
            return _format(receiver.const, [], named)
        return _format(receiver.const, [smashed(args[0])], {})
    if attr == "join" and args:
        return _joined(receiver, args[0])
    if attr in ("partition", "rpartition") and len(args) == 1 and args[0].known:
        # (head, separator or '', tail): the middle is the constant separator or nothing
        taint = receiver.all_taint()
        part = Value(taint=taint, pieces=(taint,) if taint else None)
        return Value(entries=((0, part), (1, CLEAN), (2, part)), shape="list")
    if attr in ("split", "rsplit", "splitlines", "partition", "rpartition"):
        taint = join_taint(receiver.all_taint(), join_all(args))
        by_whitespace = attr in ("split", "rsplit") and not args and "sep" not in kwargs
        if (attr == "splitlines" or by_whitespace) and taint is not None:
            taint = taint.sanitize(LINE_BREAK_SINKS)  # no item holds a line break
        rest = Value(taint=taint, pieces=(taint,) if taint else None)
        return Value(
            entries=(
                *_leading_items(attr, receiver, args),
                *_trailing_items(attr, receiver, args),
                (REST, rest),
            ),
            shape="list",
        )
    if (
        attr == "replace"
        and len(args) >= 2
        and receiver.known
        and args[0].known
        and isinstance(receiver.const, str)
        and isinstance(args[0].const, str)
        and args[0].const
        and args[0].const not in receiver.const
    ):
        return receiver  # `"ROLE".replace("NONE", name)`: nothing is replaced
    if attr == "replace" and len(args) >= 2 and _removes_newline(args[0], args[1]):
        # `.replace("\n", "")`: no line break is left to forge a log line or split a header
        return _without_breaks(receiver)
    if attr == "translate" and args and args[0].shape == BREAKS_TRANSLATED:
        # `s.translate(NEUTRALIZE)`, a str.maketrans table taking CR and LF out
        return _without_breaks(receiver)
    if attr == "encode" and args and args[0].known and args[0].const == "unicode_escape":
        # `s.encode("unicode_escape")`: line breaks become the two characters `\n`
        return _without_breaks(receiver)
    if attr in STR_KEEP:
        # `s.replace(old, new)`: what is taken out (old) is not in the result, what is put in is
        taint = join_taint(receiver.all_taint(), join_all(args[1:2]) if attr == "replace" else None)
        if attr == "replace" and taint is not None and taint.sanitized:
            taint = taint.unsanitize(_undone(args))
        if (
            attr in ("lstrip", "strip")
            and taint is not None
            and ONE_NAME in taint.sanitized
            and args
            and args[0].known
            and "." in str(args[0].const)
        ):
            # one file name of no separator, its leading dots stripped: it cannot be `..`
            return Value(taint=taint.sanitize(frozenset({"path"})), pieces=None)
        if attr in (
            "lower",
            "upper",
            "casefold",
            "title",
            "capitalize",
            "swapcase",
            "encode",
            "decode",
        ):
            pieces = []
            for piece in receiver.pieces or pieces_of(receiver):
                if isinstance(piece, str):
                    transformed = getattr(piece, attr, None)
                    try:
                        pieces.append(
                            transformed()
                            if transformed and attr not in ("encode", "decode")
                            else piece
                        )
                    except Exception:
                        pieces.append(piece)
                else:
                    pieces.append(piece)
            return fixed_if(concat(tuple(pieces)), [receiver, *args])
        if taint is None and fixed_text(receiver) and all(fixed_text(arg) for arg in args):
            return FIXED_TEXT  # `choice.strip()` of an allow-listed choice: still one of those
        return Value(taint=taint, pieces=(taint,) if taint is not None else None)
    return None


#: the characters an escaping sanitizer relies on, by the class it makes text safe for:
#: `shlex.quote` wraps in quotes, `html.escape` writes entities
_ESCAPES = {"command": "'\"\\", "sql": "'\"\\", "xss": "&;"}
_PATH_ONLY = frozenset({"path"})


def _undone(args: List[Value]) -> FrozenSet[str]:
    """The classes a `replace(old, new)` may make sanitized text unsafe for again: it removes
    or changes a character their escaping relies on (`shlex.quote(x).replace("'", "")`), or
    puts a separator into a base name (`basename(x).replace("_", "/")`); all, for text not
    known. Markup the code writes in (`.replace("\\n", "<br>")`) is the code's own."""
    old, new = (args + [Value(), Value()])[:2]
    if not (old.known and new.known and isinstance(old.const, str) and isinstance(new.const, str)):
        return frozenset(_ESCAPES) | _PATH_ONLY
    undone = {c for c, chars in _ESCAPES.items() if any(ch in old.const for ch in chars)}
    if any(ch in new.const for ch in DANGEROUS["path"]):
        undone |= _PATH_ONLY  # a separator put in where the name had another character
    return frozenset(undone)


#: what os.path.join's later parts lose: an absolute part replaces what comes before it
_NO_DOTS = frozenset({NO_DOTS})
#: sinks a value without line breaks cannot harm: no forged log line, no split header
LINE_BREAK_SINKS = frozenset({"log", "header"})


def _strips_line_breaks(pattern: Value, repl: Value) -> bool:
    """Whether `re.sub(pattern, repl, x)` leaves no line break in any x: tried on one that
    holds every kind (the pattern and replacement are constants the code shows)."""
    if not (pattern.known and repl.known):
        return False
    if not (isinstance(pattern.const, str) and isinstance(repl.const, str)):
        return False
    try:
        out = re.sub(pattern.const, repl.const, "a\r\nb\nc\rd")
    except (re.error, IndexError):
        return False
    return "\n" not in out and "\r" not in out


def _substituted(pattern: Value, repl: Value, text: Value) -> Optional[Value]:
    r"""`re.sub(pattern, repl, text)` (or a compiled pattern's `sub(repl, text)`) that takes
    out every character but those of a set (`[^\w]+` → ""): the text, harmless for what
    that set's text is; that leaves no line break: harmless to a log or a header; None for any
    other substitution."""
    kept = _kept_characters(pattern, repl)
    taint = text.all_taint()
    if kept and taint is not None:
        taint = taint.sanitize(kept)
        return Value(taint=taint, pieces=(taint,))
    if not _strips_line_breaks(pattern, repl):
        return None
    return _without_breaks(text)


def _kept_characters(pattern: Value, repl: Value) -> FrozenSet[str]:
    """The sink classes text is harmless for once `re.sub(pattern, repl, ...)` removed every
    character not in a set: the pattern a negated set (`[^a-z0-9_-]+`), the replacement made
    of that set's characters (or empty)."""
    if not (pattern.known and repl.known and isinstance(pattern.const, str)):
        return frozenset()
    negated = re.fullmatch(r"\[\^((?:\\.|[^\]\\])+)\][+*]?", pattern.const)
    if negated is None or not isinstance(repl.const, str):
        return frozenset()
    kept = f"[{negated.group(1)}]*"
    try:
        if not re.fullmatch(kept, repl.const):
            return frozenset()
    except re.error:
        return frozenset()
    return safe_classes(kept)


def _without_breaks(text: Value) -> Value:
    """Text with its line breaks taken out or escaped: harmless to a log line or a header."""
    taint = text.all_taint()
    if taint is not None:
        taint = taint.sanitize(LINE_BREAK_SINKS)
    return Value(taint=taint, pieces=(taint,) if taint is not None else None)


#: a str.maketrans table that maps CR and LF to text without them (or deletes them)
BREAKS_TRANSLATED = "table:no-breaks"
_TRANSLATE_TABLES = frozenset({"str.maketrans", "builtins.str.maketrans"})


def _translation_table(args: List[Value]) -> Value:
    """A `str.maketrans(...)` table, from a mapping or from strings: BREAKS_TRANSLATED when
    CR and LF are both mapped to text without a line break, or deleted; no input either way."""
    table: Dict[Any, Any] = {}
    if len(args) == 1 and args[0].entries is not None:
        for key, value in args[0].entries:
            if key is REST or not value.known:
                return Value(shape="table")
            table[key] = value.const
    elif 2 <= len(args) <= 3 and all(a.known and isinstance(a.const, str) for a in args):
        table = {k: v for k, v in zip(args[0].const, args[1].const)}
        table.update(dict.fromkeys(args[2].const if len(args) == 3 else "", None))
    try:
        made = str.maketrans(table)
    except (TypeError, ValueError):
        return Value(shape="table")
    broken = ("\r", "\n")
    if all(
        ord(c) in made
        and (made[ord(c)] is None or not any(b in str(made[ord(c)]) for b in broken))
        and made[ord(c)] not in (10, 13)
        for c in broken
    ):
        return Value(shape=BREAKS_TRANSLATED)
    return Value(shape="table")


def _removes_newline(old: Value, new: Value) -> bool:
    return (
        old.known
        and old.const in ("\n", "\r\n")
        and new.known
        and isinstance(new.const, str)
        and "\n" not in new.const
        and "\r" not in new.const
    )


def _format(template: str, args: List[Value], kwargs: Dict[str, Value]) -> Value:
    import string

    pieces: list = []
    used: List[Value] = []
    auto = 0
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError:
        return Value(taint=join_all(args + list(kwargs.values())))
    for literal, field, spec, conversion in parsed:
        pieces.append(literal)
        if field is None:
            continue
        key = field.split(".")[0].split("[")[0]
        if key == "":
            value = args[auto] if auto < len(args) else CLEAN
            auto += 1
        elif key.isdigit():
            index = int(key)
            value = args[index] if index < len(args) else CLEAN
        else:
            # a name no keyword gives comes from a mapping of keys not known (`**d`, smashed
            # among the positional values), or the call fails
            value = kwargs.get(key) or (Value(taint=join_all(args)) if args else CLEAN)
        used.append(value if key == field else CLEAN)  # `{user.name}`: an attribute of it
        if value.known and not spec and not conversion and key == field:
            pieces.append(str(value.const))
        elif conversion in ("r", "a") and (taint := value.all_taint()) is not None:
            # `{query!r}`: a Python literal of the text (see PYTHON_LITERAL)
            pieces.extend(pieces_of(Value(taint=taint.sanitize(PYTHON_LITERAL))))
        else:
            pieces.extend(pieces_of(value) if value.all_taint() or value.pieces else [None])
    return fixed_if(concat(tuple(pieces)), used)


def _joined(separator: Value, items: Value) -> Value:
    sep = pieces_of(separator)
    parts = [part for _, part in items.entries or ()]
    if items.entries is not None and all(isinstance(k, int) for k, _ in items.entries):
        pieces: list = []
        for position, (_, part) in enumerate(sorted(items.entries, key=lambda e: e[0])):
            if position:
                pieces.extend(sep)
            pieces.extend(pieces_of(part))
        return fixed_if(concat(tuple(pieces)), [separator, *parts])
    if (
        items.entries
        and items.shape in _LIST_KINDS
        and all(isinstance(k, int) or k is REST for k, _ in items.entries)
        and items.all_taint() is not None
    ):
        # items known, then any number of others: each one's input kept apart (what each was
        # checked for stays its own), the others' text not known
        known = sorted((k, part) for k, part in items.entries if k is not REST)
        pieces = []
        for _, part in known:
            pieces.extend([*pieces_of(part), *sep])
        pieces.extend([None, *pieces_of(items.entry(REST) or CLEAN), None])
        return concat(tuple(pieces))
    taint = join_taint(separator.all_taint(), items.all_taint())
    if taint is None and fixed_text(separator):
        # `", ".join(marks)` of a list a loop filled with "?", `",".join("?" * n)`: any
        # number of fixed items
        if parts and all(fixed_text(part) for part in parts) or fixed_text(items):
            return FIXED_TEXT
    return Value(taint=taint, pieces=(taint,) if taint is not None else None)


def _container_method(
    run: "FunctionRun",
    node: ast.Call,
    attr: str,
    receiver: Value,
    args: List[Value],
    env: Dict[str, Value],
) -> Optional[Value]:
    indexes = _indexes(receiver)
    listlike = receiver.shape in _LIST_KINDS or (receiver.shape == "" and indexes)
    if attr == "appendleft" and args:  # a deque's ends
        attr, args = "insert", [constant(0), args[0]]
    elif attr == "popleft":
        attr, args = "pop", [constant(0)]
    if attr == "index" and args and listlike and args[0].known:
        # `items.index("tmp")`: the first item known equal, all before it known to differ
        for at in indexes:
            item = receiver.entry(at)
            if item is None or not item.known:
                break
            if item.const == args[0].const:
                return constant(at)
        return Value(shape="number")
    rest = receiver.entry(REST)
    if attr in ("append", "extend") and args and rest is not None:
        # after items of a length not known, a new item has no known index
        added = args[0] if attr == "append" else smashed(args[0])
        if fixed_text(rest) and fixed_text(added):
            both: Optional[Value] = FIXED_TEXT
        elif (rest.all_taint() is not None or added.all_taint() is not None) and (
            rest.entries is None and added.entries is None
        ):
            both = either_text(rest, added)  # texts: each item's checks its own
        else:
            both = join(rest, added)
        store_receiver(node, env, receiver.with_entry(REST, both or rest))
        return constant(None)
    if attr == "append" and args:
        store_receiver(node, env, receiver.with_entry((indexes[-1] + 1) if indexes else 0, args[0]))
        return constant(None)
    if attr == "extend" and args:
        value = receiver
        start = (indexes[-1] + 1) if indexes else 0
        other = args[0]
        if other.entries is not None and all(isinstance(k, int) for k, _ in other.entries):
            for offset, (_, part) in enumerate(sorted(other.entries, key=lambda e: e[0])):
                value = value.with_entry(start + offset, part)
        else:
            value = value.with_entry(
                REST, join(value.entry(REST), smashed(other)) or smashed(other)
            )
        store_receiver(node, env, value)
        return constant(None)
    if (
        attr == "insert"
        and len(args) == 2
        and args[0].known
        and isinstance(args[0].const, int)
        and listlike
    ):
        at = args[0].const
        if at < 0:
            at = max(0, len(indexes) + at)
        moved = [
            (k + 1 if isinstance(k, int) and k >= at else k, v) for k, v in receiver.entries or ()
        ]
        store_receiver(
            node,
            env,
            Value(entries=tuple(moved), shape=receiver.shape).with_entry(at, args[1]),
        )
        return constant(None)
    if attr == "pop" and listlike and all(isinstance(k, int) for k, _ in receiver.entries or ()):
        if not indexes:
            return CLEAN
        pop_at = (
            args[0].const
            if args and args[0].known and isinstance(args[0].const, int)
            else (None if args else -1)
        )
        if pop_at is None:
            store_receiver(node, env, smashed(receiver))
            return smashed(receiver)
        position = indexes[pop_at] if -len(indexes) <= pop_at < len(indexes) else None
        if position is None:
            return CLEAN
        taken = receiver.entry(position) or CLEAN
        store_receiver(node, env, _without(receiver, position))
        return taken
    if attr == "remove" and args and listlike and len(indexes) == len(receiver.entries or ()):
        # `parts.remove(x)`: the first item equal to x leaves, as the same value or constant
        gone = args[0]
        for position in indexes:
            item = receiver.entry(position)
            same = item is not None and item.known and gone.known and item.const == gone.const
            if item is gone or item == gone or same:
                store_receiver(node, env, _without(receiver, position))
                break
        return constant(None)
    if attr in ("get", "pop", "setdefault") and args and receiver.shape in ("dict", ""):
        key = args[0]
        default = args[1] if len(args) > 1 else constant(None)
        if key.known and hashable(key.const):
            found = receiver.entry(key.const)
            leftover = receiver.rest()
            if attr == "setdefault" and found is None:
                # among keys not known the key may be there already: then that value stays
                value = join(leftover, default) or default
                store_receiver(node, env, receiver.with_entry(key.const, value))
                return value
            if attr == "pop":
                kept = tuple((k, v) for k, v in receiver.entries or () if k != key.const)
                store_receiver(
                    node, env, Value(taint=receiver.taint, entries=kept, shape=receiver.shape)
                )
            if found is not None:
                return found
            return join(leftover, default) or default
        return join(smashed(receiver), default) or CLEAN
    if attr == "update" and args:
        store_receiver(node, env, merged(receiver, args[0]))
        return constant(None)
    if attr in ("items", "values", "keys", "copy"):
        if attr == "copy":
            return receiver
        if receiver.shape == "dict":
            # each entry's key and value kept apart: `for k, v in d.items()`
            parts = [
                _dict_item(attr, k, v, receiver) for k, v in receiver.entries or () if k is not KEYS
            ]
            return Value(entries=tuple(enumerate(parts)), shape="list")
        if attr == "keys":
            return Value(shape="list")
        return Value(entries=((REST, smashed(receiver)),), shape="list")
    if attr in ("remove", "clear", "sort", "reverse"):
        if attr == "clear":
            store_receiver(node, env, Value(entries=(), shape=receiver.shape))
        elif attr == "reverse" and listlike and receiver.entry(REST) is None:
            # `parts.reverse()`: the items known by position, in the other order
            last = max(indexes, default=-1)
            flipped = tuple((last - k, v) for k, v in receiver.entries or () if isinstance(k, int))
            store_receiver(node, env, Value(entries=flipped, shape=receiver.shape))
        else:
            # `remove` shifts items, `sort` orders them by what they hold: no position is kept
            store_receiver(node, env, smashed(receiver))
        return constant(None)
    if attr in ("add",) and args:
        store_receiver(
            node,
            env,
            receiver.with_entry(REST, join(receiver.entry(REST), args[0]) or args[0]),
        )
        return constant(None)
    return None


def _config_method(
    run: "FunctionRun",
    node: ast.Call,
    attr: str,
    receiver: Value,
    args: List[Value],
    env: Dict[str, Value],
) -> Optional[Value]:
    def key(section: Value, option: Value) -> Any:
        if section.known and option.known and hashable(section.const) and hashable(option.const):
            return (section.const, str(option.const).lower())
        return None

    if attr == "set" and len(args) >= 3:
        where = key(args[0], args[1])
        if where is None:
            store_receiver(
                node,
                env,
                receiver.with_entry(REST, join(receiver.entry(REST), args[2]) or args[2]),
            )
        else:
            store_receiver(node, env, receiver.with_entry(where, args[2]))
        return constant(None)
    if attr in ("get", "getint", "getfloat", "getboolean") and len(args) >= 2:
        where = key(args[0], args[1])
        part = receiver.entry(where) if where is not None else None
        if attr != "get":
            # `getboolean("cookie", "secure")` of a value the code set: what it converts to
            converted = _config_converted(attr, part) if part is not None else None
            return converted if converted is not None else Value(shape="number")
        if part is not None:
            return part
        rest = receiver.entry(REST)
        if where is None:
            return smashed(receiver)
        return rest or CLEAN
    if attr == "read_string" and args:
        store_receiver(node, env, _config_read(receiver, args[0]))
        return CLEAN
    if attr == "read_dict" and args:
        updated = receiver
        for section, options in args[0].entries or ((REST, args[0]),):
            updated = config_section(updated, section, options, replacing=False)
        store_receiver(node, env, updated)
        return CLEAN
    if attr in ("remove_option", "remove_section") and args:
        where = key(args[0], args[1]) if attr == "remove_option" and len(args) >= 2 else None
        whole = attr == "remove_section" and args[0].known and hashable(args[0].const)
        if where is not None or whole:
            kept = tuple(
                (k, v)
                for k, v in receiver.entries or ()
                if k != where and not (whole and isinstance(k, tuple) and k[0] == args[0].const)
            )
            store_receiver(node, env, replace(receiver, entries=kept))
        return constant_bool()
    if attr in ("add_section", "read", "read_file", "has_section", "has_option", "sections"):
        return CLEAN
    return None


#: how ConfigParser.getboolean reads a value (its BOOLEAN_STATES)
_CONFIG_BOOLEANS = {"1": True, "yes": True, "true": True, "on": True,
                    "0": False, "no": False, "false": False, "off": False}  # fmt: skip


def _config_converted(attr: str, value: Value) -> Optional[Value]:
    """getboolean / getint / getfloat of a value the code fixed, as the parser converts it;
    None when the text is not known or does not convert (the code fails there at run time)."""
    if not value.known or value.all_taint() is not None:
        return None
    text = str(value.const)
    if attr == "getboolean":
        truth = _CONFIG_BOOLEANS.get(text.lower())
        return constant(truth) if truth is not None else None
    try:
        return constant(int(text) if attr == "getint" else float(text))
    except ValueError:
        return None


def config_section(config: Value, section: Any, options: Value, replacing: bool) -> Value:
    """A parser given a section's options as a mapping (`read_dict({...})`, `config["db"] =
    {...}`, which `replacing` drops the section's earlier options for): each option of a
    known name under its lowercased name, anything else under any option."""
    if section is REST or not hashable(section) or options.entries is None:
        rest = join(config.entry(REST), options) or options
        return config.with_entry(REST, rest)
    if replacing:
        kept = tuple(
            (k, v)
            for k, v in config.entries or ()
            if not (isinstance(k, tuple) and k[0] == section)
        )
        config = replace(config, entries=kept)
    for option, value in options.entries[:MAX_ENTRIES]:
        if option is REST:
            config = config.with_entry(REST, join(config.entry(REST), value) or value)
        else:
            config = config.with_entry((section, str(option).lower()), value)
    return config


def _config_read(config: Value, text: Value) -> Value:
    """A parser after `read_string(text)`: the options of constant text set as written (each
    replacing what was set before), or what input text holds under any option."""
    if text.known and isinstance(text.const, str) and len(text.const) <= MAX_FOLDED_SIZE:
        import configparser  # only where code reads constant settings text (start-up time)

        parser = configparser.ConfigParser(interpolation=None)
        try:
            parser.read_string(text.const)
        except configparser.Error:
            return config  # the code fails here at run time
        for section in parser.sections()[:MAX_ENTRIES]:
            for option, value in list(parser.items(section, raw=True))[:MAX_ENTRIES]:
                config = config.with_entry((section, option.lower()), constant(value))
        return config
    return config.with_entry(REST, join(config.entry(REST), text) or text)


def _buffer_method(
    run: "FunctionRun",
    node: ast.Call,
    attr: str,
    receiver: Value,
    args: List[Value],
    env: Dict[str, Value],
) -> Optional[Value]:
    held = receiver.entry("text") or constant("")
    if attr == "write" and args:
        store_receiver(
            node,
            env,
            receiver.with_entry("text", concat(pieces_of(held) + pieces_of(args[0]))),
        )
        return Value(shape="number")
    if attr in ("getvalue", "read", "readline"):
        return held
    if attr in ("seek", "truncate", "tell", "close", "flush"):
        if attr == "truncate":
            store_receiver(node, env, receiver.with_entry("text", constant("")))
        return Value(shape="number")
    return None


#: Jinja2's environments and templates, which escape what they render when told to
_JINJA = frozenset(
    {
        "jinja2.Environment",
        "jinja2.environment.Environment",
        "jinja2.sandbox.SandboxedEnvironment",
        "jinja2.Template",
        "jinja2.environment.Template",
    }
)
#: methods of an escaping environment that give an escaping template
_TEMPLATE_MAKERS = frozenset(
    {"from_string", "get_template", "select_template", "get_or_select_template"}
)


def _autoescaping_method(
    attr: str, receiver: Value, args: List[Value], kwargs: Dict[str, Value]
) -> Optional[Value]:
    """`env.from_string(src)` of a Jinja2 environment, and `.render(...)` of its templates:
    the values rendered are escaped for HTML where it escapes; the template's own text is not.
    What a template renders is text (HTML a view may send), in pieces."""
    if attr in _TEMPLATE_MAKERS:
        source = join_all(args) if attr == "from_string" else None
        return Value(taint=source, shape=receiver.shape, name=f"{receiver.name}.{attr}")
    if attr in ("render", "render_async", "generate", "stream"):
        given = join_all(args + list(kwargs.values()))
        if given is not None and receiver.shape == "autoescape":
            given = given.sanitize(frozenset({"xss"}))
        page = join_taint(receiver.all_taint(), given)
        return Value(taint=page, pieces=(page,) if page is not None else None)
    return None


#: the shape of a Jinja2 environment or template that does not escape what it renders
_RAW_JINJA = "jinja:raw"


#: calls giving a collection of values the code does not choose but the input cannot either
_FIXED_SETS = frozenset({"zoneinfo.available_timezones", "pytz.all_timezones_set"})
#: the names in a folder the code names
_LISTINGS = frozenset({"os.listdir"})
_ARCHIVES = frozenset(
    {"zipfile.ZipFile", "tarfile.open", "tarfile.TarFile", "tarfile.TarFile.open"}
)
_SPLITEXT = frozenset({"os.path.splitext", "posixpath.splitext", "ntpath.splitext"})
_DJANGO_TEMPLATES = frozenset(
    {
        "django.template.Template",
        "django.template.base.Template",
        # `engines["django"].from_string(text)`, `Engine.get_default().from_string(text)`
        "django.template.backends.base.BaseEngine.from_string",
        "django.template.Engine.from_string",
        "django.template.engine.Engine.from_string",
    }
)
_DJANGO_CONTEXTS = frozenset(
    {"django.template.Context", "django.template.RequestContext", "django.template.context.Context"}
)
#: Flask's rendering of a template given as text
STRING_TEMPLATES = frozenset({"flask.render_template_string", "flask.stream_template_string"})


def _autoescaping(qual: str, args: List[Value], kwargs: Dict[str, Value]) -> Optional[Value]:
    """`Environment(autoescape=True)`, `autoescape=select_autoescape(...)`, `Template(src,
    autoescape=True)`: an escaping environment or template; without `autoescape` (Jinja2's
    default) or with a constant false, one that writes what it renders as given."""
    if qual not in _JINJA:
        return None
    flag = kwargs.get("autoescape")
    escapes = flag is not None and not (flag.known and not flag.const)
    source = join_all(args[:1]) if qual.endswith("Template") else None
    return Value(taint=source, shape="autoescape" if escapes else _RAW_JINJA, name=qual)


def rendered_page(own: Optional[Taint], given: List[Value]) -> Value:
    """A page a template renders: `own` (the template's text, or what it writes unescaped) as
    it is, the values it is `given` escaped for HTML."""
    escaped = join_all(given)
    page = join_taint(own, escaped.sanitize(frozenset({"xss"})) if escaped is not None else None)
    return Value(taint=page, pieces=(page,) if page is not None else (None,))


def _keyword_parameter(run: "FunctionRun", value: Value) -> bool:
    """Whether `value` is the stand-in of the running function's `**kwargs` parameter."""
    spec = getattr(run.func, "args", None)
    if not isinstance(spec, ast.arguments) or spec.kwarg is None:
        return False
    count = (
        len(spec.posonlyargs) + len(spec.args) + len(spec.kwonlyargs) + (spec.vararg is not None)
    )
    return param_kind(value) == f"{PARAM_PREFIX}{count}"


def _dict_item(attr: str, key: Any, value: Value, mapping: Value) -> Value:
    """One element of `d.keys()`, `d.values()` or `d.items()` of `mapping`; a key stored where
    the code did not know it (REST) is one of its rest_keys."""
    shown = (rest_keys(mapping) or CLEAN) if key is REST else constant(key)
    if attr == "keys":
        return shown
    if attr == "values":
        return value
    return Value(entries=((0, shown), (1, value)), shape="tuple")


def named_entries(mapping: Value, partly: bool = False) -> Optional[Dict[str, Value]]:
    """A dict's entries by their text keys, when every key is known text; `partly`: those
    known, whatever else it holds (`{**base, "title": t}`: the `title` a template writes)."""
    entries = mapping.entries
    if entries is None:
        return None
    if partly:
        return {k: v for k, v in entries if isinstance(k, str)}
    if not all(isinstance(k, str) for k, _ in entries):
        return None
    return dict(entries)


#: pure encoders and decoders whose result on constant text is computed: a blob the code
#: holds and decodes (`pickle.loads(base64.b64decode("gAN9..."))`) is the code's own constant;
#: none makes its result much longer than its argument (decompressors are left out)
FOLDED_CODECS: Dict[str, Callable[..., Any]] = {
    f"{module.__name__}.{name}": getattr(module, name)
    for module, names in (
        (
            base64,
            "b64decode b64encode urlsafe_b64decode urlsafe_b64encode standard_b64decode "
            "standard_b64encode b32decode b32encode b16decode b16encode decodebytes encodebytes",
        ),
        (binascii, "unhexlify hexlify a2b_hex b2a_hex a2b_base64 b2a_base64"),
        (urllib.parse, "unquote unquote_plus quote quote_plus"),
    )
    for name in names.split()
}
FOLDED_CODECS["bytes.fromhex"] = bytes.fromhex


#: the shape of JSON text made from a list or dict (followed by the shape it had)
JSON_TEXT = "json:"
_JSON_WRITERS = frozenset({"json.dumps"})


def json_written(qual: str, args: List[Value], classes: FrozenSet[str]) -> Optional[Value]:
    """JSON text of a list or dict: its parts kept apart, each safe for what the writer's
    sanitizer says (`classes`), for `json.loads` to give the same structure back."""
    if qual not in _JSON_WRITERS or not args or args[0].entries is None:
        return None
    held = args[0]
    return retainted(held, lambda taint: taint.sanitize(classes), JSON_TEXT + held.shape)


def _json_read(run: "FunctionRun", text: Value) -> Value:
    """What `json.loads` gives for JSON text the code wrote: the structure written, no longer
    safe for what the writer escaped (escaping done before it stands)."""
    writer = run.a.models.sanitizer_for("json.dumps")
    undone = writer.classes - {EVERY_CLASS} if writer is not None else frozenset()
    return retainted(text, lambda taint: taint.unsanitize(undone), text.shape[len(JSON_TEXT) :])


def _match_object(pattern: Value, text: Value) -> Optional[Value]:
    """A match of `text` by a pattern the code shows: the text's input, and as group 0 the
    part the pattern matched, which only exists when the match does (None: no pattern
    known)."""
    if not pattern.known or not isinstance(pattern.const, str):
        return None
    return Value(
        taint=text.all_taint(),
        shape="match",
        name="re.Match",
        entries=((0, matching(text, pattern.const)),),
    )


#: serializers whose output, from values the code fixes, is fixed too (what loading it gives
#: back is the code's own object)
_SERIALIZERS = frozenset(
    {"pickle.dumps", "marshal.dumps", "json.dumps", "yaml.dump", "yaml.safe_dump"}
)
#: nesting of a container of constants looked into at most
MAX_CONSTANT_NESTING = 8


def _constant_data(value: Value, depth: int = 0) -> bool:
    """Whether a value is fixed text, a number, or a container of such (`{"steps": ["a"]}`)."""
    if fixed_text(value):
        return True
    if depth >= MAX_CONSTANT_NESTING or value.all_taint() is not None or not value.entries:
        return False
    return all(key is not REST and _constant_data(item, depth + 1) for key, item in value.entries)


def call_library(
    run: "FunctionRun", node: ast.Call, qual: str, args: List[Value], kwargs: Dict[str, Value]
) -> Optional[Value]:
    if qual in _SERIALIZERS and args and _constant_data(args[0]):
        return FIXED_TEXT  # `pickle.dumps({"name": "nightly"})`
    if qual in _RE_MATCHERS and len(args) == 2 and not kwargs:
        found = _match_object(args[0], args[1])  # `re.fullmatch(PATTERN, text)`
        if found is not None:
            return found
    if qual == "json.loads" and args and args[0].shape.startswith(JSON_TEXT):
        return _json_read(run, args[0])
    if qual in _TRANSLATE_TABLES:
        return _translation_table(args)
    codec = FOLDED_CODECS.get(qual)
    if (
        codec is not None
        and args
        and not kwargs
        and all(a.known and isinstance(a.const, (str, bytes)) for a in args)
        and sum(len(a.const) for a in args) <= MAX_FOLDED_SIZE
    ):
        try:
            return constant(codec(*[a.const for a in args]))
        except (ValueError, TypeError):  # binascii.Error is a ValueError
            pass  # not text this codec reads: as if not known
    escaping = _autoescaping(qual, args, kwargs)
    if escaping is not None:
        return escaping
    if qual in STRING_TEMPLATES and args:
        # the page holds the template's own text as written, and the values it is given
        # escaped (Flask renders templates from strings with autoescaping on)
        return rendered_page(args[0].all_taint(), args[1:] + list(kwargs.values()))
    if qual == "functools.partial" and args and args[0].name and args[0].taint is None:
        # a function of this file, or of a library (`partial(requests.get, timeout=5)`)
        bound = (*enumerate(args[1:]), *kwargs.items())
        return Value(shape="partial", name=args[0].name, entries=bound)
    if qual.rpartition(".")[2] in URL_VALIDATORS:
        # `url_is_safe = url_has_allowed_host_and_scheme(...)`: a test's answer, which a
        # later `x if url_is_safe else "/"` reads as the test (guards.remember_test)
        return constant_bool()
    if qual in _CONFIG_PARSERS:
        return Value(entries=(), shape="config")
    if qual in ("xml.sax.make_parser", "xml.sax.expatreader.create_parser"):
        return Value(name=SAX_READER, shape="saxparser")
    if qual in LXML_PARSERS and qual != "lxml.etree.iterparse":
        return Value(name=qual, shape=RESOLVING_PARSER if resolving(kwargs) else "xmlparser")
    if qual in _DJANGO_TEMPLATES and args and args[0].known:
        # its text kept: what render() writes unescaped is read from it
        return Value(
            entries=(("text", args[0]),), shape="template", name="django.template.Template"
        )
    if qual in _DJANGO_CONTEXTS and args:
        return args[-1]  # Context(d), RequestContext(request, d): the mapping d
    if qual in _BUFFERS:
        initial = args[0] if args else kwargs.get("initial_value", constant(""))
        return Value(entries=(("text", initial),), shape="buffer")
    if qual in _NORMALIZERS:
        return Value(taint=join_all(args), shape="normalized", pieces=None)
    if qual in _MACS and len(node.args) >= 2:
        # what the MAC is over, by name: a later comparison with a signature vouches for it
        message = node.args[1]
        if (
            isinstance(message, ast.Call)
            and isinstance(message.func, ast.Attribute)
            and message.func.attr in ("encode", "decode")
        ):
            message = message.func.value  # `payload.encode()`: the MAC is over payload
        origin = message.id if isinstance(message, ast.Name) else ""
        taint = join_all(args + list(kwargs.values()))
        return Value(taint=taint.sanitize(_EVERY) if taint else None, shape=f"mac:{origin}")
    if qual in _OPENERS and args and fixed_text(args[0]) and "w" not in _mode(args, kwargs):
        # `open(CACHE, "rb")`: a file the code names, read back (see method_of)
        return Value(shape=NAMED_FILE, name="open")
    if qual in _URL_PARSERS:
        # the variable (or an object's attribute, `req.url`) a guard on the host vouches for
        held = dotted_name(normalized_text(node.args[0])) if node.args else ""
        return Value(taint=join_all(args), shape=f"url:{held if held.count('.') <= 1 else ''}")
    if qual in _URL_JOINERS and args and args[0].entries is not None:
        # the scheme, host and path choose where the URL goes; input only in its query or
        # fragment (`parts[3] = urlencode(params)`) does not
        parts = args[0].entries
        scheme, host = args[0].entry(0), args[0].entry(1)
        # a scheme and host the code fixed (a checked host among them) leave the path only
        # where on that host the URL goes
        first = 2 if _chosen_host(scheme) and _chosen_host(host) else 3
        where = join_all(v for k, v in parts if not isinstance(k, int) or k < first)
        after = join_all(v for k, v in parts if isinstance(k, int) and k >= first)
        if after is not None:
            after = after.sanitize(_URL_PLACES)
        if first == 2 and where is not None:
            # a host checked against the code's hosts as the netloc of the URL made: that host,
            # not one a browser reads apart from the parser (`https://evil\@good/`)
            where = where.sanitize(_URL_PLACES)
        # kept as two pieces: a summary's caller replaces each with what it gave
        return concat(tuple(p for p in (where, after) if p is not None) or (None,))
    if qual in _PATHS:
        return Value(
            taint=join_all(args + list(kwargs.values())), shape="path", name="pathlib.Path"
        )
    if qual == "re.sub" and len(args) == 3:
        cleaned = _substituted(args[0], args[1], args[2])
        if cleaned is not None:
            return cleaned
    if qual in ("compile", "builtins.compile") and args:
        return args[0]  # exec(compile(text, ...)) runs the text: judged by it
    if qual in _FIXED_SETS:
        return Value(shape="allowed")  # zoneinfo.available_timezones(): names the system fixes
    if qual in _LISTINGS and args and args[0].all_taint() is None:
        return Value(shape=LISTING)
    if qual in _ARCHIVES and (args or kwargs):
        # an archive from input: its members' names (namelist(), getmembers()) are the
        # sender's too (a member "../../etc/cron.d/x" is a zip slip)
        taint = join_all(args[:1] + list(kwargs.values()))
        if taint is not None:
            return Value(taint=taint, name=qual)
    if qual in _SPLITEXT and len(args) == 1:
        # (root, extension): the extension, a dot and what follows the last one of the last
        # part, holds no separator and no `..`
        taint = args[0].all_taint()
        if taint is None:
            return None
        parts = ((0, tainted(taint)), (1, tainted(taint.sanitize(frozenset({"path"})))))
        return Value(entries=parts, shape="list")
    if qual in ("os.path.join", "posixpath.join"):
        pieces: list = []
        for position, part in enumerate(args):
            if position:
                # an absolute part replaces what comes before it: no `..` is not enough
                pieces.append("/")
                pieces.extend(
                    p.unsanitize(_NO_DOTS) if isinstance(p, Taint) else p for p in pieces_of(part)
                )
            else:
                pieces.extend(pieces_of(part))
        return concat(tuple(pieces))
    if qual in ("str", "repr", "format") and args:
        value = args[0]
        if value.known:
            return constant(str(value.const) if qual != "repr" else repr(value.const))
        return Value(taint=value.all_taint(), pieces=value.pieces)
    if qual in _COLLECTIONS and len(args) == 1 and args[0].known and not kwargs:
        # `frozenset({"a", "b"})`, `set(("a", "b"))`: an allow-list of constants
        try:
            return constant(_COLLECTIONS[qual](args[0].const))
        except Exception:  # what the call would raise on: not a collection
            return None
    if qual in ("list", "tuple", "collections.deque") and args:
        value = args[0]
        if value.entries is not None:
            return replace(value, shape="list") if qual == "collections.deque" else value
        return Value(entries=((REST, Value(taint=value.all_taint())),), shape="list")
    if qual == "collections.deque":
        return Value(entries=(), shape="list")
    if qual in ("sorted", "reversed") and args and args[0].entries is not None:
        # `sorted(details.items())`: the same items, in another order; each kept whole (a
        # pair's key apart from its value)
        items = [part for _, part in args[0].entries]
        item = items[0] if len(items) == 1 else smashed(args[0])
        return Value(entries=((REST, item),), shape="list")
    if qual == "dataclasses.replace" and args and args[0].shape == "object" and not node.args[1:]:
        # `replace(visitor, name="anonymous")`: a copy with those fields given anew
        copied = args[0]
        for name, part in kwargs.items():
            copied = copied.with_entry(("attr", name), part)
        return copied
    if qual in _MAPPINGS:
        value = Value(entries=(), shape="dict")
        if args and args[0].shape == "dict" and args[0].entries is not None:
            value = merged(value, args[0])  # `dict(DEFAULTS)`: a copy, key by key
        elif args:
            value = value.with_entry(REST, smashed(args[0]))
        for name, part in kwargs.items():
            value = value.with_entry(name, part)
        return value
    if qual == "collections.defaultdict" and not kwargs and len(node.args) <= 1:
        # `defaultdict(list)`: a key not stored yet holds a new empty container
        factory = node.args[0] if node.args else None
        made = _EMPTY.get(factory.id) if isinstance(factory, ast.Name) else None
        if factory is None or made is not None:
            return Value(entries=((REST, made or constant(None)),), shape="dict")
    return None


#: what `get(key, type=...)` of a Werkzeug MultiDict converts its text with, leaving a number
_NUMBER_TYPES = frozenset({"int", "float", "builtins.int", "builtins.float"})

#: mappings made empty or from another, kept key by key
_MAPPINGS = frozenset({"dict", "collections.OrderedDict"})

#: the mappings and objects that hold an application's settings: what they hold is its
#: operator's configuration (SETTING), whatever the code reads of them
SETTINGS_MAPPINGS = frozenset(
    {"flask.current_app.config", "flask.Flask.config", "flask.app.Flask.config"}
)
SETTINGS_OBJECTS = frozenset({"django.conf.settings"})


def holds_settings(value: Value, holders: FrozenSet[str]) -> bool:
    """Whether a value is the application's settings (one of `holders`, or a part of them)
    with no input in it."""
    return (value.name in holders or value.shape == SETTING) and settled(value)


#: calls opening a file by its name, and a file object's methods that read it
_OPENERS = frozenset({"open", "builtins.open", "io.open"})
_READS = frozenset({"read", "readline", "readlines"})
#: the shape of a file the code names (its name fixed text) opened for reading, and of what
#: is read from it
NAMED_FILE = "file:named"


def _mode(args: List[Value], kwargs: Dict[str, Value]) -> str:
    mode = kwargs.get("mode") or (args[1] if len(args) > 1 else constant("r"))
    return str(mode.const) if mode.known else "w"  # a mode not known may write


#: what the containers a defaultdict makes for a new key start as
_EMPTY = {
    "list": Value(entries=(), shape="list"),
    "dict": Value(entries=(), shape="dict"),
    "set": Value(entries=(), shape="set"),
    "str": constant(""),
    "int": constant(0),
}
