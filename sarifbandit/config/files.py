"""Finding and reading configuration files: `-c` YAML or TOML, a discovered pyproject.toml,
and Bandit's `.bandit` INI file.

Reading only: a file becomes a plain mapping (or, for the INI, typed flag values). What the
keys mean and whether their values are right is decided in config.py. Every problem is a
ConfigError naming the file, and the line and column when the parser knows them.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Mapping, Optional, Tuple

from ..errors import ConfigError, closest
from ..records import record
from .paths import walk_tree

if TYPE_CHECKING:  # PyYAML is imported when a YAML file is read: most runs read none
    import yaml


def _toml() -> Any:
    """The TOML parser, imported when a TOML file is read: a scan outside a project reads none."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - exercised on Python 3.9 and 3.10 only
        import tomli as tomllib
    return tomllib


def __getattr__(name: str) -> Any:
    # `from .files import tomllib` (the init template reads TOML too) still works
    if name == "tomllib":
        return _toml()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: our table in pyproject.toml; a key set here wins over the same key in [tool.bandit]
OWN_TABLE = "sarifbandit"
BANDIT_TABLE = "bandit"
INI_NAME = ".bandit"
INI_SECTION = "bandit"


@record(frozen=True)
class ConfigSource:
    """A configuration mapping and the file it came from (for messages)."""

    path: str
    values: Mapping[str, Any]


def _read_text(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except FileNotFoundError:
        raise ConfigError(f"{path}: config file not found") from None
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror or exc}") from None


def _tool_tables(path: str, document: Mapping[str, Any]) -> Dict[str, Any]:
    """[tool.bandit] overlaid key by key with [tool.sarifbandit]; either may be missing."""
    tool = document.get("tool", {})
    merged: Dict[str, Any] = {}
    for name in (BANDIT_TABLE, OWN_TABLE):
        table = tool.get(name, {}) if isinstance(tool, dict) else {}
        if not isinstance(table, dict):
            raise ConfigError(f"{path}: [tool.{name}] must be a table")
        merged.update(table)
    return merged


def load_toml(path: str) -> Dict[str, Any]:
    tomllib = _toml()
    try:
        document = tomllib.loads(_read_text(path))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from None
    return _tool_tables(path, document)


#: a YAML config may stand for at most this many values once its aliases are expanded: a few
#: lines of anchors can stand for billions (the "billion laughs"), too many to check or print
MAX_YAML_VALUES = 100_000


def _safe_load_bounded(text: str, path: str) -> Any:
    """yaml.safe_load, refusing a document whose aliases expand it past MAX_YAML_VALUES; the
    size is counted on the composed node graph, before anything is built."""
    import yaml

    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        if _expanded_size(node) > MAX_YAML_VALUES:
            raise ConfigError(
                f"{path}: refused: its anchors and aliases expand to over {MAX_YAML_VALUES:,} "
                "values (a YAML bomb?); write the values out instead"
            )
        return loader.construct_document(node)
    finally:
        loader.dispose()


def _expanded_size(root: yaml.Node) -> int:
    """How many nodes `root` stands for with every alias expanded, counted without expanding
    (each shared node once, with an explicit stack); a node that contains itself is infinite."""
    import yaml

    sizes: Dict[int, int] = {}
    open_nodes = set()
    stack: List[Tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if isinstance(node, yaml.MappingNode):
            children = [part for pair in node.value for part in pair]
        elif isinstance(node, yaml.SequenceNode):
            children = list(node.value)
        else:
            children = []
        if children_done:
            open_nodes.discard(id(node))
            sizes[id(node)] = min(1 + sum(sizes[id(c)] for c in children), MAX_YAML_VALUES + 1)
            continue
        if id(node) in sizes:
            continue
        if id(node) in open_nodes:
            return MAX_YAML_VALUES + 1
        open_nodes.add(id(node))
        stack.append((node, True))
        stack.extend((child, False) for child in children)
    return sizes[id(root)]


def load_yaml(path: str) -> Dict[str, Any]:
    import yaml

    text = _read_text(path)
    try:
        loaded = _safe_load_bounded(text, path)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f":{mark.line + 1}:{mark.column + 1}" if mark is not None else ""
        problem = exc.problem or exc.context or "syntax error"
        raise ConfigError(f"{path}{where}: invalid YAML: {problem}") from None
    except yaml.YAMLError as exc:
        raise ConfigError(f"{path}: invalid YAML: {exc}") from None
    if loaded is None:
        return {}
    if not isinstance(loaded, dict):
        raise ConfigError(
            f"{path}: the config must be a mapping of keys (tests:, skips:, ...), "
            f"not a {type(loaded).__name__}"
        )
    return loaded


def load_config_file(path: str) -> ConfigSource:
    """`-c FILE`: TOML when the name ends in .toml (its [tool.bandit] / [tool.sarifbandit]
    tables), YAML otherwise, as Bandit decides."""
    if path.lower().endswith(".toml"):
        return ConfigSource(path, load_toml(path))
    return ConfigSource(path, load_yaml(path))


def _has_tool_table(path: Path) -> bool:
    tomllib = _toml()
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        # a broken pyproject that configures us is reported when it is loaded; one that cannot
        # even be parsed is reported here, since we cannot know whether it configures us
        text = _read_text(str(path))
        if f"[tool.{OWN_TABLE}" in text or f"[tool.{BANDIT_TABLE}" in text:
            load_toml(os.path.relpath(path))
        return False
    tool = document.get("tool")
    return isinstance(tool, dict) and (OWN_TABLE in tool or BANDIT_TABLE in tool)


def find_pyproject(start: Path) -> Optional[Path]:
    """The nearest pyproject.toml holding [tool.sarifbandit] or [tool.bandit], looking in
    `start` and its parents up to the repository root (the first folder with a .git)."""
    folder = Path(os.path.abspath(start))
    if not folder.is_dir():
        folder = folder.parent
    while True:
        candidate = folder / "pyproject.toml"
        if candidate.is_file() and _has_tool_table(candidate):
            return candidate
        if (folder / ".git").exists() or folder.parent == folder:
            return None
        folder = folder.parent


def discovery_start(targets: Iterable[str]) -> Path:
    """Where pyproject discovery begins: the deepest folder holding every target."""
    folders = []
    for target in targets:
        path = Path(os.path.abspath(target))
        folders.append(str(path if path.is_dir() else path.parent))
    if not folders:
        return Path.cwd()
    return Path(os.path.commonpath(folders))


# -- the .bandit INI file ---------------------------------------------------------------------

#: INI key -> (flag name in the scan command, kind of value)
INI_KEYS: Dict[str, Tuple[str, str]] = {
    "targets": ("targets", "list"),
    "recursive": ("recursive", "bool"),
    "aggregate": ("aggregate", "aggregate"),
    "number": ("context_lines", "int"),
    "profile": ("profile", "str"),
    "tests": ("tests", "str"),
    "skips": ("skips", "str"),
    "level": ("severity_level", "rank"),
    "confidence": ("confidence_level", "rank"),
    "format": ("fmt", "str"),
    "msg-template": ("msg_template", "str"),
    "output": ("output", "str"),
    "verbose": ("verbose", "bool"),
    "debug": ("debug", "bool"),
    "quiet": ("quiet", "bool"),
    "ignore-nosec": ("ignore_nosec", "bool"),
    "exclude": ("exclude", "str"),
    "baseline": ("baseline", "str"),
    "configfile": ("configfile", "str"),
}
_RANK_WORDS = {"0": "all", "1": "low", "2": "medium", "3": "high"}


def find_ini(targets: Iterable[str]) -> Optional[Path]:
    """Bandit's discovery: a file named `.bandit` anywhere inside the directory targets (file
    targets contribute nothing). More than one is ambiguous, an error. Version-control and
    virtual-env folders are not searched, as they are never scanned."""
    found: List[Path] = []
    for target in targets:
        if target == "-" or not os.path.isdir(target):
            continue
        for folder, _, files in walk_tree(target):
            if INI_NAME in files:
                candidate = Path(folder) / INI_NAME
                if candidate not in found:
                    found.append(candidate)
    if len(found) > 1:
        names = ", ".join(str(p) for p in found)
        raise ConfigError(
            f"more than one {INI_NAME} file in the targets ({names}); pick one with --ini FILE"
        )
    return found[0] if found else None


def _ini_value(path: str, key: str, raw: str, kind: str) -> Any:
    value = raw.strip()
    if kind == "bool":
        word = value.lower()
        import configparser

        if word in configparser.ConfigParser.BOOLEAN_STATES:
            return configparser.ConfigParser.BOOLEAN_STATES[word]
        raise ConfigError(f"{path}: [bandit] {key} = {raw!r}: write true or false")
    if kind == "int":
        if not value.isdigit():
            raise ConfigError(f"{path}: [bandit] {key} = {raw!r}: write a whole number")
        return int(value)
    if kind == "rank":
        word = _RANK_WORDS.get(value, value.lower())
        if word not in ("all", "low", "medium", "high"):
            raise ConfigError(
                f"{path}: [bandit] {key} = {raw!r}: write all, low, medium or high (or 0-3)"
            )
        return word
    if kind == "aggregate":
        if value not in ("file", "vuln"):
            raise ConfigError(f"{path}: [bandit] {key} = {raw!r}: write file or vuln")
        return value
    if kind == "list":
        return tuple(part.strip() for part in value.split(",") if part.strip())
    return value


def load_ini(path: str) -> Tuple[Dict[str, Any], List[str]]:
    """The [bandit] section as {scan flag name: typed value}, and warnings (unknown keys, a
    missing section). Empty values are left out, as Bandit ignores them."""
    import configparser  # only a .bandit file is INI

    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read_string(_read_text(path), source=path)
    except configparser.Error as exc:
        line = getattr(exc, "lineno", None)
        where = f":{line}" if line else ""
        first = str(exc).splitlines()[0]
        raise ConfigError(f"{path}{where}: invalid INI file: {first}") from None
    if not parser.has_section(INI_SECTION):
        return {}, [f"{path}: no [{INI_SECTION}] section, so the file is ignored"]
    values: Dict[str, Any] = {}
    warnings: List[str] = []
    for key, raw in parser.items(INI_SECTION):
        spec = INI_KEYS.get(key)
        if spec is None:
            warnings.append(unknown_key_message(path, f"[{INI_SECTION}] {key}", key, INI_KEYS))
            continue
        if raw.strip():
            values[spec[0]] = _ini_value(path, key, raw, spec[1])
    return values, warnings


def unknown_key_message(path: str, shown: str, key: str, known: Iterable[str]) -> str:
    close = closest(key, known)
    hint = f"; did you mean {close[0]}?" if close else ""
    return f"{path}: unknown key {shown}, ignored{hint}"
