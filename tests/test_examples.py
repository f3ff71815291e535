"""The acceptance test: every examples/ file through the real pipeline, every check enabled,
findings compared with the inline markers both ways (missing and unexpected both fail)."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

from sarifbandit import Config, scan
from sarifbandit.config.options import merge_options, select
from sarifbandit.registry import all_rules

from .markers import expectations, gaps, options

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
FILES = sorted(EXAMPLES.glob("*.py"))


def _config_for(path: Path) -> Config:
    opts = options(path)
    blocks = {k: v for k, v in opts.items() if k not in ("tests", "skips")}
    return Config(
        selected=select(opts.get("tests", []), opts.get("skips", [])),
        options=merge_options(blocks),
        jobs=1,
    )


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_example(path: Path) -> None:
    report = scan([path], _config_for(path), root=EXAMPLES)
    errors = [n for n in report.notifications if n.level == "error"]
    newer = [n for n in errors if n.code == "syntax-error" and "or later" in n.message]
    if newer and sys.version_info < (3, 11):
        # examples of `except*` and `match` forms need the Python that has that syntax
        pytest.skip(f"{path.name} uses syntax this Python lacks: {newer[0].message}")
    assert not errors, report.notifications
    _compare(path, report.findings)


#: projects of several modules: data flow from a view into helpers of other modules
PROJECTS = sorted(p for p in (EXAMPLES / "projects").iterdir() if p.is_dir())


@pytest.mark.parametrize("project", PROJECTS, ids=[p.name for p in PROJECTS])
def test_example_project(project: Path) -> None:
    report = scan([project], Config(jobs=1, use_cache=False), root=project)
    assert not [n for n in report.notifications if n.level == "error"], report.notifications
    files = sorted(project.rglob("*.py"))
    for path in files:
        name = path.relative_to(project).as_posix()
        _compare(path, [f for f in report.findings if f.path == name])


def _compare(path: Path, findings: list) -> None:
    """The findings of one file against its markers, both ways, and the pinned details."""
    details: dict = {}
    expected = expectations(path, details)
    known_gaps = gaps(path)
    expected = Counter({k: n for k, n in expected.items() if (k[0], k[1]) not in known_gaps})
    columns = {(line, rule) for line, rule, col in expected if col is not None}
    actual: Counter = Counter()
    for f in findings:
        key = (f.line, f.rule_id)
        if key in known_gaps:
            continue
        actual[(f.line, f.rule_id, f.region.start_column if key in columns else None)] += 1
    missing = expected - actual
    unexpected = actual - expected
    assert not missing and not unexpected, (
        f"{path.name}: missing: {sorted(missing.elements())}\n"
        f"unexpected: {sorted(unexpected.elements())}"
    )
    for (line, rule_id), pins in details.items():
        if (line, rule_id) in known_gaps:
            continue
        found = sorted(
            (f.confidence.name, f.flow[0].region.start_line if f.flow else None)
            for f in findings
            if (f.line, f.rule_id) == (line, rule_id)
        )
        for confidence, source in pins:
            assert any(
                (confidence is None or c == confidence) and (source is None or s == source)
                for c, s in found
            ), (
                f"{path.name} line {line} {rule_id}: wanted {confidence or 'any'}<{source}, found {found}"
            )


@pytest.mark.parametrize("rule", all_rules(), ids=lambda r: r.id)
def test_every_rule_has_an_example(rule) -> None:
    path = EXAMPLES / f"{rule.id.lower()}_{rule.name}.py"
    assert path.is_file(), f"{rule.id} needs an example file {path.name}"
    marked = {rule_id for _, rule_id, _ in expectations(path)}
    assert rule.id in marked, f"{path.name} marks no {rule.id} finding"
    lines = path.read_text(encoding="utf-8").splitlines()
    clean = [
        ln
        for ln in lines[1:]
        if ln.strip() and not ln.lstrip().startswith("#") and "expect:" not in ln
    ]
    assert clean, f"{path.name} has no safe (unmarked) code"
