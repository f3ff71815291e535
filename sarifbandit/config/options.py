"""The effective configuration of a scan: defaults < config files < command-line flags.

`Config` is what the pipeline reads. Validating what users wrote in a config file lives here
too (`read_settings`); every mistake raises ConfigError with one line a person can act on, and
keys we do not use become warnings. Reading the files is configfiles.py; combining them with the
flags is settings.py.
"""

from __future__ import annotations

from typing import Any, Dict, FrozenSet, Iterable, List, Mapping, Optional, Tuple

from ..errors import ConfigError, closest
from ..model import Notification, NotificationKind, Rank, Rule
from ..records import field, record, replace
from ..registry import BLACKLIST_ALIAS, all_rules, blacklist_ids, rules_by_id
from .files import ConfigSource, unknown_key_message
from .paths import is_excluded

DEFAULT_INCLUDE = ("*.py", "*.pyw")
DEFAULT_MAX_FILE_SIZE = 10 * 1024 * 1024


@record(frozen=True)
class Config:
    """Everything a scan needs to know, resolved; immutable so workers can share it."""

    selected: FrozenSet[str] = field(default_factory=lambda: frozenset(r.id for r in all_rules()))
    severity: Rank = Rank.UNDEFINED
    confidence: Rank = Rank.UNDEFINED
    ignore_nosec: bool = False
    show_suppressed: bool = False
    context_lines: int = 3
    include: Tuple[str, ...] = DEFAULT_INCLUDE
    exclude: Tuple[str, ...] = ()
    #: {rule id: options}, defaults merged with the config blocks
    options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    max_file_size: int = DEFAULT_MAX_FILE_SIZE
    jobs: Optional[int] = None
    debug: bool = False
    follow_links: bool = False
    #: whether results may be read from and written to the per-file cache
    use_cache: bool = True
    #: where the cache lives (None: the default location)
    cache_dir: Optional[str] = None
    #: warnings found while reading the configuration (unknown keys ...), for the report
    notices: Tuple[Notification, ...] = ()
    #: whether the data-flow (taint) analysis runs; off: Bandit's checks only
    dataflow: bool = True
    #: the config file's `taint` table (sources, sinks, sanitizers, propagators), checked
    taint_models: Mapping[str, Any] = field(default_factory=dict)
    #: (path pattern, ids) pairs: checks not run on the files a pattern matches
    per_file_skips: Tuple[Tuple[str, FrozenSet[str]], ...] = ()
    #: (view's dotted name, keyword, converter) for every argument the scan's Django URL
    #: configurations give a view: read before the files are scanned (see analysis/taint/urlconf)
    url_arguments: FrozenSet[Tuple[str, str, str]] = frozenset()
    #: (name a view renders it by, variables it writes unescaped) for every template file of
    #: the scan that writes some so: read before the files are scanned (analysis/taint/templates)
    templates: FrozenSet[Tuple[str, FrozenSet[str]]] = frozenset()

    def with_(self, **changes: Any) -> "Config":
        return replace(self, **changes)

    def selected_for(self, path: str) -> FrozenSet[str]:
        """The checks run on the file reports name `path`: the selection less the per-file
        skips whose pattern matches it (matched as exclusion patterns are)."""
        if not self.per_file_skips:
            return self.selected
        skipped = {
            rule_id
            for pattern, ids in self.per_file_skips
            if is_excluded(path, (pattern,))
            for rule_id in ids
        }
        return self.selected - skipped if skipped else self.selected

    def rule_options(self, rule: Rule) -> Mapping[str, Any]:
        return self.options.get(rule.id, rule.options)


def expand_ids(ids: Iterable[str]) -> FrozenSet[str]:
    """B001 stands for every deny-list id, unless the same set names a specific one."""
    wanted = set(ids)
    if BLACKLIST_ALIAS in wanted:
        wanted.discard(BLACKLIST_ALIAS)
        deny = blacklist_ids()
        if not wanted & deny:
            wanted |= deny
    return frozenset(wanted)


#: ids Bandit has retired: {id: (what it flagged, what to use now)}; naming one is a warning, so
#: a team's old config keeps working
RETIRED = {
    "B109": ("config options not marked secret (Django-era oslo.config)", "nothing replaces it"),
    "B111": ("run_as_root=True (OpenStack rootwrap)", "nothing replaces it"),
    "B309": (
        "httplib.HTTPSConnection (Python now verifies certificates by default)",
        "B501 and B323 report turned-off verification",
    ),
    "B320": ("lxml.etree parsing", "SB611 checks lxml parsers for external entities"),
    "B322": ("Python 2's input()", "nothing replaces it (Python 3's input() does not eval)"),
    "B325": ("os.tempnam/os.tmpnam", "B306 reports tempfile.mktemp"),
    "B410": ("importing lxml", "SB611 checks lxml parsers for external entities"),
    "B414": ("importing pycryptodome (maintained)", "B413 reports the unmaintained pycrypto"),
}


def retired_warning(rule_id: str, where: str) -> str:
    checked, instead = RETIRED[rule_id]
    return f"{where}: {rule_id} was retired by Bandit ({checked}); ignored: {instead}"


def without_retired(ids: Iterable[str]) -> Tuple[str, ...]:
    return tuple(rule_id for rule_id in ids if rule_id not in RETIRED)


def check_ids(ids: Iterable[str], where: str) -> List[str]:
    """Unknown ids are errors, with the closest known id suggested; ids Bandit has retired
    are warnings (returned), naming what replaces them."""
    known = set(rules_by_id()) | {BLACKLIST_ALIAS}
    names = {rule.name: rule.id for rule in all_rules()}
    warnings: List[str] = []
    for rule_id in ids:
        if rule_id in known:
            continue
        if rule_id in RETIRED:
            warnings.append(retired_warning(rule_id, where))
            continue
        hint = ""
        if rule_id in names:
            hint = f"; use its id {names[rule_id]}"
        else:
            wanted = rule_id.upper()
            close = [k for k in sorted(known) if k.startswith(wanted)] or closest(wanted, known)
            if close:
                hint = f"; did you mean {close[0]}?"
        raise ConfigError(f"{where}: unknown check id '{rule_id}'{hint} (see 'sarifbandit rules')")
    return warnings


def select(
    include: Iterable[str], exclude: Iterable[str], where: str = "selection"
) -> FrozenSet[str]:
    """Bandit's selection: include - exclude, or everything - exclude when include is empty."""
    include, exclude = list(include), list(exclude)
    check_ids(include, f"{where} (tests)")
    check_ids(exclude, f"{where} (skips)")
    # retired ids were warned about where they were read; a list of only those selects nothing
    if include and not without_retired(include):
        raise ConfigError(
            f"{where}: no checks left to run: every id in tests was retired by Bandit"
        )
    include, exclude = list(without_retired(include)), list(without_retired(exclude))
    # the ids as written collide, not their expansion: `-t B001 -s B403` is every deny-list
    # check but B403, as in Bandit
    both = sorted(set(include) & set(exclude))
    inc, exc = expand_ids(include), expand_ids(exclude)
    if both:
        raise ConfigError(
            f"{where}: {', '.join(both)} is both selected and skipped; remove it from one list"
        )
    base = inc if inc else frozenset(rules_by_id())
    chosen = base - exc
    if not chosen:
        raise ConfigError(f"{where}: no checks left to run; loosen the tests/skips lists")
    return chosen


def merge_options(blocks: Mapping[str, Any]) -> Dict[str, Mapping[str, Any]]:
    """Per-rule options: each rule's defaults, overlaid key by key with every config block it
    reads (Bandit's real key first, then its documented aliases); never replaced wholesale."""
    merged: Dict[str, Mapping[str, Any]] = {}
    for rule in all_rules():
        if not rule.options:
            continue
        values = dict(rule.options)
        for key in reversed(rule.config_keys):
            block = blocks.get(key)
            if isinstance(block, Mapping):
                values.update({k: v for k, v in block.items() if k in rule.options})
        merged[rule.id] = values
    return merged


#: top-level keys Bandit reads that have no effect here, and why
IGNORED_KEYS = {
    "log_format": "sarifbandit's messages have a fixed format",
    "plugin_name_pattern": "checks are found by their module, not by a file-name pattern",
    "blacklist_calls": "replacing the built-in deny-lists is not supported; use tests/skips",
    "blacklist_imports": "replacing the built-in deny-lists is not supported; use tests/skips",
}
_LIST_KEYS = ("tests", "skips", "exclude_dirs", "include")
#: sarifbandit's own keys (Bandit has no data-flow analysis, nor per-path settings); pyproject
#: users write per-file-skips, as ruff and flake8 spell it
_OWN_KEYS = ("dataflow", "taint", "per_file_skips")
_PER_FILE_SKIPS = ("per_file_skips", "per-file-skips")
UNKNOWN_KEY = "unknown-config-key"


@record(frozen=True)
class Profile:
    include: Tuple[str, ...] = ()
    exclude: Tuple[str, ...] = ()


@record(frozen=True)
class FileSettings:
    """What one config file asks for, checked and typed."""

    path: str = ""
    tests: Tuple[str, ...] = ()
    skips: Tuple[str, ...] = ()
    exclude_dirs: Tuple[str, ...] = ()
    include: Optional[Tuple[str, ...]] = None
    profiles: Mapping[str, Profile] = field(default_factory=dict)
    #: per-check option blocks as written {config key: {option: value}}
    blocks: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    notices: Tuple[Notification, ...] = ()
    dataflow: Optional[bool] = None
    #: the `taint` table: data-flow models added to the built-in ones
    taint: Mapping[str, Any] = field(default_factory=dict)
    #: (path glob, ids) pairs of per_file_skips / per-file-skips
    per_file_skips: Tuple[Tuple[str, FrozenSet[str]], ...] = ()


def config_warning(path: str, message: str) -> Notification:
    return Notification(
        "warning", message, path=path, kind=NotificationKind.CONFIGURATION, code=UNKNOWN_KEY
    )


def _example(path: str, key: str, sample: str) -> str:
    if path.endswith(".toml"):
        items = ", ".join(f'"{item}"' for item in sample.split(", "))
        return f"{key} = [{items}]"
    return f"{key}: [{sample}]"


def _string_list(path: str, key: str, value: Any, sample: str) -> Tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, list):
        kind = "a string" if isinstance(value, str) else f"a {type(value).__name__}"
        if isinstance(value, str):
            # Bandit would read the string letter by letter; show the user's own items as a list
            sample = ", ".join(p.strip() for p in value.split(",") if p.strip()) or sample
        raise ConfigError(
            f"{path}: {key} must be a list, not {kind}; write {_example(path, key.split('.')[-1], sample)}"
        )
    for position, item in enumerate(value):
        if not isinstance(item, str):
            raise ConfigError(
                f"{path}: {key}[{position}] must be a string, not {type(item).__name__} ({item!r})"
            )
    return tuple(item.strip() for item in value)


def _samples(key: str) -> str:
    return {"exclude_dirs": "tests, build", "include": "*.py, *.pyw"}.get(key, "B101, B102")


def _profile_ids(path: str, key: str, value: Any, warnings: List[str]) -> Tuple[str, ...]:
    names = {rule.name: rule.id for rule in all_rules()}
    ids = tuple(names.get(item, item) for item in _string_list(path, key, value, "B101, B102"))
    warnings.extend(check_ids(ids, f"{path}: {key}"))
    return ids


def _profiles(path: str, value: Any, warnings: List[str]) -> Dict[str, Profile]:
    if not isinstance(value, dict):
        raise ConfigError(
            f"{path}: profiles must be a mapping of profile names to include/exclude lists"
        )
    found: Dict[str, Profile] = {}
    for name, body in value.items():
        where = f"profiles.{name}"
        if not isinstance(body, dict):
            raise ConfigError(f"{path}: {where} must be a mapping with include and/or exclude")
        for key in body:
            if key not in ("include", "exclude"):
                raise ConfigError(
                    f"{path}: {where}.{key} is not a profile key; use include and exclude"
                )
        found[str(name)] = Profile(
            include=_profile_ids(path, f"{where}.include", body.get("include", []), warnings),
            exclude=_profile_ids(path, f"{where}.exclude", body.get("exclude", []), warnings),
        )
    return found


def option_blocks() -> Dict[str, Dict[str, Any]]:
    """{config key: {option: default}} over every rule reading that key."""
    blocks: Dict[str, Dict[str, Any]] = {}
    for rule in all_rules():
        for key in rule.config_keys:
            blocks.setdefault(key, {}).update(rule.options)
    return blocks


def bandit_read_keys() -> FrozenSet[str]:
    """The block names Bandit itself reads (each rule's first config key)."""
    return frozenset(rule.config_keys[0] for rule in all_rules() if rule.config_keys)


def _type_name(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, list):
        return "a list"
    return f"a {type(value).__name__}"


def _check_option(path: str, where: str, value: Any, default: Any) -> None:
    if isinstance(default, list):
        sample = ", ".join(str(v) for v in default[:2]) or "value"
        _string_list(path, where, value, sample)
        return
    expected = bool if isinstance(default, bool) else type(default)
    ok = isinstance(value, expected) and (expected is bool or not isinstance(value, bool))
    if not ok:
        raise ConfigError(
            f"{path}: {where} must be {_type_name(default)}, not {_type_name(value)} ({value!r})"
        )


def _block(
    path: str, key: str, value: Any, defaults: Mapping[str, Any]
) -> Tuple[Dict[str, Any], List[str]]:
    if not isinstance(value, dict):
        raise ConfigError(
            f"{path}: {key} must be a mapping of option names to values, not {_type_name(value)}"
        )
    warnings: List[str] = []
    kept: Dict[str, Any] = {}
    for option, option_value in value.items():
        if option_value is None:
            continue
        if option not in defaults:
            known = ", ".join(sorted(defaults)) or "none"
            warnings.append(
                unknown_key_message(path, f"{key}.{option}", str(option), defaults)
                + f" (options of {key}: {known})"
            )
            continue
        _check_option(path, f"{key}.{option}", option_value, defaults[option])
        kept[option] = option_value
    return kept, warnings


def read_settings(source: ConfigSource) -> FileSettings:
    """Check a config mapping key by key: wrong types are errors, unknown keys warnings."""
    path, values = source.path, source.values
    blocks_known = option_blocks()
    read_by_bandit = bandit_read_keys()
    warnings: List[str] = []
    lists: Dict[str, Tuple[str, ...]] = {}
    blocks: Dict[str, Mapping[str, Any]] = {}
    profiles: Dict[str, Profile] = {}
    dataflow: Optional[bool] = None
    taint: Mapping[str, Any] = {}
    per_file_skips: Tuple[Tuple[str, FrozenSet[str]], ...] = ()
    for key, value in values.items():
        key = str(key)
        if value is None:
            continue  # `tests:` with nothing after it, as bandit-config-generator writes
        if key in _LIST_KEYS:
            lists[key] = _string_list(path, key, value, _samples(key))
        elif key == "profiles":
            profiles = _profiles(path, value, warnings)
        elif key == "dataflow":
            if not isinstance(value, bool):
                raise ConfigError(f"{path}: dataflow must be true or false, not {value!r}")
            dataflow = value
        elif key == "taint":
            taint = _taint(path, value)
        elif key in _PER_FILE_SKIPS:
            per_file_skips = _per_file_skips(path, key, value, warnings)
        elif key in IGNORED_KEYS:
            warnings.append(f"{path}: {key} has no effect in sarifbandit: {IGNORED_KEYS[key]}")
        elif key in blocks_known:
            blocks[key], problems = _block(path, key, value, blocks_known[key])
            warnings.extend(problems)
            if key not in read_by_bandit and _differs(blocks[key], blocks_known[key]):
                real = _bandit_key_for(key)
                warnings.append(
                    f"{path}: Bandit never reads the {key} block (it reads {real}); "
                    f"sarifbandit honours both, but rename it to {real} to keep both tools in step"
                )
        else:
            known = [*_LIST_KEYS, "profiles", *_OWN_KEYS, *IGNORED_KEYS, *blocks_known]
            warnings.append(unknown_key_message(path, key, key, known))
    for key in ("tests", "skips"):
        warnings.extend(check_ids(lists.get(key, ()), f"{path}: {key}"))
    return FileSettings(
        path=path,
        tests=lists.get("tests", ()),
        skips=lists.get("skips", ()),
        exclude_dirs=lists.get("exclude_dirs", ()),
        include=lists.get("include"),
        profiles=profiles,
        blocks=blocks,
        notices=tuple(config_warning(path, w) for w in warnings),
        dataflow=dataflow,
        taint=taint,
        per_file_skips=per_file_skips,
    )


def _per_file_skips(
    path: str, key: str, value: Any, warnings: List[str]
) -> Tuple[Tuple[str, FrozenSet[str]], ...]:
    """{path glob: [ids]} checked: globs are strings, ids known (B001 standing for the deny
    lists), retired ids a warning; kept in the order written."""
    example = (
        f'{key} = {{"tests/**" = ["B101", "B311"]}}'
        if path.endswith(".toml")
        else f'{key}: {{"tests/**": [B101, B311]}}'
    )
    if not isinstance(value, Mapping):
        raise ConfigError(
            f"{path}: {key} must map path globs to lists of ids, not {_type_name(value)}; "
            f"write {example}"
        )
    found: List[Tuple[str, FrozenSet[str]]] = []
    for pattern, ids in value.items():
        if not isinstance(pattern, str) or not pattern.strip():
            raise ConfigError(
                f"{path}: {key}: the path glob {pattern!r} must be a non-empty string; "
                f"write {example}"
            )
        where = f"{key}[{pattern!r}]"
        if not isinstance(ids, list) or not all(isinstance(item, str) for item in ids):
            raise ConfigError(
                f"{path}: {where} must be a list of check ids, not {ids!r}; write {example}"
            )
        listed = tuple(item.strip() for item in ids)
        warnings.extend(check_ids(listed, f"{path}: {where}"))
        found.append((pattern.strip(), expand_ids(without_retired(listed))))
    return tuple(found)


def _taint(path: str, value: Any) -> Mapping[str, Any]:
    """The data-flow models a config file adds, checked now against the models' schema, so a
    mistake stops the run before any file is read."""
    from ..analysis.taint.models import load_models

    load_models(value if value else None, origin=path)
    if value is not None and not isinstance(value, Mapping):  # an empty list, say
        raise ConfigError(
            f"{path}: taint must be a mapping of sources, sinks, sanitizers and propagators"
        )
    return dict(value) if value else {}


def _differs(block: Mapping[str, Any], defaults: Mapping[str, Any]) -> bool:
    """Whether a block changes anything: bandit-config-generator writes every block Bandit
    does not read with the default values, which makes no difference to either tool."""
    return any(defaults.get(option) != value for option, value in block.items())


def _bandit_key_for(alias: str) -> str:
    for rule in all_rules():
        if alias in rule.config_keys[1:]:
            return rule.config_keys[0]
    return alias
