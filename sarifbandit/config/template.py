"""`sarifbandit init`: a commented starting config with every check and every option at its
default, as bandit.yaml (Bandit reads it too, with `-c`) or as a [tool.sarifbandit] block in
pyproject.toml (found without `-c`)."""

from __future__ import annotations

import json
import os
import re
from typing import Any, Dict, List, Tuple

import yaml

from ..errors import ConfigError
from ..model import Rule
from ..registry import all_rules
from .files import OWN_TABLE, tomllib
from .options import DEFAULT_INCLUDE

_HEADER = (
    "sarifbandit configuration. Every value is the default: delete what you do not change.",
    "Check ids are listed by `sarifbandit rules`; `sarifbandit rule ID` explains one.",
)
_TOP_LEVEL: Tuple[Tuple[str, Any, str], ...] = (
    ("tests", [], "check ids to run; empty runs every check (B001 = every deny-list check)"),
    ("skips", [], "check ids never to run"),
    ("exclude_dirs", [], "paths or globs to leave out, on top of VCS and virtual-env folders"),
    ("include", list(DEFAULT_INCLUDE), "file-name globs scanned inside directories"),
    ("dataflow", True, "trace untrusted input to dangerous calls; false: Bandit's checks only"),
)
#: per-path skips, empty, with an example: globs match the paths reports show (relative to where
#: the scan runs), as exclude_dirs patterns do
_PER_FILE_HELP = (
    "check ids not run on the files a glob matches (a name glob such as test_*.py matches",
    "any file of that name); e.g. tests/** skipping B101 and B311. No per-path thresholds:",
    "a skipped check costs nothing, and B311 already rates test code LOW.",
)
_PER_FILE_YAML = ('per_file_skips: {}  # {"tests/**": [B101, B311], "test_*.py": [B101]}',)
_PER_FILE_TOML = ('per-file-skips = {}  # {"tests/**" = ["B101", "B311"], "test_*.py" = ["B101"]}',)
#: the `taint` table, commented out: data-flow models added to the built-in ones
_TAINT_HELP = (
    "Data-flow models of your own, added to the built-in ones (README: Data-flow models).",
    "sources, sinks, sanitizers and propagators, each a list of entries such as:",
)
_TAINT_YAML = (
    "taint:",
    "  sources: [{name: myapp.web.current_query, kind: remote}]",
    "  sinks: [{call: myapp.db.run_sql, args: [0], class: sql}]",
    "  sanitizers: [{call: myapp.text.clean_name, for: [path, command]}]",
    "  propagators: [{call: myapp.text.normalise}]",
)
_TAINT_TOML = (
    f"[tool.{OWN_TABLE}.taint]",
    'sources = [{name = "myapp.web.current_query", kind = "remote"}]',
    'sinks = [{call = "myapp.db.run_sql", args = [0], class = "sql"}]',
    'sanitizers = [{call = "myapp.text.clean_name", for = ["path", "command"]}]',
    'propagators = [{call = "myapp.text.normalise"}]',
)


def _blocks() -> List[Tuple[str, List[Rule], Dict[str, Any]]]:
    """(config key Bandit reads, the rules reading it, their options) in check-id order."""
    blocks: Dict[str, Tuple[List[Rule], Dict[str, Any]]] = {}
    for rule in all_rules():
        if rule.options and rule.config_keys:
            rules, options = blocks.setdefault(rule.config_keys[0], ([], {}))
            rules.append(rule)
            options.update(rule.options)
    return [(key, rules, options) for key, (rules, options) in blocks.items()]


def _catalogue(comment: str) -> List[str]:
    lines = [f"{comment} The checks:"]
    for rule in all_rules():
        lines.append(f"{comment}   {rule.id}  {rule.name}: {rule.short}")
    return lines


def _used_by(rules: List[Rule]) -> str:
    return ", ".join(f"{rule.id} {rule.name}" for rule in rules)


def render_yaml() -> str:
    out = [f"# {line}" for line in _HEADER]
    out.append("# Use it with `sarifbandit -c bandit.yaml` (or `bandit -c bandit.yaml`).")
    out.append("")
    for key, default, help_text in _TOP_LEVEL:
        out.append(f"# {help_text}")
        flow = None if isinstance(default, list) else False  # `dataflow: true`, not a {mapping}
        out.append(yaml.safe_dump({key: default}, default_flow_style=flow, width=100).rstrip())
    out.extend(f"# {line}" for line in _PER_FILE_HELP)
    out.extend(_PER_FILE_YAML)
    out.append("")
    out.extend(f"# {line}" for line in _TAINT_HELP)
    out.extend(f"# {line}" for line in _TAINT_YAML)
    out.append("")
    out.extend(_catalogue("#"))
    out.append("")
    out.append("# Per-check options, merged key by key over these defaults.")
    for key, rules, options in _blocks():
        out.append("")
        out.append(f"# read by {_used_by(rules)}")
        out.append(yaml.safe_dump({key: options}, default_flow_style=False, width=100).rstrip())
    return "\n".join(out) + "\n"


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, (list, tuple)):
        items = [_toml_value(item) for item in value]
        one_line = f"[{', '.join(items)}]"
        if len(one_line) <= 80:
            return one_line
        return "[\n" + "".join(f"    {item},\n" for item in items) + "]"
    raise TypeError(f"no TOML form for {value!r}")


def render_pyproject_block() -> str:
    out = [f"# {line}" for line in _HEADER]
    out.append(f"[tool.{OWN_TABLE}]")
    for key, default, help_text in _TOP_LEVEL:
        out.append(f"# {help_text}")
        out.append(f"{key} = {_toml_value(default)}")
    out.extend(f"# {line}" for line in _PER_FILE_HELP)
    out.extend(_PER_FILE_TOML)
    out.extend(_catalogue("#"))
    for key, rules, options in _blocks():
        out.append("")
        out.append(f"# read by {_used_by(rules)}")
        out.append(f"[tool.{OWN_TABLE}.{key}]")
        out.extend(f"{name} = {_toml_value(value)}" for name, value in options.items())
    out.append("")
    out.extend(f"# {line}" for line in (*_TAINT_HELP, *_TAINT_TOML))
    return "\n".join(out) + "\n"


_OUR_HEADER = re.compile(rf"^\s*\[\s*tool\s*\.\s*{OWN_TABLE}\s*(\.[^\]]*)?\]")
_ANY_HEADER = re.compile(r"^\s*\[")


def _without_our_tables(text: str) -> str:
    """pyproject.toml text with every [tool.sarifbandit...] table removed."""
    kept: List[str] = []
    inside = False
    for line in text.splitlines(keepends=True):
        if _ANY_HEADER.match(line):
            inside = bool(_OUR_HEADER.match(line))
        if not inside:
            kept.append(line)
    return "".join(kept)


def write_init(path: str, pyproject: bool, force: bool) -> str:
    """Write the starting config to `path`; the message to show. Refuses to overwrite an
    existing config (a whole file, or the [tool.sarifbandit] table) unless `force`."""
    if not pyproject:
        if os.path.exists(path) and not force:
            raise ConfigError(f"{path} exists; pass --force to overwrite it")
        _write(path, render_yaml())
        return f"wrote {path}: use it with `sarifbandit -c {path}` (Bandit reads it too)"
    existing = ""
    if os.path.exists(path):
        try:
            with open(path, encoding="utf-8") as handle:
                existing = handle.read()
            document = tomllib.loads(existing)
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise ConfigError(f"{path}: cannot add to it: {exc}") from None
        if OWN_TABLE in document.get("tool", {}):
            if not force:
                raise ConfigError(
                    f"{path} already has [tool.{OWN_TABLE}]; pass --force to replace it"
                )
            existing = _without_our_tables(existing)
    text = (existing.rstrip("\n") + "\n\n" if existing.strip() else "") + render_pyproject_block()
    tomllib.loads(text)  # what we write must read back
    _write(path, text)
    return f"wrote [tool.{OWN_TABLE}] to {path}: it is found without -c"


def _write(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot write: {exc.strerror or exc}") from None
