"""docs/rules.md is generated from the Rule objects and must not go stale; `sarifbandit rules`
lists the same catalogue in three formats."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from sarifbandit import Config, docs, scan
from sarifbandit.cli import main
from sarifbandit.registry import all_rules


def test_docs_rules_md_is_up_to_date() -> None:
    current = docs.DOCS_PATH.read_text(encoding="utf-8") if docs.DOCS_PATH.is_file() else ""
    assert current == docs.render_markdown(all_rules()), (
        "docs/rules.md is stale: regenerate it with `python -m sarifbandit.docs`"
    )


def test_markdown_holds_every_rule_section_once() -> None:
    text = docs.render_markdown(all_rules())
    for rule in all_rules():
        assert text.count(f"\n### {rule.id} {rule.name}\n") == 1
        assert text.count(f'<a id="{docs.anchor(rule)}"></a>') == 1
        assert f"| [{rule.id}](#{docs.anchor(rule)}) |" in text


def test_rule_doc_headings_are_nested_under_the_rule() -> None:
    text = docs.render_markdown(all_rules())
    assert "\n#### What it does\n" in text
    assert "\n## What it does\n" not in text
    # a '#' line inside a code fence is code, not a heading
    assert (
        docs._demoted("## A\n```python\n# comment\n```", 2) == "#### A\n```python\n# comment\n```"
    )


def test_rules_command_json_lists_every_rule() -> None:
    result = CliRunner().invoke(main, ["rules", "--format", "json"])
    assert result.exit_code == 0, result.output
    listed = json.loads(result.output)
    assert [item["id"] for item in listed] == [rule.id for rule in all_rules()]
    first = listed[0]
    assert set(first) >= {"id", "name", "severity", "confidence", "cwe", "help_uri"}


def test_rules_command_table_has_one_row_per_rule() -> None:
    result = CliRunner().invoke(main, ["rules"])
    assert result.exit_code == 0, result.output
    header, *rows = result.output.splitlines()
    assert header.split() == ["ID", "NAME", "SEVERITY", "CONFIDENCE", "CWE"]
    by_id = {row.split()[0]: row.split() for row in rows}
    for rule in all_rules():
        assert by_id[rule.id] == [
            rule.id,
            rule.name,
            rule.severity.name,
            rule.confidence.name,
            f"CWE-{rule.cwe}",
        ]


def test_rules_command_markdown_is_the_docs_page() -> None:
    result = CliRunner().invoke(main, ["rules", "--format", "markdown"])
    assert result.exit_code == 0, result.output
    assert result.output == docs.render_markdown(all_rules())


def test_rule_command_prints_the_full_help() -> None:
    result = CliRunner().invoke(main, ["rule", "b403"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("B403 import_pickle: ")
    assert "## Why is this bad?" in result.output


def test_rule_command_rejects_an_unknown_id() -> None:
    result = CliRunner().invoke(main, ["rule", "B999"])
    assert result.exit_code == 2


def _code_of(section: str) -> str:
    """The python code blocks of one doc section, joined."""
    blocks = re.findall(r"```python\n(.*?)```", section, flags=re.S)
    return "\n".join(blocks)


def _findings_of(rule, code: str) -> list:
    config = Config(selected=frozenset({rule.id}), jobs=1, use_cache=False)
    report = scan(["-"], config, stdin=code.encode("utf-8"), stdin_name="doc_example.py")
    errors = [n for n in report.notifications if n.level == "error"]
    assert not errors, errors
    return [(f.line, f.rule_id) for f in report.findings if f.rule_id == rule.id]


#: rules whose docs' code does not pass yet: B601's Example lacks its paramiko client, B603's and
#: B606's Use instead is a call those checks report by design (every process start is listed for
#: review), B613's Use instead has no code block, B614's and B615's Example lack their imports
DOC_CODE_GAPS = {"B601", "B603", "B606", "B613", "B614", "B615"}


@pytest.mark.parametrize(
    "rule",
    [
        pytest.param(r, marks=pytest.mark.xfail(strict=True, reason="doc code gap"))
        if r.id in DOC_CODE_GAPS
        else r
        for r in all_rules()
    ],
    ids=lambda r: r.id,
)
def test_doc_example_is_found_and_its_fix_is_not(rule) -> None:
    """The docs teach by their code: the Example must be reported by the rule it documents, and
    the Use instead code must not be."""
    bad, good = _code_of(rule.example), _code_of(rule.use_instead)
    assert bad and good, f"{rule.id}: Example and Use instead each need a ```python block"
    assert _findings_of(rule, bad), f"{rule.id}: its doc Example gives no {rule.id} finding"
    assert not _findings_of(rule, good), f"{rule.id}: its doc Use instead is reported"
