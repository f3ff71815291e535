"""Every Bandit check's CWE, pinned: the most specific entry of MITRE's list that is correct for
what the check finds. Where it differs from Bandit 1.9.4 the README's Differences from Bandit
says so; a change here is a change users see in SARIF tags, JSON `issue_cwe` and text output."""

from __future__ import annotations

import pytest

from sarifbandit.registry import rules_by_id

#: {id: (our CWE, Bandit's CWE)}
CWES = {
    "B101": (703, 703),
    "B102": (95, 78),  # exec of a string is eval injection, not OS command injection
    "B103": (732, 732),
    "B104": (1327, 605),  # binding to 0.0.0.0; 605 is "multiple binds to the same port"
    "B105": (259, 259),
    "B106": (259, 259),
    "B107": (259, 259),
    "B108": (377, 377),
    "B110": (390, 703),  # an error detected and then ignored
    "B112": (390, 703),
    "B113": (1088, 400),  # synchronous remote access without a timeout
    "B201": (489, 94),  # active debug code (the debugger's console is the consequence)
    "B202": (22, 22),
    "B301": (502, 502),
    "B302": (502, 502),
    "B303": (328, 327),  # weak hash
    "B304": (327, 327),
    "B305": (327, 327),
    "B306": (377, 377),
    "B307": (95, 78),
    "B308": (79, 79),
    "B310": (22, 22),
    "B311": (338, 330),  # cryptographically weak PRNG
    "B312": (319, 319),
    **{f"B31{n}": (776, 20) for n in range(3, 10)},  # entity expansion in XML parsers
    "B321": (319, 319),
    "B323": (295, 295),
    "B324": (328, 327),
    "B401": (319, 319),
    "B402": (319, 319),
    "B403": (502, 502),
    "B404": (78, 78),
    **{f"B40{n}": (776, 20) for n in range(5, 10)},
    "B411": (776, 20),
    "B412": (284, 284),
    "B413": (1104, 327),  # an unmaintained component
    "B415": (319, 319),
    "B501": (295, 295),
    "B502": (327, 327),
    "B503": (327, 327),
    "B504": (327, 327),
    "B505": (326, 326),
    "B506": (502, 20),  # yaml.load is deserialization of untrusted data
    "B507": (295, 295),
    "B508": (319, 319),
    "B509": (319, 319),
    "B601": (78, 78),
    "B602": (78, 78),
    "B603": (78, 78),
    "B604": (78, 78),
    "B605": (78, 78),
    "B606": (78, 78),
    "B607": (426, 78),  # untrusted search path
    "B608": (89, 89),
    "B609": (155, 155),
    "B610": (89, 89),
    "B611": (89, 89),
    "B612": (94, 94),
    "B613": (838, 838),
    "B614": (502, 502),
    "B615": (494, 494),
    "B701": (79, 94),  # autoescaping off is cross-site scripting
    "B702": (80, 80),
    "B703": (80, 80),
    "B704": (79, 79),
}


def test_every_bandit_check_is_pinned() -> None:
    bandit_ids = {rule_id for rule_id in rules_by_id() if rule_id.startswith("B")}
    assert bandit_ids == set(CWES)


@pytest.mark.parametrize("rule_id", sorted(CWES))
def test_cwe(rule_id: str) -> None:
    assert rules_by_id()[rule_id].cwe == CWES[rule_id][0]


def test_every_change_is_in_the_readme() -> None:
    from pathlib import Path

    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Differences from Bandit", 1)[1].split("\n## ", 1)[0]
    for rule_id, (ours, bandits) in CWES.items():
        if ours != bandits:
            assert f"{rule_id}" in section and f"CWE-{ours}" in section, rule_id
