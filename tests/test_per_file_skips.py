"""per_file_skips / per-file-skips: checks turned off for the files a glob matches (matched as
exclusion patterns, on the path reports name), validated like every id list; and ids Bandit has
retired, which are a warning naming the replacement instead of a usage error."""

from __future__ import annotations

import json

import pytest

from sarifbandit.cli import main
from sarifbandit.config.files import ConfigSource
from sarifbandit.config.options import Config, read_settings
from sarifbandit.engine.cache import config_key
from sarifbandit.engine.filescan import scan_bytes
from sarifbandit.errors import ConfigError

from .cli_runner import runner

CODE = "import random\nassert ok\nx = random.random()\n"  # B101 line 2, B311 line 3


def _settings(values: dict, path: str = "bandit.yaml"):
    return read_settings(ConfigSource(path, values))


def _ids(result) -> list:
    return [(f.rule_id, f.line) for f in result.findings]


def test_a_skipped_id_is_not_produced_for_matching_paths_only() -> None:
    skips = _settings({"per_file_skips": {"tests/**": ["B101", "B311"]}}).per_file_skips
    config = Config(per_file_skips=skips)
    assert _ids(scan_bytes(CODE.encode(), "tests/unit/test_a.py", config)) == []
    assert _ids(scan_bytes(CODE.encode(), "./tests/test_a.py", config)) == []
    assert _ids(scan_bytes(CODE.encode(), "src/app.py", config)) == [("B101", 2), ("B311", 3)]
    # a component run, not a substring: mytests/ is another folder
    assert _ids(scan_bytes(CODE.encode(), "mytests/a.py", config)) == [("B101", 2), ("B311", 3)]


def test_a_name_glob_matches_any_file_of_that_name_and_b001_is_every_deny_list() -> None:
    skips = _settings({"per_file_skips": {"test_*.py": ["B101"], "conftest.py": ["B001"]}})
    config = Config(per_file_skips=skips.per_file_skips)
    assert _ids(scan_bytes(CODE.encode(), "pkg/test_x.py", config)) == [("B311", 3)]
    assert _ids(scan_bytes(CODE.encode(), "conftest.py", config)) == [("B101", 2)]


def test_a_nosec_naming_a_skipped_id_is_not_reported_as_unused() -> None:
    skips = _settings({"per_file_skips": {"tests/*": ["B101"]}}).per_file_skips
    result = scan_bytes(b"assert ok  # nosec B101\n", "tests/a.py", Config(per_file_skips=skips))
    assert not result.findings and not result.suppressed
    assert [n.code for n in result.notifications] == []


def test_the_pyproject_spelling_and_the_cache_key() -> None:
    toml = _settings({"per-file-skips": {"tests/**": ["B101"]}}, "pyproject.toml")
    assert toml.per_file_skips == (("tests/**", frozenset({"B101"})),)
    # the setting is a Config field, so it is part of the cache key
    assert config_key(Config()) != config_key(Config(per_file_skips=toml.per_file_skips))


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (["tests/**"], "per_file_skips must map path globs to lists of ids, not a list"),
        ({5: ["B101"]}, "the path glob 5 must be a non-empty string"),
        ({"tests/**": "B101"}, "per_file_skips['tests/**'] must be a list of check ids"),
        ({"tests/**": ["B999"]}, "per_file_skips['tests/**']: unknown check id 'B999'"),
    ],
)
def test_mistakes_are_one_line_errors(value, message) -> None:
    with pytest.raises(ConfigError) as caught:
        _settings({"per_file_skips": value})
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_retired_ids_in_a_config_are_warnings_naming_the_replacement() -> None:
    settings = _settings({"skips": ["B101", "B320", "B410"], "tests": [], "per_file_skips": {}})
    messages = [n.message for n in settings.notices]
    assert any("B320 was retired by Bandit" in m and "SB611" in m for m in messages)
    assert any("B410 was retired by Bandit" in m for m in messages)


def test_retired_ids_on_the_command_line_do_not_stop_the_scan(tmp_path, monkeypatch) -> None:
    (tmp_path / "app.py").write_text("import pickle\nassert ok\n")
    (tmp_path / "bandit.yaml").write_text("skips: [B322, B325]\n")
    monkeypatch.chdir(tmp_path)
    result = runner().invoke(
        main, ["scan", "-c", "bandit.yaml", "-s", "B320,B101", "-f", "json", "app.py"]
    )
    assert result.exit_code == 1, result.output
    assert [r["test_id"] for r in json.loads(result.stdout)["results"]] == ["B403"]
    err = result.stderr
    assert "-s/--skip: B320 was retired by Bandit" in err and "SB611" in err
    assert "bandit.yaml: skips: B322 was retired by Bandit" in err
    assert "B325 was retired by Bandit" in err and "B306" in err


def test_only_retired_ids_in_tests_select_nothing(tmp_path, monkeypatch) -> None:
    (tmp_path / "app.py").write_text("x = 1\n")
    monkeypatch.chdir(tmp_path)
    result = runner().invoke(main, ["scan", "-t", "B320", "app.py"])
    assert result.exit_code == 2
    assert "every id in tests was retired by Bandit" in result.stderr


def test_per_file_skips_from_a_pyproject_on_the_command_line(tmp_path, monkeypatch) -> None:
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_a.py").write_text(CODE)
    (tmp_path / "app.py").write_text(CODE)
    (tmp_path / "pyproject.toml").write_text(
        '[tool.sarifbandit]\nper-file-skips = {"tests/**" = ["B101", "B311"]}\n'
    )
    monkeypatch.chdir(tmp_path)
    result = runner().invoke(main, ["scan", "-f", "json", "."])
    found = sorted((r["filename"], r["test_id"]) for r in json.loads(result.stdout)["results"])
    assert found == [("app.py", "B101"), ("app.py", "B311")]


def test_init_templates_carry_the_setting_and_read_back() -> None:
    import yaml

    from sarifbandit.config.files import tomllib
    from sarifbandit.config.template import render_pyproject_block, render_yaml

    assert yaml.safe_load(render_yaml())["per_file_skips"] == {}
    table = tomllib.loads(render_pyproject_block())["tool"]["sarifbandit"]
    assert table["per-file-skips"] == {}
    assert _settings(table, "pyproject.toml").per_file_skips == ()
