"""The deny lists (B3xx calls, B4xx imports): matching, locations, selection through B001."""

from __future__ import annotations

import json
import sys
from textwrap import dedent
from typing import Iterable, List, Optional, Tuple

import pytest

from sarifbandit import Config
from sarifbandit.config.options import ConfigError, select
from sarifbandit.engine.filescan import scan_bytes
from sarifbandit.plugins import blacklist_calls, blacklist_imports
from sarifbandit.registry import blacklist_ids, rules_by_id

ALIAS_LOCATIONS = sys.version_info >= (3, 10)


def _scan(code: str, tests: Iterable[str] = (), skips: Iterable[str] = ()) -> List[tuple]:
    config = Config(selected=select(list(tests), list(skips)), jobs=1)
    result = scan_bytes(dedent(code).encode(), "t.py", config)
    assert result.scanned and not result.notifications, result.notifications
    return [(f.line, f.region.start_column, f.rule_id) for f in result.findings]


def _ids(code: str, **selection: Iterable[str]) -> List[Tuple[int, str]]:
    """(line, id) pairs, sorted: columns of aliases differ before Python 3.10."""
    return sorted((line, rule_id) for line, _, rule_id in _scan(code, **selection))


def test_each_alias_of_one_statement_is_reported_at_the_alias() -> None:
    # Bandit reports only B403 here; each module is its own problem
    found = _scan("import subprocess, pickle\n")
    if ALIAS_LOCATIONS:
        assert found == [(1, 8, "B404"), (1, 20, "B403")]
    else:
        assert sorted(found) == [(1, 1, "B403"), (1, 1, "B404")]


def test_aliases_of_one_module_share_one_finding_at_the_first() -> None:
    code = "from subprocess import (\n    PIPE,\n    Popen as P,\n)\nimport pickle, dill\n"
    config = Config(selected=select([], []), jobs=1)
    (b404, pickle, dill) = scan_bytes(code.encode(), "t.py", config).findings
    assert (b404.rule_id, b404.line) == ("B404", 2 if ALIAS_LOCATIONS else 1)
    assert b404.message.startswith("subprocess.PIPE, subprocess.Popen imported: ")
    # dill and pickle are two modules of one id: two findings
    assert [(f.rule_id, f.message.split()[0]) for f in (pickle, dill)] == [
        ("B403", "pickle"),
        ("B403", "dill"),
    ]


def test_multi_line_from_import_points_at_each_alias() -> None:
    code = """\
    from xml.etree import (
        ElementTree,
        cElementTree as cET,
    )
    """
    found = _scan(code)
    if ALIAS_LOCATIONS:
        assert found == [(2, 5, "B405"), (3, 5, "B405")]
    else:
        assert found == [(1, 1, "B405"), (1, 1, "B405")]


def test_nosec_anywhere_in_the_import_statement_covers_its_aliases() -> None:
    code = """\
    from pickle import (  # nosec B403
        loads,
        dumps,
    )
    import telnetlib, shelve  # nosec B401
    """
    assert _ids(code) == [(5, "B403")]


def test_an_alias_gets_the_lowest_matching_id_only() -> None:
    # `xml.sax.expatreader` starts with B406's prefix only; B315 is a call entry
    assert _ids("from xml.sax import expatreader\n") == [(1, "B406")]


def test_import_prefixes_match_as_bandit_does() -> None:
    code = """\
    import pickletools
    from .pickle import helper
    from . import shelve
    import xmlrpclib
    from xml.sax.saxutils import escape
    import Cryptodome.Cipher
    from xml import etree
    import xml
    """
    assert _ids(code) == [(1, "B403"), (2, "B403"), (3, "B403"), (4, "B411"), (5, "B406")]


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        ('__import__("pickle")', "B403"),
        ('__import__("eval")', "B307"),  # exact equality with every entry, calls too
        ('importlib.import_module("xml.sax")', "B406"),
        ('il.import_module("telnetlib")', "B401"),
        ('load("ftplib")', "B402"),
        ('importlib.__import__("dill")', "B403"),
        ('importlib.import_module(name="shelve")', "B403"),
        ("importlib.import_module(mods.pickle)", "B403"),  # an attribute's last part
        ('__import__("telnetlib.x")', None),  # no prefix matching for calls
        ("__import__(name)", None),
        ("__import__()", None),
        ("importlib.import_module()", None),  # Bandit raises an internal error here
        ("importlib.import_module(*names)", None),
    ],
)
def test_module_loaders_match_the_loaded_name_exactly(call: str, expected: Optional[str]) -> None:
    code = f"import importlib as il\nimport importlib\nfrom importlib import import_module as load\n{call}\n"
    assert _ids(code) == ([(4, expected)] if expected else [])


def test_a_call_named_exactly_like_an_import_entry_is_reported() -> None:
    code = """\
    import wsgiref.handlers
    wsgiref.handlers.CGIHandler()
    wsgiref.handlers.CGIHandler.run()
    """
    assert _ids(code) == [(2, "B412")]


def test_call_entries_match_the_resolved_name_exactly() -> None:
    code = """\
    import pickle as pk
    from random import choice as pick
    pk.loads(b"")
    pick([1])
    pk.loads.__call__(b"")
    pickle.loads(b"")
    obj.pickle.loads(b"")
    """
    # line 6: `pickle` was never imported under that name, but the qualname is still pickle.loads
    assert _ids(code) == [(1, "B403"), (3, "B301"), (4, "B311"), (6, "B301")]


def test_messages_name_what_was_called_or_imported() -> None:
    config = Config(jobs=1)
    code = b"import subprocess as sp\nfrom xml.dom import minidom\nminidom.parse(f)\n"
    result = scan_bytes(code, "t.py", config)
    messages = [f.message for f in result.findings]
    assert messages[0].startswith("subprocess imported: ")
    assert messages[1].startswith("xml.dom.minidom imported: ")
    assert messages[2].startswith("xml.dom.minidom.parse() called: ")


def test_entries_carry_their_own_severity_and_cwe() -> None:
    rules = rules_by_id()
    assert (rules["B304"].severity.name, rules["B304"].cwe) == ("HIGH", 327)
    assert (rules["B311"].severity.name, rules["B311"].cwe) == ("LOW", 338)
    assert (rules["B307"].severity.name, rules["B307"].cwe) == ("MEDIUM", 95)
    assert (rules["B413"].severity.name, rules["B403"].severity.name) == ("HIGH", "LOW")
    assert all(rules[i].confidence.name == "HIGH" for i in blacklist_ids())


def test_b001_selects_every_deny_list_check_and_nothing_else() -> None:
    deny = {r.id for r in blacklist_calls.RULES + blacklist_imports.RULES}
    assert blacklist_ids() == deny
    assert select(["B001"], []) == deny
    # naming a specific entry next to B001 keeps the selection to that entry (Bandit's rule)
    assert select(["B001", "B403"], []) == {"B403"}
    assert not select([], ["B001"]) & deny
    assert "B101" in select([], ["B001"])


def test_b001_and_a_deny_entry_cannot_be_both_selected_and_skipped() -> None:
    with pytest.raises(ConfigError):
        select(["B001"], ["B001"])


MIXED = """\
import pickle, subprocess, telnetlib
pickle.loads(b"")
__import__("dill")
eval("1")
"""


def test_selecting_one_entry_runs_only_that_entry() -> None:
    assert _ids(MIXED, tests=["B403"]) == [(1, "B403"), (3, "B403")]
    assert _ids(MIXED, tests=["B001"]) == [
        (1, "B401"),
        (1, "B403"),
        (1, "B404"),
        (2, "B301"),
        (3, "B403"),
        (4, "B307"),
    ]


def test_skipping_one_entry_keeps_the_others() -> None:
    assert _ids(MIXED, tests=["B001"], skips=["B403"]) == [
        (1, "B401"),
        (1, "B404"),
        (2, "B301"),
        (4, "B307"),
    ]


def test_deny_rules_are_bandit_blacklist_tests() -> None:
    for rule_id in blacklist_ids():
        rule = rules_by_id()[rule_id]
        assert rule.test_name == "blacklist"
        assert rule.family in ("blacklist-call", "blacklist-import")


def _cli_ids(tmp_path, *flags: str) -> List[str]:
    from click.testing import CliRunner

    from sarifbandit.cli import main

    target = tmp_path / "t.py"
    target.write_text(MIXED, encoding="utf-8")
    result = CliRunner().invoke(main, ["scan", "-f", "sarif", *flags, str(target)])
    assert result.exit_code == 1, result.output
    (run,) = json.loads(result.output)["runs"]
    return sorted(found["ruleId"] for found in run["results"])


def test_cli_tests_flag_runs_one_deny_entry(tmp_path) -> None:
    assert _cli_ids(tmp_path, "-t", "B403") == ["B403", "B403"]


def test_cli_b001_with_a_skip_runs_the_other_entries(tmp_path) -> None:
    assert _cli_ids(tmp_path, "-t", "B001", "-s", "B403") == ["B301", "B307", "B401", "B404"]
