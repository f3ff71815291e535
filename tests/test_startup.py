"""Start-up pays only for what a run uses: the data-flow models come from a compiled form cached
by content (never stale, never trusted blindly)."""

from __future__ import annotations

import os
import pickle
import shutil
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
