"""Config files: YAML, TOML, pyproject discovery, the .bandit INI, profiles, option blocks,
precedence, and every error and warning a user can get."""

from __future__ import annotations

from pathlib import Path

import pytest

from sarifbandit.config.files import (
    ConfigSource,
    find_ini,
    find_pyproject,
    load_config_file,
    load_ini,
)
from sarifbandit.config.options import merge_options, read_settings
from sarifbandit.config.settings import resolve
from sarifbandit.config.template import render_pyproject_block, render_yaml, write_init
from sarifbandit.errors import ConfigError
from sarifbandit.model import NotificationKind, Rank
from sarifbandit.registry import all_rules


def _write(path: Path, text: str) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return str(path)


def _settings(values: dict, path: str = "bandit.yaml"):
    return read_settings(ConfigSource(path, values))


def _error(values: dict, path: str = "bandit.yaml") -> str:
    with pytest.raises(ConfigError) as caught:
        _settings(values, path)
    return str(caught.value)


# -- reading files ---------------------------------------------------------------------------


def test_yaml_and_toml_files_are_read(tmp_path):
    yaml_file = _write(tmp_path / "b.yaml", "skips: [B101]\nassert_used:\n  skips: ['*/t/*']\n")
    assert load_config_file(yaml_file).values == {
        "skips": ["B101"],
        "assert_used": {"skips": ["*/t/*"]},
    }
    toml_file = _write(tmp_path / "b.toml", '[tool.bandit]\nskips = ["B101"]\n')
    assert load_config_file(toml_file).values == {"skips": ["B101"]}


def test_sarifbandit_table_wins_over_bandit_table_key_by_key(tmp_path):
    text = '[tool.bandit]\nskips = ["B101"]\ntests = ["B102"]\n[tool.sarifbandit]\nskips = []\n'
    values = load_config_file(_write(tmp_path / "pyproject.toml", text)).values
    assert values == {"skips": [], "tests": ["B102"]}


def test_a_toml_file_without_our_tables_is_an_empty_config(tmp_path):
    path = _write(tmp_path / "pyproject.toml", "[project]\nname = 'x'\n")
    assert load_config_file(path).values == {}


def test_an_empty_yaml_file_is_an_empty_config(tmp_path):
    assert load_config_file(_write(tmp_path / "b.yaml", "")).values == {}


@pytest.mark.parametrize(
    "name, text, message",
    [
        ("b.yaml", "skips: [B101\n", "b.yaml:2:1: invalid YAML: expected ',' or ']'"),
        ("b.yaml", "a: b: c\n", "b.yaml:1:5: invalid YAML: mapping values are not allowed"),
        ("b.yaml", "- B101\n", "b.yaml: the config must be a mapping of keys"),
        ("b.toml", "[tool.bandit\n", "b.toml: invalid TOML: Expected ']'"),
        ("b.toml", "[tool]\nbandit = 3\n", "b.toml: [tool.bandit] must be a table"),
    ],
)
def test_unparsable_files_name_the_line_and_column(tmp_path, name, text, message):
    with pytest.raises(ConfigError) as caught:
        load_config_file(_write(tmp_path / name, text))
    assert str(caught.value).startswith(str(tmp_path / message.split(":")[0]))
    assert message.split(":", 1)[1] in str(caught.value)


def test_a_missing_or_binary_file_is_an_error(tmp_path):
    with pytest.raises(ConfigError, match="config file not found"):
        load_config_file(str(tmp_path / "nope.yaml"))
    (tmp_path / "bin.yaml").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ConfigError, match="not UTF-8 text"):
        load_config_file(str(tmp_path / "bin.yaml"))


# -- keys and their types --------------------------------------------------------------------


def test_every_list_key_is_read():
    settings = _settings(
        {
            "tests": ["B101", "B102"],
            "skips": ["B102"],
            "exclude_dirs": ["tests"],
            "include": ["*.py"],
        }
    )
    assert settings.tests == ("B101", "B102")
    assert settings.skips == ("B102",)
    assert settings.exclude_dirs == ("tests",)
    assert settings.include == ("*.py",)
    assert settings.notices == ()


def test_a_string_where_a_list_belongs_says_how_to_write_it():
    # Bandit iterates the string letter by letter and skips nothing
    assert _error({"skips": "B101,B102"}) == (
        "bandit.yaml: skips must be a list, not a string; write skips: [B101, B102]"
    )
    assert _error({"skips": "B101"}, "pyproject.toml") == (
        'pyproject.toml: skips must be a list, not a string; write skips = ["B101"]'
    )
    assert "tests[1] must be a string, not int" in _error({"tests": ["B101", 102]})
    assert "exclude_dirs must be a list, not a dict" in _error({"exclude_dirs": {"a": 1}})


def test_unknown_ids_are_errors_with_a_suggestion():
    assert _error({"tests": ["B10"]}) == (
        "bandit.yaml: tests: unknown check id 'B10'; did you mean B101? (see 'sarifbandit rules')"
    )
    assert "unknown check id 'assert_used'; use its id B101" in _error({"skips": ["assert_used"]})


def test_unknown_and_ignored_keys_are_configuration_warnings():
    settings = _settings({"skipz": ["B101"], "log_format": "{x}", "assert_used": {"skipz": []}})
    messages = [n.message for n in settings.notices]
    assert messages == [
        "bandit.yaml: unknown key skipz, ignored; did you mean skips?",
        "bandit.yaml: log_format has no effect in sarifbandit: sarifbandit's messages have a "
        "fixed format",
        "bandit.yaml: unknown key assert_used.skipz, ignored; did you mean skips? "
        "(options of assert_used: skips)",
    ]
    for notice in settings.notices:
        assert notice.kind is NotificationKind.CONFIGURATION
        assert notice.code == "unknown-config-key"
        assert notice.level == "warning"
        assert notice.path == "bandit.yaml"


def test_a_block_bandit_never_reads_is_honoured_with_a_warning():
    # Bandit's docs show this key, but Bandit reads only shell_injection
    settings = _settings({"any_other_function_with_shell_equals_true": {"shell": ["my.run"]}})
    assert merge_options(settings.blocks)["B604"]["shell"] == ["my.run"]
    assert [n.message for n in settings.notices] == [
        "bandit.yaml: Bandit never reads the any_other_function_with_shell_equals_true block "
        "(it reads shell_injection); sarifbandit honours both, but rename it to shell_injection "
        "to keep both tools in step"
    ]


def test_option_blocks_merge_over_the_defaults():
    # a partial shell_injection block keeps the other two lists (Bandit would drop them)
    merged = merge_options(_settings({"shell_injection": {"shell": ["my.shell"]}}).blocks)
    shell_defaults = dict(next(r for r in all_rules() if r.id == "B602").options)
    assert merged["B602"]["shell"] == ["my.shell"]
    assert merged["B602"]["subprocess"] == shell_defaults["subprocess"]
    assert merged["B605"]["no_shell"] == shell_defaults["no_shell"]


@pytest.mark.parametrize(
    "values, message",
    [
        ({"assert_used": ["x"]}, "assert_used must be a mapping of option names to values"),
        ({"assert_used": {"skips": "*/tests/*"}}, "assert_used.skips must be a list, not a string"),
        ({"shell_injection": {"shell": [1]}}, "shell_injection.shell[0] must be a string"),
    ],
)
def test_option_values_of_the_wrong_type_are_errors(values, message):
    assert message in _error(values)


def test_profiles_convert_names_to_ids_and_reject_bad_shapes():
    settings = _settings({"profiles": {"web": {"include": ["assert_used", "B102"]}}})
    assert settings.profiles["web"].include == ("B101", "B102")
    assert "profiles.web must be a mapping" in _error({"profiles": {"web": ["B101"]}})
    assert "profiles.web.tests is not a profile key" in _error({"profiles": {"web": {"tests": []}}})
    assert "profiles.web.include: unknown check id 'nothing_such'" in _error(
        {"profiles": {"web": {"include": ["nothing_such"]}}}
    )


# -- discovery -------------------------------------------------------------------------------


def test_pyproject_is_found_upward_to_the_repository_root(tmp_path):
    (tmp_path / ".git").mkdir()
    _write(tmp_path / "pyproject.toml", '[tool.bandit]\nskips = ["B101"]\n')
    _write(tmp_path / "pkg" / "pyproject.toml", "[project]\nname = 'x'\n")
    assert find_pyproject(tmp_path / "pkg" / "sub") == tmp_path / "pyproject.toml"
    (tmp_path / "pkg" / "sub").mkdir()
    assert find_pyproject(tmp_path / "pkg" / "sub") == tmp_path / "pyproject.toml"


def test_pyproject_discovery_stops_at_the_repository_root(tmp_path):
    _write(tmp_path / "pyproject.toml", '[tool.bandit]\nskips = ["B101"]\n')
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    assert find_pyproject(tmp_path / "repo") is None


def test_ini_discovery_finds_one_file_anywhere_in_the_targets(tmp_path):
    _write(tmp_path / "src" / "deep" / ".bandit", "[bandit]\n")
    _write(tmp_path / "src" / ".git" / ".bandit", "[bandit]\n")  # never searched
    assert find_ini([str(tmp_path / "src")]) == tmp_path / "src" / "deep" / ".bandit"
    assert find_ini([str(tmp_path / "src" / "deep" / ".bandit")]) is None  # a file target
    _write(tmp_path / "src" / "other" / ".bandit", "[bandit]\n")
    with pytest.raises(ConfigError, match="more than one .bandit file in the targets"):
        find_ini([str(tmp_path / "src")])


def test_ini_values_are_typed(tmp_path):
    path = _write(
        tmp_path / ".bandit",
        "[bandit]\ntargets = src, lib\nrecursive = false\nignore-nosec = no\nnumber = 5\n"
        "level = medium\nconfidence = 3\nskips = B101,B102\nexclude = build\naggregate = vuln\n"
        "quiet = true\nunknown = 1\n",
    )
    values, warnings = load_ini(path)
    assert values == {
        "targets": ("src", "lib"),
        "recursive": False,  # Bandit reads any non-empty string as true
        "ignore_nosec": False,
        "context_lines": 5,
        "severity_level": "medium",
        "confidence_level": "high",
        "skips": "B101,B102",
        "exclude": "build",
        "aggregate": "vuln",
        "quiet": True,
    }
    assert warnings == [f"{path}: unknown key [bandit] unknown, ignored"]


@pytest.mark.parametrize(
    "line, message",
    [
        ("quiet = maybe", "[bandit] quiet = 'maybe': write true or false"),
        ("number = many", "[bandit] number = 'many': write a whole number"),
        ("number = -1", "[bandit] number = '-1': write a whole number"),
        ("level = severe", "[bandit] level = 'severe': write all, low, medium or high (or 0-3)"),
        ("aggregate = test", "[bandit] aggregate = 'test': write file or vuln"),
    ],
)
def test_bad_ini_values_are_errors(tmp_path, line, message):
    path = _write(tmp_path / ".bandit", f"[bandit]\n{line}\n")
    with pytest.raises(ConfigError) as caught:
        load_ini(path)
    assert str(caught.value) == f"{path}: {message}"


def test_an_ini_without_the_section_is_ignored_with_a_warning(tmp_path):
    path = _write(tmp_path / ".bandit", "[tool]\nskips = B101\n")
    assert load_ini(path) == ({}, [f"{path}: no [bandit] section, so the file is ignored"])
    broken = _write(tmp_path / "broken", "skips = B101\n")
    with pytest.raises(ConfigError, match=r"broken:1: invalid INI file"):
        load_ini(broken)


# -- precedence (defaults < config file < INI < command line) --------------------------------

DEFAULTS = {
    "targets": (),
    "context_lines": 3,
    "aggregate": "file",
    "level_count": 0,
    "confidence_count": 0,
}


def _resolve(monkeypatch, folder: Path, given: dict, **defaults):
    monkeypatch.chdir(folder)
    flags = {**DEFAULTS, **defaults, **given}
    return resolve(flags, set(given))


def test_a_flag_restores_a_default_the_ini_changed(tmp_path, monkeypatch):
    _write(tmp_path / "src" / ".bandit", "[bandit]\nnumber = 5\nlevel = high\n")
    _write(tmp_path / "src" / "a.py", "x = 1\n")
    run = _resolve(monkeypatch, tmp_path, {"targets": ("src",)})
    assert run.config.context_lines == 5 and run.config.severity is Rank.HIGH
    run = _resolve(
        monkeypatch, tmp_path, {"targets": ("src",), "context_lines": 3, "severity_level": "all"}
    )
    assert run.config.context_lines == 3 and run.config.severity is Rank.UNDEFINED
    run = _resolve(monkeypatch, tmp_path, {"targets": ("src",), "level_count": 1})
    assert run.config.severity is Rank.LOW


def test_ini_targets_tests_and_the_config_file_it_names(tmp_path, monkeypatch):
    _write(tmp_path / "b.yaml", "skips: [B102]\n")
    _write(tmp_path / "src" / "a.py", "x = 1\n")
    _write(tmp_path / "my.ini", "[bandit]\ntargets = src\nconfigfile = b.yaml\nskips = B101\n")
    run = _resolve(monkeypatch, tmp_path, {"ini": "my.ini"})
    assert run.targets == ("src",)
    assert "B101" not in run.config.selected and "B102" not in run.config.selected
    assert run.sources == ("my.ini", "b.yaml")
    run = _resolve(monkeypatch, tmp_path, {"ini": "my.ini", "skips": "B103"})
    assert "B101" in run.config.selected and "B103" not in run.config.selected


def test_profile_replaces_top_level_tests_and_skips(tmp_path, monkeypatch):
    _write(
        tmp_path / "b.yaml",
        "skips: [B101]\nprofiles:\n  only_exec:\n    include: [exec_used, B101]\n",
    )
    run = _resolve(
        monkeypatch, tmp_path, {"targets": (".",), "configfile": "b.yaml", "profile": "only_exec"}
    )
    assert run.config.selected == {"B101", "B102"}
    with pytest.raises(ConfigError) as caught:
        _resolve(
            monkeypatch, tmp_path, {"targets": (".",), "configfile": "b.yaml", "profile": "nope"}
        )
    assert str(caught.value) == "profile 'nope' not found in b.yaml; it defines: only_exec"
    with pytest.raises(ConfigError, match="profile 'x' not found: no config file was read"):
        _resolve(monkeypatch, tmp_path, {"targets": (".",), "profile": "x", "isolated": True})


def test_discovered_pyproject_is_used_unless_c_or_isolated(tmp_path, monkeypatch):
    (tmp_path / ".git").mkdir()
    _write(tmp_path / "pyproject.toml", '[tool.sarifbandit]\nskips = ["B101"]\n')
    _write(tmp_path / "other.yaml", "skips: [B102]\n")
    _write(tmp_path / "src" / "a.py", "x = 1\n")
    run = _resolve(monkeypatch, tmp_path / "src", {"targets": ("a.py",)})
    assert "B101" not in run.config.selected
    run = _resolve(monkeypatch, tmp_path, {"targets": ("src",), "configfile": "other.yaml"})
    assert "B101" in run.config.selected and "B102" not in run.config.selected
    run = _resolve(monkeypatch, tmp_path, {"targets": ("src",), "isolated": True})
    assert "B101" in run.config.selected
    with pytest.raises(ConfigError, match="--isolated ignores every config file"):
        _resolve(monkeypatch, tmp_path, {"targets": ("src",), "isolated": True, "configfile": "x"})


def test_excludes_add_up_and_include_comes_from_the_file(tmp_path, monkeypatch):
    _write(tmp_path / "b.yaml", "exclude_dirs: [gen]\ninclude: ['*.py']\n")
    _write(tmp_path / ".bandit", "[bandit]\nexclude = ini_only\n")
    run = _resolve(
        monkeypatch,
        tmp_path,
        {"targets": (".",), "configfile": "b.yaml", "extend_exclude": ("more,again",)},
    )
    assert {"gen", "ini_only", "more", "again", ".git"} <= set(run.config.exclude)
    assert run.config.include == ("*.py",)
    run = _resolve(
        monkeypatch, tmp_path, {"targets": (".",), "configfile": "b.yaml", "exclude": "cli"}
    )
    assert "cli" in run.config.exclude and "ini_only" not in run.config.exclude
    assert "gen" in run.config.exclude


def test_usage_errors(tmp_path, monkeypatch):
    cases = [
        ({}, "no targets: name the files or directories to scan"),
        ({"targets": ("a",), "level_count": 1, "severity_level": "high"}, "-l/--level and"),
        ({"targets": ("a",), "level_count": 4}, "-l/--level: at most three"),
        ({"targets": ("a",), "verbose": True, "quiet": True}, "-v/--verbose and -q/--quiet"),
        ({"targets": ("a",), "msg_template": "{line}"}, "--msg-template only applies"),
        ({"targets": ("a",), "tests": "B999"}, "-t/--tests: unknown check id 'B999'"),
        ({"targets": ("a",), "tests": "B101", "skips": "B101"}, "B101 is both selected"),
    ]
    for given, message in cases:
        with pytest.raises(ConfigError) as caught:
            _resolve(monkeypatch, tmp_path, {"isolated": True, **given})
        assert message in str(caught.value)


# -- init ------------------------------------------------------------------------------------


def test_init_yaml_lists_every_check_and_reads_back_as_the_defaults(tmp_path):
    text = render_yaml()
    for rule in all_rules():
        assert f"#   {rule.id}  {rule.name}: " in text
    path = _write(tmp_path / "bandit.yaml", text)
    settings = read_settings(load_config_file(path))
    assert settings.notices == ()
    assert merge_options(settings.blocks) == merge_options({})


def test_init_pyproject_block_reads_back_as_the_defaults(tmp_path):
    path = _write(tmp_path / "pyproject.toml", render_pyproject_block())
    settings = read_settings(load_config_file(path))
    assert settings.notices == () and settings.include == ("*.py", "*.pyw")
    assert merge_options(settings.blocks) == merge_options({})


def test_init_refuses_to_overwrite_without_force(tmp_path):
    yaml_path = str(tmp_path / "bandit.yaml")
    write_init(yaml_path, pyproject=False, force=False)
    with pytest.raises(ConfigError, match="bandit.yaml exists; pass --force"):
        write_init(yaml_path, pyproject=False, force=False)
    write_init(yaml_path, pyproject=False, force=True)
    toml_path = _write(
        tmp_path / "pyproject.toml",
        '[project]\nname = "x"\n\n[tool.sarifbandit]\nskips = ["B101"]\n'
        "[tool.sarifbandit.assert_used]\nskips = []\n\n[tool.other]\nkeep = 1\n",
    )
    with pytest.raises(ConfigError, match=r"already has \[tool.sarifbandit\]"):
        write_init(toml_path, pyproject=True, force=False)
    write_init(toml_path, pyproject=True, force=True)
    text = Path(toml_path).read_text()
    assert text.startswith('[project]\nname = "x"\n')
    assert "[tool.other]\nkeep = 1\n" in text and text.count("[tool.sarifbandit]") == 1
    assert load_config_file(toml_path).values["skips"] == []


def test_empty_values_as_bandit_config_generator_writes_them_are_unset():
    settings = _settings({"tests": None, "skips": None, "assert_used": {"skips": None}})
    assert settings.tests == () and settings.skips == () and settings.notices == ()


def test_a_dead_block_holding_only_defaults_is_not_worth_a_warning():
    defaults = dict(next(r for r in all_rules() if r.id == "B602").options)
    settings = _settings({"subprocess_popen_with_shell_equals_true": defaults})
    assert settings.notices == ()
