"""Start-up pays only for what a run uses: the data-flow models come from a compiled form cached
by content (never stale, never trusted blindly)."""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sarifbandit.analysis.taint import models


@pytest.fixture
def model_cache(tmp_path, monkeypatch):
    """A fresh user cache directory and a copy of the built-in model files to edit."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    copied = tmp_path / "models"
    shutil.copytree(models.MODELS_DIR, copied)
    monkeypatch.setattr(models, "MODELS_DIR", copied)
    models._builtin_parts.cache_clear()
    models._builtin_models.cache_clear()
    yield copied
    models._builtin_parts.cache_clear()
    models._builtin_models.cache_clear()


def _fresh_parts():
    models._builtin_parts.cache_clear()
    return models._builtin_parts()


def _compiled(root: Path):
    return sorted((root / "xdg" / "sarifbandit").glob("models-*.pickle"))


def test_the_compiled_models_equal_the_parsed_ones(model_cache, tmp_path, monkeypatch) -> None:
    parsed = _fresh_parts()
    assert len(_compiled(tmp_path)) == 1
    loads = []
    monkeypatch.setattr(models, "_read_model_file", lambda *a: loads.append(a))
    assert _fresh_parts() == parsed  # read back without parsing any YAML
    assert loads == []
    assert {s.sink_class for s in models._build(parsed).sinks} == set(models.SINK_CLASSES)


def test_an_edited_model_file_is_parsed_again(model_cache, tmp_path) -> None:
    before = _fresh_parts()
    flask = model_cache / "flask.yaml"
    flask.write_text(
        flask.read_text(encoding="utf-8").replace(
            "sinks:\n", "sinks:\n  - {call: myapp.run_it, class: command}\n", 1
        ),
        encoding="utf-8",
    )
    after = _fresh_parts()
    assert after != before
    assert any(getattr(e, "call", "") == "myapp.run_it" for p in after for e in p.get("sinks", []))
    assert len(_compiled(tmp_path)) == 2
    (model_cache / "mine.yaml").write_text("propagators: [{call: myapp.copy}]\n")
    assert len(_fresh_parts()) == len(after) + 1  # a new file is another name too
    # an edit that breaks the file is an error, not the last good compiled form
    flask.write_text("sinks: [\n", encoding="utf-8")
    with pytest.raises(Exception, match="flask.yaml:2: invalid YAML"):
        _fresh_parts()


def test_a_changed_schema_module_is_another_name(model_cache, tmp_path, monkeypatch) -> None:
    _fresh_parts()
    changed = tmp_path / "models_copy.py"
    changed.write_bytes(Path(models.__file__).read_bytes() + b"\n# edited\n")
    monkeypatch.setattr(models, "_THIS_FILE", changed)
    _fresh_parts()
    assert len(_compiled(tmp_path)) == 2


class _Planted:
    def __reduce__(self):
        return (os.system, ("echo planted > /dev/null",))


@pytest.mark.parametrize(
    "payload",
    [
        pickle.dumps(_Planted()),
        pickle.dumps(("not", "parts")),
        pickle.dumps(({"sinks": "x"},)),
        b"garbage",
    ],
    ids=["code", "wrong-shape", "wrong-section", "garbage"],
)
def test_a_planted_or_corrupt_compiled_file_is_a_miss(model_cache, tmp_path, payload) -> None:
    parsed = _fresh_parts()
    (stored,) = _compiled(tmp_path)
    stored.write_bytes(payload)
    ran = []
    original = os.system
    os.system = lambda command: ran.append(command)  # type: ignore[assignment]
    try:
        assert _fresh_parts() == parsed
    finally:
        os.system = original  # type: ignore[assignment]
    assert ran == []
    assert models._load_compiled(stored) == parsed  # rewritten with the real models


def test_an_unwritable_cache_directory_only_means_parsing(model_cache, tmp_path) -> None:
    (tmp_path / "xdg").write_text("a file where the directory should be")
    assert _fresh_parts() == _fresh_parts()
    assert models.load_models().sinks


# -- plugin entry points ------------------------------------------------------------------------


def _dist(folder: Path, name: str, text: str, suffix: str = ".dist-info") -> None:
    meta = folder / f"{name}{suffix}"
    meta.mkdir(parents=True)
    (meta / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name.split('-')[0]}\n")
    if text:
        (meta / "entry_points.txt").write_text(text)


def test_entry_points_are_read_as_importlib_metadata_reads_them(tmp_path) -> None:
    from importlib.metadata import distributions

    from sarifbandit.registry import ENTRY_POINT_GROUP, _scan_entry_points

    first, second = tmp_path / "one", tmp_path / "two"
    group = f"[{ENTRY_POINT_GROUP}]"
    _dist(first, "good_plugin-1.0", f"# comment\n{group}\nrules = good.rules\n\n[other]\nx = y\n")
    _dist(first, "Other.Plugin-2.0", f"[console_scripts]\na = b:c\n{group}\n one = o.one \n")
    _dist(first, "no_entry_points-1.0", "")
    _dist(first, "legacy-0.1", f"{group}\nold = legacy.rules\n", suffix=".egg-info")
    # the same project later on the path: shadowed by the first, as importlib.metadata does
    _dist(second, "Good.Plugin-0.9", f"{group}\nrules = shadowed.rules\n")
    _dist(second, "later-1.0", f"{group}\nlater = later.rules\n")
    path = [str(first), str(tmp_path / "missing"), str(second)]
    expected = sorted(
        ep.value
        for dist in _unique(distributions(path=path))
        for ep in dist.entry_points
        if ep.group == ENTRY_POINT_GROUP
    )
    assert sorted(_scan_entry_points(path, ENTRY_POINT_GROUP)) == expected
    assert "shadowed.rules" not in expected and "later.rules" in expected


def _unique(dists):
    """importlib.metadata.entry_points()' own rule: the first distribution of a name wins."""
    import re

    seen = set()
    for dist in dists:
        name = re.sub(r"[-_.]+", "_", dist.metadata["Name"]).lower()
        if name not in seen:
            seen.add(name)
            yield dist


def test_entry_points_of_this_environment_match_importlib_metadata() -> None:
    import sys
    from importlib.metadata import entry_points

    from sarifbandit.registry import _scan_entry_points

    def of(group: str) -> list:
        if sys.version_info >= (3, 10):
            return [e.value for e in entry_points(group=group)]
        return [e.value for e in entry_points().get(group, [])]  # 3.9: a dict by group

    for group in ("console_scripts", "pytest11", "sarifbandit.plugins"):
        found = _scan_entry_points(sys.path, group)
        # (3.9 lists a distribution found twice on the path twice)
        assert found is None or set(found) == set(of(group))


def test_a_zip_on_the_path_goes_through_importlib_metadata(tmp_path) -> None:
    from sarifbandit.registry import _scan_entry_points

    archive = tmp_path / "lib.zip"
    archive.write_bytes(b"PK\x05\x06" + b"\0" * 18)
    assert _scan_entry_points([str(archive)], "sarifbandit.plugins") is None


# -- what a one-file scan loads, and how it leaves ------------------------------------------------

SMALL = """import subprocess
from flask import request


def run():
    subprocess.call(request.args["cmd"], shell=True)
"""


def _program(tmp_path: Path, *args: str, code: str = "") -> subprocess.CompletedProcess:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "xdg")}
    command = [sys.executable, "-c", code, *args] if code else [sys.executable, "-m", "sarifbandit"]
    return subprocess.run(
        command + ([] if code else list(args)),
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_one_file_scan_loads_no_yaml_metadata_or_unused_helpers(tmp_path) -> None:
    (tmp_path / "small.py").write_text(SMALL)
    code = (
        "import gc, sys\n"
        "gc.disable()  # as cli.entry starts\n"
        "from sarifbandit.cli import quick_scan\n"
        "try:\n"
        "    quick_scan(sys.argv[1:])()\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('GC', gc.isenabled(), gc.get_freeze_count() > 10000)\n"
        "print('LOADED', ' '.join(sorted(sys.modules)))\n"
    )
    for _ in range(2):  # the first run compiles the models, the second reads them
        done = _program(tmp_path, "scan", "small.py", code=code)
    loaded = set(done.stdout.split("LOADED", 1)[1].split())
    assert "sarifbandit.analysis.taint.flows" in loaded  # data flow ran
    assert "B602" in done.stdout and "user input" in done.stdout
    assert "GC True True" in done.stdout  # on again for the scan, start-up's objects frozen
    unwanted = {
        "click",  # the quick parser read the command line
        "dataclasses",  # records are made without it
        "inspect",
        "pkgutil",
        "hashlib",  # OpenSSL is not loaded for SHA-256
        "yaml",
        "importlib.metadata",
        "tomllib",
        "configparser",
        "shutil",
        "subprocess",
        "sarifbandit.commands",
        "sarifbandit.writers.baseline",
        "sarifbandit.writers.gitdiff",
        "sarifbandit.writers.sarif",
    }
    assert loaded & unwanted == set()


def test_the_program_flushes_its_report_and_keeps_its_exit_status(tmp_path) -> None:
    (tmp_path / "small.py").write_text(SMALL)
    (tmp_path / "clean.py").write_text("x = 1\n")
    found = _program(tmp_path, "scan", "--no-cache", "-f", "json", "small.py")
    assert found.returncode == 1
    import json

    assert {r["test_id"] for r in json.loads(found.stdout)["results"]} >= {"B602", "B404"}
    assert _program(tmp_path, "scan", "--no-cache", "clean.py").returncode == 0
    assert _program(tmp_path, "scan", "--bogus").returncode == 2
    written = _program(tmp_path, "scan", "--no-cache", "-o", "out.sarif", "small.py")
    assert written.returncode == 1
    assert json.loads((tmp_path / "out.sarif").read_text())["runs"][0]["results"]
    piped = _program(tmp_path, "scan", "--no-cache", "--exit-zero", "-f", "csv", "small.py")
    assert piped.returncode == 0 and piped.stdout.count("\n") == 3  # header and two findings


def test_our_sha256_gives_hashlib_digests() -> None:
    import hashlib

    from sarifbandit.hashing import sha256

    for data in (b"", b"abc", bytes(range(256)) * 300):
        assert sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
    incremental = sha256()
    incremental.update(b"ab")
    incremental.update(b"c")
    assert incremental.hexdigest() == hashlib.sha256(b"abc").hexdigest()


def test_the_plugin_modules_are_those_pkgutil_lists() -> None:
    import pkgutil

    from sarifbandit import plugins, registry

    listed = [info.name for info in pkgutil.iter_modules(plugins.__path__)]
    assert registry._plugin_module_names() == listed and len(listed) > 30


def test_a_lazy_pattern_compiles_on_first_use_and_acts_as_re() -> None:
    import re

    from sarifbandit.regex import lazy

    pattern = lazy(r"(\w+)=(\d+)", re.ASCII)
    assert pattern._compiled is None
    text = "a=1, bb=22"
    compiled = re.compile(r"(\w+)=(\d+)", re.ASCII)
    assert pattern.search(text).groups() == compiled.search(text).groups()  # type: ignore[union-attr]
    assert pattern._compiled is compiled  # re's own cache: the same object
    assert pattern.findall(text) == compiled.findall(text)
    assert [m.span() for m in pattern.finditer(text)] == [m.span() for m in compiled.finditer(text)]
    assert pattern.sub(r"\2", text) == compiled.sub(r"\2", text)
    assert pattern.split(text) == compiled.split(text)
    assert pattern.match(text, 5).group(1) == "bb" and pattern.match(text, 3) is None  # type: ignore[union-attr]
    assert pattern.fullmatch("x=9") is not None and pattern.fullmatch("x=9;") is None


def test_entry_points_are_kept_until_a_path_folder_changes(tmp_path, monkeypatch) -> None:
    from sarifbandit import registry

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    site = tmp_path / "site"
    group = f"[{registry.ENTRY_POINT_GROUP}]"
    _dist(site, "first-1.0", f"{group}\nrules = first.rules\n")
    path = [str(site), str(tmp_path / "missing")]
    group_name = registry.ENTRY_POINT_GROUP
    assert registry._cached_entry_points(path, group_name) == ["first.rules"]
    assert not list((tmp_path / "xdg").rglob("entry-points-*"))  # a folder changed just now
    os.utime(site, ns=(10**18, 10**18))  # settled
    assert registry._cached_entry_points(path, group_name) == ["first.rules"]
    reads = []
    real = registry._scan_entry_points
    monkeypatch.setattr(registry, "_scan_entry_points", lambda *a: reads.append(a) or real(*a))
    assert registry._cached_entry_points(path, group_name) == ["first.rules"]
    assert reads == []  # the second run read no metadata
    _dist(site, "second-1.0", f"{group}\nrules = second.rules\n")  # installing a package
    os.utime(site, ns=(15 * 10**17, 15 * 10**17))
    assert sorted(registry._cached_entry_points(path, group_name)) == [
        "first.rules",
        "second.rules",
    ]
    assert len(reads) == 1
    # a planted or corrupt file is a miss, never code
    assert len(list((tmp_path / "xdg").rglob("entry-points-*"))) == 2
    for stored in (tmp_path / "xdg" / "sarifbandit").glob("entry-points-*.txt"):
        stored.write_text("__import__('os').system('false')", encoding="utf-8")
    assert len(registry._cached_entry_points(path, group_name)) == 2 and len(reads) == 2
    archive = tmp_path / "lib.zip"
    archive.write_bytes(b"PK\x05\x06" + b"\0" * 18)
    assert registry._cached_entry_points([str(archive)], group_name) is None  # importlib's
