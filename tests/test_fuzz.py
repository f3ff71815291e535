"""Fuzzing: generated programs and mutated real files never make a scan raise, and no check
crashes on them. Bounded here for CI; benchmarks/fuzz.py runs the same properties for longer
(SARIFBANDIT_FUZZ_EXAMPLES, SARIFBANDIT_FUZZ_CORPUS, random instead of fixed seeds)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import List

import hypothesmith
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sarifbandit.config.options import Config
from sarifbandit.engine.filescan import scan_bytes
from sarifbandit.model import FileResult

CONFIG = Config(jobs=1, use_cache=False)
FUZZ = settings(
    max_examples=int(os.environ.get("SARIFBANDIT_FUZZ_EXAMPLES", "50")),
    deadline=None,
    derandomize="SARIFBANDIT_FUZZ_EXAMPLES" not in os.environ,  # CI: the same examples each run
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
#: what a file the scanner cannot take may say: reasons about the file, never about ourselves
_FILE_PROBLEMS = {"syntax-error", "parse-error", "decode-error"}
_OUR_BUGS = {"check-error", "internal-error"}


def _corpus() -> List[bytes]:
    root = Path(
        os.environ.get("SARIFBANDIT_FUZZ_CORPUS", Path(__file__).parent.parent / "examples")
    )
    files = sorted(root.rglob("*.py"))
    return [path.read_bytes() for path in files if path.stat().st_size < 200_000]


CORPUS = _corpus()


def survives(data: bytes) -> FileResult:
    """The property: a result for every input, findings only when scanned, a reason otherwise,
    and no notification saying a check or the pipeline itself failed."""
    result = scan_bytes(data, "fuzz.py", CONFIG)
    codes = {note.code for note in result.notifications}
    bugs = [note.message for note in result.notifications if note.code in _OUR_BUGS]
    assert not bugs, bugs
    if not result.scanned:
        assert not result.findings
        assert codes and codes <= _FILE_PROBLEMS, codes
    for finding in result.findings:
        assert finding.path == "fuzz.py" and finding.region.start_line >= 1
        assert finding.region.start_column >= 1
    return result


@FUZZ
@given(hypothesmith.from_grammar())
def test_grammar_generated_programs(source: str) -> None:
    survives(source.encode("utf-8", "surrogatepass"))


#: libcst generates slowly (about a second an example): fewer of them here, all in the long run
SLOW_FUZZ = settings(FUZZ, max_examples=max(1, FUZZ.max_examples // 5))


@SLOW_FUZZ
@given(hypothesmith.from_node())
def test_syntax_tree_generated_programs(source: str) -> None:
    result = survives(source.encode("utf-8", "surrogatepass"))
    # libcst builds valid modules, but may use syntax newer than this Python
    assert result.scanned or {n.code for n in result.notifications} == {"syntax-error"}


_EDITS = st.lists(
    st.tuples(
        st.sampled_from(["insert", "delete", "replace", "flip", "duplicate"]),
        st.floats(min_value=0, max_value=1),
        st.binary(min_size=1, max_size=8)
        | st.sampled_from(
            [
                b"\x00",
                b"\xff",
                b"\r",
                b"\t",
                b"(",
                b"[",
                b"{",
                b'"',
                b"'''",
                b"#",
                b"\\",
                b"# nosec",
                b"\xef\xbb\xbf",
                b"# -*- coding: latin-1 -*-\n",
                b":\n    ",
                b"f'{",
            ]
        ),
    ),
    min_size=1,
    max_size=6,
)


def _mutate(data: bytes, edits) -> bytes:
    for kind, where, chunk in edits:
        at = int(where * len(data))
        if kind == "insert":
            data = data[:at] + chunk + data[at:]
        elif kind == "delete":
            data = data[:at] + data[at + len(chunk) :]
        elif kind == "replace":
            data = data[:at] + chunk + data[at + len(chunk) :]
        elif kind == "flip" and data:
            at = min(at, len(data) - 1)
            data = data[:at] + bytes([data[at] ^ chunk[0]]) + data[at + 1 :]
        else:
            data = data[:at] + data[at : at + 200] * 2 + data[at + 200 :]
    return data


@FUZZ
@given(st.sampled_from(CORPUS), _EDITS)
def test_mutated_real_files(original: bytes, edits) -> None:
    survives(_mutate(original, edits))


@FUZZ
@given(st.binary(max_size=2000))
def test_random_bytes(data: bytes) -> None:
    survives(data)
