"""The data-flow models: every built-in file loads, lookups match as the interpreter asks, each
kind of mistake is one line naming the file and entry, and a config file's `taint` table and
`dataflow` switch reach the Config (a bad entry stops `scan` with exit 2)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sarifbandit import cli
from sarifbandit.analysis.taint.models import (
    SINK_CLASSES,
    Condition,
    load_models,
    model_files,
    parse_models,
)
from sarifbandit.config.files import load_config_file
from sarifbandit.config.options import read_settings
from sarifbandit.config.settings import resolve
from sarifbandit.engine.cache import config_key
from sarifbandit.errors import ConfigError

from .cli_runner import runner

EXPECTED_FILES = {
    "stdlib",
    "flask",
    "django",
    "fastapi",
    "aiohttp",
    "sqlalchemy",
    "lxml",
    "ldap",
    "yaml",
    "http_clients",
    "jinja2",
}


@pytest.mark.parametrize("path", model_files(), ids=lambda p: p.name)
def test_every_model_file_loads(path: Path) -> None:
    import yaml

    parsed = parse_models(yaml.safe_load(path.read_text(encoding="utf-8")), path.name)
    assert parsed and all(parsed.values())


def test_the_model_files_cover_every_library_and_sink_class() -> None:
    assert EXPECTED_FILES <= {p.stem for p in model_files()}
    models = load_models()
    assert {s.sink_class for s in models.sinks} == set(SINK_CLASSES)
    assert load_models() is models  # parsed once per process


def test_lookups_match_as_the_interpreter_resolves_names() -> None:
    models = load_models()
    assert models.source_for("flask.request.args.get", called=True).kind == "remote"
    assert models.source_for("flask.request.method", called=False) is None
    assert models.source_for("sys.argv", called=False).kind == "local"
    assert models.source_for("os.environ.get", called=True).kind == "env"
    # a call source only when called; builtins by their bare name or with builtins.
    assert models.source_for("os.getenv", called=False) is None
    assert models.source_for("os.getenv", called=True).kind == "env"
    assert models.source_for("input", called=True) == models.source_for("builtins.input", True)
    classes = {s.sink_class for s in models.sinks_for("cursor.execute")}
    assert classes == {"sql"}
    assert models.sinks_for("execute") == ()  # `*.` stands for at least one part
    assert {s.sink_class for s in models.sinks_for("response.headers.__setitem__")} == {"header"}
    shell = [s for s in models.sinks_for("subprocess.run") if s.when]
    assert {c.truthy for s in shell for c in s.when} == {True, False}
    assert models.sinks_for("self.logger.info") and not models.sinks_for("self.thing.info")
    (load,) = models.sinks_for("yaml.load")
    assert load.when == (
        Condition(
            keyword="Loader",
            position=1,
            not_in=frozenset({"SafeLoader", "CSafeLoader", "BaseLoader", "CBaseLoader"}),
        ),
    )
    assert models.sanitizer_for("shlex.quote").classes == {"command"}
    assert models.sanitizer_for("builtins.int").classes == {"*"}
    assert models.sanitizer_for("str.upper") is None
    assert models.is_propagator("base64.b64decode") and models.is_propagator("sep.join")
    # decoders undo what encoders (sanitizers for text classes only) made safe
    assert models.decodes("base64.b64decode") and models.decodes("json.loads")
    assert not models.decodes("bytes.decode") and not models.decodes("base64.b64encode")
    assert "path" not in models.sanitizer_for("base64.b64encode").classes
    assert "path" in models.sanitizer_for("base64.urlsafe_b64encode").classes
    assert {"execute", "system", "__setitem__", "xpath"} <= models.sink_names()
    (flask,) = [r for r in models.routes if r.framework == "flask"]
    found = re.finditer(flask.path_pattern, "/u/<int:uid>/<name>/<path:rest>")
    assert [(m["conv"], m["name"]) for m in found] == [
        ("int", "uid"),
        (None, "name"),
        ("path", "rest"),
    ]
    (fastapi,) = [r for r in models.routes if r.framework == "fastapi"]
    assert fastapi.all_params and re.search(fastapi.path_pattern, "/i/{item_id}")["name"]
    django = [p for p in models.param_sources if p.module == "django"]
    assert django and "GET" in django[0].attrs


def test_user_models_add_to_the_built_ins() -> None:
    models = load_models(
        {
            "sources": [{"name": "myapp.web.query", "kind": "remote"}],
            "sinks": [{"call": ["myapp.db.run", "*.run_sql"], "args": [0, "sql"], "class": "sql"}],
            "sanitizers": [{"call": "myapp.clean", "for": ["path", "command"]}],
            "propagators": [
                {"call": "myapp.normalise"},
                {"call": "myapp.tokens.unpack", "decodes": True},
            ],
        },
        origin="pyproject.toml",
    )
    assert models.decodes("myapp.tokens.unpack") and not models.decodes("myapp.normalise")
    assert models.source_for("myapp.web.query.get", called=True).kind == "remote"
    assert [s.call for s in models.sinks_for("db.run_sql")] == ["*.run_sql"]
    assert models.sinks_for("myapp.db.run")[0].args == (0, "sql")
    assert models.sanitizer_for("myapp.clean").classes == {"path", "command"}
    assert models.is_propagator("myapp.normalise")
    assert models.sinks_for("subprocess.run")  # the built-ins are still there


BAD_ENTRIES = [
    (
        {"sinks": [{"call": "x.y", "class": "comand"}]},
        "cfg.toml: taint.sinks[0].class: unknown class 'comand' (did you mean 'command'?); "
        "use one of: " + ", ".join(SINK_CLASSES),
    ),
    (
        {"sinks": [{"call": "x.y", "class": "sql", "arg": 0}]},
        "cfg.toml: taint.sinks[0]: unknown key 'arg' (did you mean 'args'?); "
        "a sink has: call, args, class, when, receiver",
    ),
    (
        {"sources": [{"name": "a.b", "kind": "remote", "call": "yes"}]},
        "cfg.toml: taint.sources[0].call: must be true or false, not a str ('yes')",
    ),
    (
        {"sanitizers": [{"call": "a.b"}]},
        "cfg.toml: taint.sanitizers[0]: missing 'for'; write e.g. {call: shlex.quote, for: [command]}",
    ),
    (
        {
            "routes": [
                {
                    "framework": "flask",
                    "module": "flask",
                    "decorators": ["route"],
                    "path_pattern": "<(?P<name>\\w+",
                }
            ]
        },
        "cfg.toml: taint.routes[0].path_pattern: not a valid regular expression: "
        "missing ), unterminated subpattern at position 1",
    ),
    (
        {"sinks": [{"call": "a.b", "class": "sql", "args": [0, 1.5]}]},
        "cfg.toml: taint.sinks[0].args[1]: must be a position (0, 1, ...) or a keyword name, "
        "not a float (1.5)",
    ),
    (
        {"sinks": [{"call": "a b", "class": "sql"}]},
        "cfg.toml: taint.sinks[0].call: 'a b' is not a dotted name or *.method "
        "(subprocess.run, *.execute)",
    ),
    (
        {"sink": []},
        "cfg.toml: taint.sink: unknown section (did you mean 'sinks'?); "
        "use: sources, param_sources, routes, sinks, sanitizers, propagators",
    ),
    (
        {"sinks": {"call": "a.b"}},
        "cfg.toml: taint.sinks: must be a list of entries, not a mapping; write e.g. "
        "sinks: [{call: subprocess.run, args: [0, args], class: command}]",
    ),
    (
        {"sinks": [{"call": "a.b", "class": "sql", "when": [{"keyword": "shell", "truthy": 1}]}]},
        "cfg.toml: taint.sinks[0].when[0].truthy: must be true or false, not a int (1)",
    ),
    (
        {"sinks": [{"call": "a.b", "class": "xss", "when": [{"keyword": "t", "contains": 5}]}]},
        "cfg.toml: taint.sinks[0].when[0].contains: must be a string, not a int (5)",
    ),
    (
        {"sinks": [{"call": "a.b", "class": "xss", "when": [{"keyword": "h", "item": ["x"]}]}]},
        "cfg.toml: taint.sinks[0].when[0].item: must be a string, not a list (['x'])",
    ),
    (
        {"propagators": [{"call": "a.b", "decodes": "yes"}]},
        "cfg.toml: taint.propagators[0].decodes: must be true or false, not a str ('yes')",
    ),
    (
        {"sources": [{"name": "a.b", "kind": "remot"}]},
        "cfg.toml: taint.sources[0].kind: unknown kind 'remot' (did you mean 'remote'?); "
        "use one of: remote, local, env",
    ),
]


@pytest.mark.parametrize(
    "extra, message", BAD_ENTRIES, ids=[m.split(": ")[1] for _, m in BAD_ENTRIES]
)
def test_each_mistake_is_one_line_naming_the_file_and_entry(extra, message) -> None:
    with pytest.raises(ConfigError) as caught:
        load_models(extra, origin="cfg.toml")
    assert str(caught.value) == message


def test_a_broken_built_in_file_names_itself(tmp_path, monkeypatch) -> None:
    from sarifbandit.analysis.taint import models

    (tmp_path / "flask.yaml").write_text("sinks:\n  - {call: a.b, class: comand}\n")
    monkeypatch.setattr(models, "MODELS_DIR", tmp_path)
    models._builtin_parts.cache_clear()
    models._builtin_models.cache_clear()
    try:
        with pytest.raises(ConfigError, match=r"^models/flask.yaml: sinks\[0\].class: unknown"):
            load_models()
        (tmp_path / "flask.yaml").write_text("sinks: [\n")
        models._builtin_parts.cache_clear()
        with pytest.raises(ConfigError, match=r"^models/flask.yaml:2: invalid YAML"):
            load_models()
    finally:
        models._builtin_parts.cache_clear()
        models._builtin_models.cache_clear()


# -- the config file -------------------------------------------------------------------------

PYPROJECT = """\
[tool.sarifbandit]
dataflow = false

[tool.sarifbandit.taint]
sinks = [{call = "myapp.db.run_sql", args = [0], class = "sql"}]
sanitizers = [{call = "myapp.text.clean", for = ["path"]}]
"""
YAML_CONFIG = """\
dataflow: true
taint:
  sources: [{name: myapp.web.query, kind: remote}]
  sinks: [{call: "*.run_sql", args: [0], class: sql}]
"""


def test_the_taint_table_and_dataflow_are_read_from_pyproject_and_yaml(tmp_path) -> None:
    toml = tmp_path / "pyproject.toml"
    toml.write_text(PYPROJECT)
    settings = read_settings(load_config_file(str(toml)))
    assert settings.dataflow is False and settings.notices == ()
    assert settings.taint["sinks"][0]["call"] == "myapp.db.run_sql"
    config_yaml = tmp_path / "b.yaml"
    config_yaml.write_text(YAML_CONFIG)
    settings = read_settings(load_config_file(str(config_yaml)))
    assert settings.dataflow is True and settings.taint["sources"][0]["kind"] == "remote"
    config_yaml.write_text("dataflow: 'no'\n")
    with pytest.raises(ConfigError, match="b.yaml: dataflow must be true or false, not 'no'"):
        read_settings(load_config_file(str(config_yaml)))


def _flags(**given):
    return {
        "context_lines": 3,
        "aggregate": "file",
        "level_count": 0,
        "confidence_count": 0,
        **given,
    }


def test_dataflow_and_the_models_reach_the_config_and_its_cache_key(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".git").mkdir()
    (tmp_path / "a.py").write_text("x = 1\n")
    plain = resolve(_flags(targets=("a.py",)), {"targets"}).config
    assert plain.dataflow is True and plain.taint_models == {}
    off = resolve(_flags(targets=("a.py",), no_dataflow=True), {"targets", "no_dataflow"}).config
    assert off.dataflow is False
    (tmp_path / "pyproject.toml").write_text(PYPROJECT)
    configured = resolve(_flags(targets=("a.py",)), {"targets"}).config
    assert configured.dataflow is False
    assert configured.taint_models["sinks"][0]["class"] == "sql"
    keys = {config_key(c) for c in (plain, off, configured, configured.with_(dataflow=True))}
    assert len(keys) == 4


def _scan(tmp_path, monkeypatch, *args):
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".git").mkdir(exist_ok=True)
    (tmp_path / "app.py").write_text("import myapp\nmyapp.db.run_sql(input())\n")
    return runner().invoke(cli.main, ["scan", "--no-cache", "-f", "json", *args, "app.py"])


@pytest.mark.parametrize("name, text", [("pyproject.toml", PYPROJECT), ("b.yaml", YAML_CONFIG)])
def test_a_scan_reads_the_user_models(tmp_path, monkeypatch, name, text) -> None:
    (tmp_path / name).write_text(text)
    args = ["-c", name] if name.endswith(".yaml") else []
    result = _scan(tmp_path, monkeypatch, *args)
    assert result.exit_code in (0, 1), result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "name, text, message",
    [
        (
            "pyproject.toml",
            '[tool.sarifbandit.taint]\nsinks = [{call = "a.b", class = "comand"}]\n',
            "pyproject.toml: taint.sinks[0].class: unknown class 'comand'",
        ),
        ("b.yaml", "taint:\n  sinks: [{call: a.b}]\n", "b.yaml: taint.sinks[0]: missing 'class'"),
        ("b.yaml", "dataflow: 1\n", "b.yaml: dataflow must be true or false, not 1"),
    ],
)
def test_a_bad_entry_stops_the_scan_with_one_line(tmp_path, monkeypatch, name, text, message):
    (tmp_path / name).write_text(text)
    args = ["-c", name] if name.endswith(".yaml") else []
    result = _scan(tmp_path, monkeypatch, *args)
    assert result.exit_code == 2
    assert "Traceback" not in result.stderr
    (line,) = result.stderr.strip().splitlines()
    assert message in line


def test_the_no_dataflow_flag_is_offered() -> None:
    result = runner().invoke(cli.main, ["scan", "--help"])
    assert "--no-dataflow" in result.output
