"""The rule catalogue rendered from the Rule objects: docs/rules.md, and the listings of
`sarifbandit rules` (table, JSON, markdown). The Rules are the only source; nothing is typed twice.

Regenerate the published page with `python -m sarifbandit.docs` (or
`sarifbandit rules --format markdown > docs/rules.md`); tests/test_docs.py fails when it is stale.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import List, Optional, Sequence

from .model import Rule
from .registry import all_rules
from .writers.common import help_uri

DOCS_PATH = Path(__file__).resolve().parent.parent / "docs" / "rules.md"

_COLUMNS = ("id", "name", "severity", "confidence", "cwe")
_FAMILIES = {
    "plugin": "Checks",
    "blacklist-call": "Deny-listed calls (B001)",
    "blacklist-import": "Deny-listed imports (B001)",
    "dataflow": "Data-flow checks",
}


def anchor(rule: Rule) -> str:
    """The fragment the SARIF helpUri of `rule` points at, so links from alerts land on it."""
    return help_uri(rule).partition("#")[2]


def _cwe_link(cwe: int) -> str:
    return f"[CWE-{cwe}](https://cwe.mitre.org/data/definitions/{cwe}.html)"


def _row(rule: Rule) -> List[str]:
    return [rule.id, rule.name, rule.severity.name, rule.confidence.name, f"CWE-{rule.cwe}"]


def render_table(rules: Sequence[Rule]) -> str:
    """Aligned plain-text columns, for a terminal."""
    rows = [[c.upper() for c in _COLUMNS], *(_row(rule) for rule in rules)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(_COLUMNS))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]
    return "\n".join(lines) + "\n"


def render_json(rules: Sequence[Rule]) -> str:
    """One object per rule, for scripts."""
    items = [
        {
            "id": rule.id,
            "name": rule.name,
            "severity": rule.severity.name,
            "confidence": rule.confidence.name,
            "cwe": rule.cwe,
            "family": rule.family,
            "short": rule.short,
            "help_uri": help_uri(rule),
        }
        for rule in rules
    ]
    return json.dumps(items, indent=2) + "\n"


def _demoted(doc: str, levels: int) -> str:
    """The rule's doc with its headings `levels` deeper, code fences left alone."""
    lines = []
    fenced = False
    for line in doc.strip().splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and line.startswith("#"):
            line = "#" * levels + line
        lines.append(line)
    return "\n".join(lines)


def _rule_section(rule: Rule) -> str:
    return (
        f'<a id="{anchor(rule)}"></a>\n\n'
        f"### {rule.id} {rule.name}\n\n"
        f"{rule.short}\n\n"
        f"Severity **{rule.severity.name}**, confidence **{rule.confidence.name}**, "
        f"{_cwe_link(rule.cwe)}. Bandit test name: `{rule.test_name or rule.name}`.\n\n"
        f"{_demoted(rule.doc, 2)}\n"
    )


def render_markdown(rules: Sequence[Rule]) -> str:
    """docs/rules.md: an index table, then every rule's full documentation, grouped by family."""
    out = [
        "# Rules\n",
        "Generated from the rule definitions by `python -m sarifbandit.docs`; do not edit by hand.",
        "`# nosec` accepts the id or the name. `B001` in `-t`/`-s` stands for every deny-list",
        "check.\n",
        "| ID | Name | Severity | Confidence | CWE |",
        "|---|---|---|---|---|",
    ]
    for rule in rules:
        out.append(
            f"| [{rule.id}](#{anchor(rule)}) | `{rule.name}` | {rule.severity.name} | "
            f"{rule.confidence.name} | {_cwe_link(rule.cwe)} |"
        )
    for family, title in _FAMILIES.items():
        members = [rule for rule in rules if rule.family == family]
        if members:
            out.append(f"\n## {title}\n")
            out.extend(_rule_section(rule) for rule in members)
    others = [rule for rule in rules if rule.family not in _FAMILIES]
    if others:
        out.append("\n## Other checks\n")
        out.extend(_rule_section(rule) for rule in others)
    return "\n".join(out).rstrip() + "\n"


RENDERERS = {"table": render_table, "json": render_json, "markdown": render_markdown}


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Write docs/rules.md (or the path given) from the registered rules."""
    args = list(sys.argv[1:] if argv is None else argv)
    target = Path(args[0]) if args else DOCS_PATH
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(render_markdown(all_rules()), encoding="utf-8", newline="\n")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
