"""Two scans with different configurations in one process give what each gives alone: no
cache outside a scan's own objects carries one configuration's answers into another."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path
from typing import List, Tuple

from sarifbandit import scan
from sarifbandit.config.options import Config, select
from sarifbandit.records import replace
from sarifbandit.registry import rules_by_id

CODE = textwrap.dedent(
    """
    import subprocess
    def serve(app, cursor, name):
        open("/tmp/cache.db")
        open("/srv/shared/cache.db")
        app.run(host="0.0.0.0")
        subprocess.call("ls " + name, shell=True)
        my.spawn("ls " + name, shell=True)
        cursor.execute("select * from t where a = '%s'" % name)
    """
)

PLAIN: dict = {}
CONFIGURED: dict = {
    "options": {"B108": {"tmp_dirs": ["/srv/shared"]}, "B602": {"subprocess": ["my.spawn"]}},
    "selected": ["B104", "B108", "B602", "B608"],
    "context_lines": 0,
}


def _config(settings: dict) -> Config:
    config = Config(jobs=1, use_cache=False, dataflow=False)
    options = {**config.options}
    for rule_id, values in settings.get("options", {}).items():
        options[rule_id] = {**rules_by_id()[rule_id].options, **values}
    changes: dict = {"options": options}
    if "selected" in settings:
        changes["selected"] = select(settings["selected"], [])
    if "context_lines" in settings:
        changes["context_lines"] = settings["context_lines"]
    return replace(config, **changes)


def _results(path: Path, settings: dict) -> List[Tuple]:
    report = scan([path], _config(settings))
    return sorted(
        (f.rule_id, f.line, f.region.start_column, f.confidence.name, f.message, f.context)
        for f in report.findings
    )


def test_two_configurations_in_one_process_match_each_alone(tmp_path: Path) -> None:
    path = tmp_path / "app.py"
    path.write_text(CODE, encoding="utf-8")
    together = [_results(path, PLAIN), _results(path, CONFIGURED), _results(path, PLAIN)]
    assert together[0] == together[2]
    assert together[0] != together[1]
    script = textwrap.dedent(
        f"""
        import json, sys
        sys.path.insert(0, {str(Path(__file__).resolve().parent.parent)!r})
        from pathlib import Path
        from tests.test_scan_isolation import _results, PLAIN, CONFIGURED
        print(json.dumps(_results(Path({str(path)!r}), {{"plain": PLAIN, "configured": CONFIGURED}}[sys.argv[1]])))
        """
    )
    import json

    for name, inside in (("plain", together[0]), ("configured", together[1])):
        alone = subprocess.run(
            [sys.executable, "-c", script, name], capture_output=True, text=True, check=True
        ).stdout
        assert [list(map(_listed, r)) for r in json.loads(alone)] == [
            list(map(_listed, r)) for r in inside
        ]
    configured = together[1]
    assert {r[0] for r in configured} <= {"B104", "B108", "B602", "B608"}
    assert any(r[0] == "B108" and r[1] == 5 for r in configured)
    assert not any(r[0] == "B108" and r[1] == 4 for r in configured)
    assert any(r[0] == "B602" and r[1] == 8 for r in configured)
    assert all(len(r[5]) == 1 for r in configured)  # context_lines 0: the line alone


def _listed(value):
    return [_listed(v) for v in value] if isinstance(value, (list, tuple)) else value
