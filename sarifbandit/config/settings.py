"""The `scan` command's flags, the `.bandit` INI file and the config file, resolved into a
Config and the run's other choices (targets, output, baseline, diff).

Precedence, lowest first: built-in defaults, the config file (`-c FILE`, else the nearest
pyproject.toml with [tool.sarifbandit] / [tool.bandit]), the INI file's flag values, and flags
given on the command line. Unlike Bandit, a flag given explicitly always wins, even when its
value is the default (`-n 3` beats `number = 5` in the INI).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Collection, Dict, List, Mapping, Optional, Tuple

from ..errors import ConfigError
from ..model import Notification, Rank
from ..records import record
from .files import (
    discovery_start,
    find_ini,
    find_pyproject,
    load_config_file,
    load_ini,
)
from .options import (
    DEFAULT_INCLUDE,
    Config,
    FileSettings,
    check_ids,
    config_warning,
    merge_options,
    read_settings,
    select,
)
from .paths import is_excluded, normalise_excludes

#: Bandit's default -x list; sarifbandit also skips these folders (and more) whenever it walks
BANDIT_DEFAULT_EXCLUDE = (".svn", "CVS", ".bzr", ".hg", ".git", "__pycache__", ".tox", ".eggs")
STDIN_NAME = "<stdin>"


@record(frozen=True)
class RunSettings:
    """Everything one `scan` invocation needs besides the Config."""

    config: Config
    targets: Tuple[str, ...]
    fmt: Optional[str] = None
    output: Optional[str] = None
    msg_template: Optional[str] = None
    verbose: bool = False
    quiet: bool = False
    aggregate: str = "file"
    exit_zero: bool = False
    baseline: Optional[str] = None
    show_absent: bool = False
    diff: Optional[str] = None
    stdin_filename: str = STDIN_NAME
    category: Optional[str] = None
    absolute_paths: bool = False
    #: the config files that were read, for --verbose and messages
    sources: Tuple[str, ...] = ()


def split_ids(value: Any) -> Tuple[str, ...]:
    """A comma-separated flag value (or a tuple from several uses of the flag) as a tuple."""
    if not value:
        return ()
    items = value if isinstance(value, (tuple, list)) else [value]
    return tuple(part.strip() for item in items for part in str(item).split(",") if part.strip())


def threshold(count: int, level: Optional[str], flag: str, short: str) -> Rank:
    """Bandit's counted flag (-l, -ll, -lll) or its named form; both at once is an error."""
    if count and level:
        raise ConfigError(f"{short} and {flag} cannot be used together; pick one")
    if level:
        return Rank.parse(level)
    if count > 3:
        raise ConfigError(f"{short}: at most three are meaningful; use {flag} high")
    return Rank(count)


#: Bandit's -f names for its terminal report, which is our text format
BANDIT_FORMATS = {"screen": "text", "txt": "text"}


def bandit_format(name: Optional[str]) -> Optional[str]:
    """Our format for a -f value, Bandit's names for text included (an unknown name is passed
    on: the command line, which knows the writers, refuses it)."""
    return BANDIT_FORMATS.get(name, name) if name is not None else None


class _Layers:
    """Flag values: the command line when given there, else the INI file, else the default."""

    def __init__(self, flags: Mapping[str, Any], given: Collection[str], ini: Mapping[str, Any]):
        self.flags, self.given, self.ini = flags, given, ini

    def __call__(self, name: str) -> Any:
        if name in self.given or name not in self.ini:
            return self.flags.get(name)
        return self.ini[name]

    def origin(self, name: str, flag: str, ini_path: Optional[str]) -> str:
        if name not in self.given and name in self.ini and ini_path:
            return f"{ini_path}: [bandit] {flag}"
        return flag


def _load_file_settings(
    configfile: Optional[str], targets: Tuple[str, ...], isolated: bool
) -> FileSettings:
    if configfile:
        return read_settings(load_config_file(configfile))
    if isolated:
        return FileSettings()
    found = find_pyproject(discovery_start([t for t in targets if t != "-"] or ["."]))
    if found is None:
        return FileSettings()
    return read_settings(load_config_file(os.path.relpath(found)))


def _selection(
    file: FileSettings, layers: _Layers, ini_path: Optional[str], notices: List[Notification]
) -> frozenset:
    profile = layers("profile")
    if profile:
        if not file.profiles:
            where = f"{file.path} defines no profiles" if file.path else "no config file was read"
            raise ConfigError(
                f"profile '{profile}' not found: {where}; profiles live in the config file "
                "(profiles: {name: {include: [...], exclude: [...]}})"
            )
        if profile not in file.profiles:
            names = ", ".join(sorted(file.profiles))
            raise ConfigError(f"profile '{profile}' not found in {file.path}; it defines: {names}")
        base_in, base_out = file.profiles[profile].include, file.profiles[profile].exclude
    else:
        base_in, base_out = file.tests, file.skips
    tests, skips = split_ids(layers("tests")), split_ids(layers("skips"))
    for ids, name, flag in ((tests, "tests", "-t/--tests"), (skips, "skips", "-s/--skip")):
        origin = layers.origin(name, flag, ini_path)
        warnings = check_ids(ids, origin)
        notices.extend(
            config_warning((ini_path or "") if origin != flag else "", w) for w in warnings
        )
    where = " and ".join(w for w in (file.path, "the command line") if w)
    return select(base_in + tests, base_out + skips, f"tests/skips ({where})")


def resolve(flags: Mapping[str, Any], given: Collection[str]) -> RunSettings:
    """Build the run from the flag values (`flags`, every option's value, defaults included)
    and the names of the options given explicitly on the command line (`given`)."""
    isolated = bool(flags.get("isolated"))
    if isolated and ("configfile" in given or "ini" in given):
        raise ConfigError("--isolated ignores every config file; drop it or drop -c/--ini")
    cli_targets = tuple(flags.get("targets") or ())
    ini_values: Dict[str, Any] = {}
    ini_path: Optional[str] = None
    notices: List[Notification] = []
    if not isolated:
        found = flags.get("ini") or find_ini(cli_targets)
        if found:
            ini_path = str(found)
            ini_values, ini_warnings = load_ini(ini_path)
            notices.extend(config_warning(ini_path, w) for w in ini_warnings)
    layers = _Layers(flags, given, ini_values)
    targets = cli_targets or tuple(ini_values.get("targets", ()))
    stdin_filename = flags.get("stdin_filename") or STDIN_NAME
    # piped source named after a file is configured as that file would be
    places = tuple(
        stdin_filename if t == "-" and stdin_filename != STDIN_NAME else t for t in targets
    )
    file = _load_file_settings(layers("configfile"), places, isolated)
    notices.extend(file.notices)
    selected = _selection(file, layers, ini_path, notices)
    if not targets:
        raise ConfigError("no targets: name the files or directories to scan (- reads stdin)")
    if layers("verbose") and layers("quiet"):
        raise ConfigError("-v/--verbose and -q/--quiet cannot be used together; pick one")
    fmt, template = bandit_format(layers("fmt")), layers("msg_template")
    if template and fmt != "custom":
        raise ConfigError("--msg-template only applies to --format custom; add -f custom")
    level_count, severity_level = _rank_flags(layers, "level_count", "severity_level")
    confidence_count, confidence_level = _rank_flags(layers, "confidence_count", "confidence_level")
    root = Path.cwd()
    exclude = normalise_excludes(
        [
            *BANDIT_DEFAULT_EXCLUDE,
            *file.exclude_dirs,
            *split_ids(layers("exclude")),
            *split_ids(flags.get("extend_exclude")),
        ],
        root,
    )
    config = Config(
        selected=selected,
        severity=threshold(level_count, severity_level, "--severity-level", "-l/--level"),
        confidence=threshold(
            confidence_count, confidence_level, "--confidence-level", "-i/--confidence"
        ),
        ignore_nosec=bool(layers("ignore_nosec")),
        show_suppressed=bool(flags.get("show_suppressed")),
        context_lines=int(layers("context_lines") if layers("context_lines") is not None else 3),
        include=file.include if file.include is not None else DEFAULT_INCLUDE,
        exclude=exclude,
        options=merge_options(file.blocks),
        jobs=flags.get("jobs"),
        debug=bool(layers("debug")),
        use_cache=not flags.get("no_cache"),
        notices=tuple(notices),
        dataflow=not flags.get("no_dataflow") and file.dataflow is not False,
        taint_models=file.taint,
        per_file_skips=file.per_file_skips,
        **_extra_config(flags),
    )
    return RunSettings(
        config=config,
        targets=_drop_excluded_stdin(targets, stdin_filename, exclude),
        fmt=fmt,
        output=layers("output"),
        msg_template=template,
        verbose=bool(layers("verbose")),
        quiet=bool(layers("quiet")),
        aggregate=str(layers("aggregate") or "file"),
        exit_zero=bool(flags.get("exit_zero")),
        baseline=layers("baseline"),
        show_absent=bool(flags.get("show_absent")),
        diff=flags.get("diff"),
        stdin_filename=stdin_filename,
        category=flags.get("category"),
        absolute_paths=bool(flags.get("sarif_absolute_paths")),
        sources=tuple(p for p in (ini_path, file.path) if p),
    )


def _rank_flags(layers: _Layers, count_name: str, level_name: str) -> Tuple[int, Optional[str]]:
    """A threshold's counted flag and named level; the INI's level applies only when the
    command line gives neither."""
    count = int(layers.flags.get(count_name) or 0)
    if count:
        return count, layers.flags.get(level_name)
    return 0, layers(level_name)


def _extra_config(flags: Mapping[str, Any]) -> Dict[str, Any]:
    """Config fields other helpers' flags fill, passed only when the flag exists."""
    extra: Dict[str, Any] = {}
    if flags.get("cache_dir"):
        extra["cache_dir"] = flags["cache_dir"]
    if flags.get("max_file_size"):
        extra["max_file_size"] = flags["max_file_size"]
    return extra


def _drop_excluded_stdin(
    targets: Tuple[str, ...], stdin_filename: str, exclude: Tuple[str, ...]
) -> Tuple[str, ...]:
    """An editor piping a buffer named after an excluded file gets nothing back, as a scan of
    that file would."""
    if "-" not in targets or stdin_filename == STDIN_NAME:
        return targets
    name = os.path.relpath(stdin_filename) if os.path.isabs(stdin_filename) else stdin_filename
    if is_excluded(name.replace(os.sep, "/"), exclude):
        kept: List[str] = [t for t in targets if t != "-"]
        return tuple(kept)
    return targets
