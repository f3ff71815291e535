"""Bandit's findings inside helpers judged by the scan's calls of them (engine.callers)."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Dict

from sarifbandit import Config, scan
from sarifbandit.analysis.taint import flows
from sarifbandit.engine import callers
from sarifbandit.model import Rank

HELPERS = """
import subprocess

def export(fmt):
    subprocess.run(f"exporter --format {fmt}", shell=True)

def relay(fmt):
    export(fmt)

def outer(fmt):
    relay(fmt)
"""


def _tree(root: Path, files: Dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return root


def _confidence(root: Path) -> Rank:
    report = scan([str(root)], Config(jobs=1, use_cache=False), root=root)
    (finding,) = [f for f in report.findings if f.rule_id == "B602"]
    return finding.confidence


def _views(call: str) -> str:
    return f"""
import re
from flask import Flask, request
from app.helpers import export, relay, outer

app = Flask(__name__)

@app.route("/e")
def view():
    fmt = request.args["fmt"]
    if not re.fullmatch("[a-z]+", fmt):
        return "no", 400
    {call}
    return "ok"
"""


def _project(tmp_path: Path, *calls: str) -> Path:
    # relay() and outer() call export(): once a run calls export(), its callers in its file
    # are run too, so each test's views call outer() (the link step follows it: the value
    # passed is input, checked)
    calls = (*calls, "outer(fmt)")
    files = {"app/__init__.py": "", "app/helpers.py": HELPERS}
    for index, call in enumerate(calls):
        files[f"app/views{index}.py"] = _views(call)
    return _tree(tmp_path, files)


def test_a_helper_every_caller_gives_checked_values_is_low(tmp_path):
    root = _project(tmp_path, "export(fmt)", 'export("csv")')
    report = scan([str(root)], Config(jobs=1, use_cache=False), root=root)
    (finding,) = [f for f in report.findings if f.rule_id == "B602"]
    assert finding.confidence == Rank.LOW
    assert "every call of `export()`" in finding.message
    assert "3 calls: app/helpers.py:8, app/views0.py:13, app/views1.py:13" in finding.message


def test_one_caller_giving_raw_input_keeps_banditss_confidence(tmp_path):
    root = _project(tmp_path, "export(fmt)", 'export(request.args["raw"])')
    assert _confidence(root) == Rank.HIGH


def test_a_caller_giving_what_the_flow_cannot_tell_keeps_bandits_confidence(tmp_path):
    # a value of unknown origin (a database row, another library's result) is not fixed text
    root = _project(tmp_path, "export(fmt)", "export(load_settings().format)")
    assert _confidence(root) == Rank.HIGH


def test_a_helper_no_run_calls_keeps_bandits_confidence(tmp_path):
    root = _tree(tmp_path, {"app/__init__.py": "", "app/helpers.py": HELPERS})
    assert _confidence(root) == Rank.HIGH


def test_callers_handing_their_parameters_on_are_judged_by_their_own_callers(tmp_path):
    assert _confidence(_project(tmp_path / "a")) == Rank.LOW
    assert _confidence(_project(tmp_path / "b", 'outer(request.args["raw"])')) == Rank.HIGH
    # relay() and outer() call export() too, given what no run showed: not known
    root = _tree(tmp_path / "c", {"app/__init__.py": "", "app/helpers.py": HELPERS})
    (root / "app/views0.py").write_text(textwrap.dedent(_views('export("csv")')))
    assert _confidence(root) == Rank.HIGH


def test_a_chain_longer_than_the_bound_keeps_bandits_confidence(tmp_path, monkeypatch):
    # outer -> relay -> export: two calls up from export's own caller
    root = _project(tmp_path)
    monkeypatch.setattr(callers, "MAX_CALLER_CHAIN", 1)
    assert _confidence(root) == Rank.HIGH
    monkeypatch.setattr(callers, "MAX_CALLER_CHAIN", 2)
    assert _confidence(root) == Rank.LOW


def test_shell_quoting_inside_the_codes_own_quotes_is_undone(tmp_path):
    helpers = HELPERS.replace(
        'f"exporter --format {fmt}"', "f\"exporter --format '{shlex.quote(fmt)}'\""
    ).replace("import subprocess", "import shlex\nimport subprocess")
    root = _tree(
        tmp_path,
        {
            "app/__init__.py": "",
            "app/helpers.py": helpers,
            "app/views0.py": _views('export(request.args["raw"])'),
        },
    )
    report = scan([str(root)], Config(jobs=1, use_cache=False), root=root)
    assert [f.path for f in report.findings if f.rule_id == "SB078"] == ["app/views0.py"]


def test_same_file_callers_past_the_bound_are_not_run(tmp_path, monkeypatch):
    # export() is called by a view (checked) and by relay(), which no run reaches: relay's
    # call, once run, is one no caller of relay answers for; past the bound it is not run
    root = _tree(
        tmp_path,
        {"app/__init__.py": "", "app/helpers.py": HELPERS, "app/views0.py": _views("export(fmt)")},
    )
    assert _confidence(root) == Rank.HIGH
    monkeypatch.setattr(flows, "MAX_CALLERS_RUN", 0)
    assert _confidence(root) == Rank.LOW


def test_arguments_the_sink_does_not_read_do_not_decide(tmp_path):
    # the connection a view passes is no text of the command; the format it passes is checked
    helpers = HELPERS.replace("def export(fmt):", "def export(conn, fmt):").replace(
        "    export(fmt)", "    export(None, fmt)"
    )
    calls = ("export(open_db(), fmt=fmt)", "export(open_db(), 'csv')", "outer(fmt)")
    files = {"app/__init__.py": "", "app/helpers.py": helpers}
    for index, call in enumerate(calls):
        files[f"app/views{index}.py"] = _views(call)
    assert _confidence(_tree(tmp_path / "a", files)) == Rank.LOW
    files["app/views1.py"] = _views('export(open_db(), request.args["raw"])')
    assert _confidence(_tree(tmp_path / "b", files)) == Rank.HIGH
