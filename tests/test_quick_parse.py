"""The quick `scan` parser gives exactly click's values for every command line it accepts, and
leaves to click every command line it is not sure of (help, mistakes, other commands)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Dict, List, Optional, Set, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sarifbandit import cli, commands
from sarifbandit.scan_options import COUNT, FLAG, SCAN_OPTIONS, SWITCH, quick_parse
from sarifbandit.scanning import FORMATS

from .cli_runner import runner

Parsed = Tuple[Dict[str, Any], Set[str]]


def by_click(argv: List[str], monkeypatch: pytest.MonkeyPatch) -> Optional[Parsed]:
    """What click hands the scan, or None when click refuses the command line."""
    seen: List[Parsed] = []
    with monkeypatch.context() as patch:
        patch.setattr(commands, "run_scan", lambda flags, given: seen.append((flags, set(given))))
        result = runner().invoke(commands.main, argv)
    if result.exit_code != 0 or not seen:
        return None
    return seen[0]


def by_quick(argv: List[str]) -> Optional[Parsed]:
    return quick_parse(argv, cli.COMMANDS, FORMATS)


ACCEPTED = [
    ["scan", "small.py"],
    ["small.py"],
    ["-r", "src", "-f", "json", "-o", "out.json"],
    ["scan", "--no-cache", "-"],
    ["scan", "-lll", "-ii", "src"],
    ["scan", "-l", "-l", "--confidence", "src"],
    ["scan", "-vr", "src"],
    ["scan", "-n5", "-j", "2", "src"],
    ["scan", "--number=0", "--jobs=1", "src"],
    ["scan", "--severity-level", "HIGH", "--confidence-level=medium", "src"],
    ["scan", "-q", "--no-quiet", "--silent", "src"],
    ["scan", "--verbose", "--no-verbose", "src"],
    ["scan", "--extend-exclude", "a,b", "--extend-exclude=c", "src"],
    ["scan", "--max-file-size", "500k", "src"],
    ["scan", "--max-file-size=10M", "src"],
    ["scan", "-x", "tests", "-s", "B101,B404", "-t", "B602", "src"],
    ["scan", "src", "-f", "sarif", "other.py", "--exit-zero"],
    ["scan", "--", "-weird.py", "--no-cache"],
    ["scan", "-a", "vuln", "-f", "screen", "--msg-template", "{line}", "src"],
    ["scan", "--stdin-filename", "app/x.py", "-", "--category", "py", "--diff", "HEAD~1"],
    ["scan", "--ignore-nosec", "--no-ignore-nosec", "--show-suppressed", "src"],
    ["scan", "--isolated", "--no-dataflow", "--sarif-absolute-paths", "--show-absent", "src"],
    ["scan", "-b", "base.sarif", "-c", "cfg.toml", "-p", "prof", "--ini", ".bandit", "src"],
    ["scan", "-d", "--no-debug", "--cache-dir", "/tmp/c", "src"],
    ["scan", "-ofile.sarif", "src"],
    ["scan"],
]


@pytest.mark.parametrize("argv", ACCEPTED, ids=" ".join)
def test_the_quick_parser_reads_what_click_reads(
    argv: List[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    quick = by_quick(argv)
    assert quick is not None, "a well-formed scan command line takes the quick path"
    assert quick == by_click(argv, monkeypatch)


REFUSED = [
    [],
    ["--help"],
    ["scan", "--help"],
    ["scan", "-h"],
    ["--version"],
    ["rules"],
    ["cache", "clear"],
    ["scna", "src"],  # a mistyped command: click says so
    ["scan", "--bogus", "src"],
    ["scan", "-Z", "src"],
    ["scan", "-f", "jsn", "src"],
    ["scan", "-n", "-1", "src"],
    ["scan", "-j", "0", "src"],
    ["scan", "-j", "two", "src"],
    ["scan", "-a", "VULN", "src"],
    ["scan", "--severity-level", "severe", "src"],
    ["scan", "--max-file-size", "0", "src"],
    ["scan", "--max-file-size", "lots", "src"],
    ["scan", "--no-cache=yes", "src"],
    ["scan", "src", "-o"],
    ["scan", "-o", "."],
]


@pytest.mark.parametrize("argv", REFUSED, ids=lambda a: " ".join(a) or "(none)")
def test_what_the_quick_parser_is_not_sure_of_goes_to_click(
    argv: List[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert by_quick(argv) is None


def test_the_quick_parser_knows_every_command() -> None:
    assert set(cli.COMMANDS) == set(commands.main.commands)


def _words(option: Any) -> st.SearchStrategy[List[str]]:
    """Ways to write one option with a valid value."""
    names = st.sampled_from(option.names)
    if option.kind in (FLAG, COUNT):
        return names.map(lambda n: [n])
    if option.kind == SWITCH:
        return st.sampled_from([*option.names, *option.off]).map(lambda n: [n])
    if option.formats:
        value = st.sampled_from(FORMATS)
    elif option.choices:
        value = st.sampled_from(option.choices)
    elif option.minimum is not None:
        value = st.integers(option.minimum, 64).map(str)
    elif option.size:
        value = st.sampled_from(["1", "500k", "10M", "2g", "300kb"])
    else:
        value = st.sampled_from(["a.py", "x,y", "{line}", "src/app", "-"])
    spelled = st.tuples(names, value, st.booleans())
    return spelled.map(
        lambda t: [f"{t[0]}={t[1]}"] if t[0].startswith("--") and t[2] else [t[0], t[1]]
    )


ANY_OPTION = st.one_of(*[_words(o) for o in SCAN_OPTIONS])
TARGET = st.sampled_from(["src", "app.py", "-", "pkg/mod.py"]).map(lambda t: [t])


@settings(max_examples=150, deadline=None)
@given(parts=st.lists(st.one_of(ANY_OPTION, TARGET), max_size=8))
def test_any_valid_option_mix_reads_as_click_reads_it(parts: List[List[str]]) -> None:
    argv = ["scan", *(word for part in parts for word in part)]
    quick = by_quick(argv)
    assert quick is not None
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert quick == by_click(argv, monkeypatch)
