"""Every bound of the taint analysis is reached by a test: past it the analysis gives a sound,
less precise answer (or none for that function), never a hang or an exception."""

from __future__ import annotations

import ast
import textwrap
import tracemalloc

import pytest

from sarifbandit.analysis.source import SourceFile
from sarifbandit.analysis.taint import interpret, values
from sarifbandit.analysis.taint.flows import analyse
from sarifbandit.analysis.taint.models import load_models


def _hits(code: str):
    text = textwrap.dedent(code)
    flows = analyse(ast.parse(text), SourceFile.from_bytes("t.py", text.encode()), load_models())
    return sorted((h.node.lineno, h.sink_class, flows.confidence(h).name) for h in flows.all_hits())


def test_a_flow_is_found_and_its_constant_twin_is_not() -> None:
    assert _hits(
        """
        import os
        def main():
            name = input()
            os.system("ls " + name)
            os.system("ls " + "x")
        """
    ) == [(5, "command", "MEDIUM")]


def test_loop_rounds_bound_widens_a_growing_value(monkeypatch) -> None:
    # with no round to spare, the first change is widened at once: still found, less surely
    monkeypatch.setattr(interpret, "MAX_LOOP_ROUNDS", 0)
    assert _hits(
        """
        import os
        def main():
            text = ""
            for _ in range(1000):
                text = text + "a" + input()
            os.system(text)
        """
    ) == [(7, "command", "LOW")]


def test_function_steps_bound_stops_the_function(monkeypatch) -> None:
    monkeypatch.setattr(interpret, "MAX_FUNCTION_STEPS", 50)
    body = "\n".join(f"    x{i} = {i}" for i in range(200))
    code = f"import os\ndef main():\n    name = input()\n{body}\n    os.system(name)\n"
    assert _hits(code) == []  # the function's end is not reached: no claim about it
    monkeypatch.setattr(interpret, "MAX_FUNCTION_STEPS", 100_000)
    assert _hits(code) == [(204, "command", "MEDIUM")]


def test_expression_depth_bound_judges_by_names() -> None:
    chain = " + ".join(["name"] + ['"a"'] * (interpret.MAX_EXPRESSION_DEPTH * 3))
    hits = _hits(f"import os\ndef main():\n    name = input()\n    os.system({chain})\n")
    assert hits == [(4, "command", "LOW")]


def test_call_depth_bound_makes_deep_calls_unknown(monkeypatch) -> None:
    helpers = "\n".join(f"def h{i}(v):\n    return h{i + 1}(v)\n" for i in range(12))
    code = f"import os\n{helpers}\ndef h12(v):\n    os.system(v)\n\ndef main():\n    h0(input())\n"
    monkeypatch.setattr(interpret, "MAX_CALL_DEPTH", 30)
    assert [h[1] for h in _hits(code)] == ["command"]
    monkeypatch.setattr(interpret, "MAX_CALL_DEPTH", 3)
    assert _hits(code) == []


def test_recursion_terminates() -> None:
    assert _hits(
        """
        import os
        def loop(v):
            return loop(v) + v
        def main():
            os.system(loop(input()))
        """
    ) == [(6, "command", "MEDIUM")]


def test_functions_bound(monkeypatch) -> None:
    monkeypatch.setattr(interpret, "MAX_FUNCTIONS", 1)
    code = "import os\n" + "".join(f"def f{i}():\n    os.system(input())\n" for i in range(3))
    assert len(_hits(code)) == 1


def test_pieces_bound_keeps_the_taint(monkeypatch) -> None:
    monkeypatch.setattr(values, "MAX_PIECES", 4)
    assert _hits(
        """
        import os
        def main():
            a = input()
            os.system("x" + a + "y" + a + "z" + a + "w" + a)
        """
    ) == [(5, "command", "LOW")]


def test_entries_bound_smashes_the_container(monkeypatch) -> None:
    monkeypatch.setattr(values, "MAX_ENTRIES", 3)
    assert _hits(
        """
        import os
        def main():
            d = {"a": 1, "b": 2, "c": 3}
            d["t"] = input()
            os.system(d["a"])
        """
    ) == [(6, "command", "LOW")]


def test_trace_bound_keeps_the_source() -> None:
    steps = "\n".join(f"    v{i + 1} = v{i}" for i in range(values.MAX_TRACE * 2))
    text = f"import os\ndef main():\n    v0 = input()\n{steps}\n    os.system(v{values.MAX_TRACE * 2})\n"
    flows = analyse(ast.parse(text), SourceFile.from_bytes("t.py", text.encode()), load_models())
    (hit,) = flows.all_hits()
    path = flows.path(hit)
    assert len(path) <= values.MAX_TRACE + 1
    assert path[0].region.start_line == 3  # the source survives the cut


@pytest.mark.parametrize("expr", ['"a" * 10**9', "2 ** 100000", '"%s" * 99999'])
def test_folding_bound_leaves_huge_constants_unknown(expr: str) -> None:
    hits = _hits(f"import os\ndef main():\n    x = {expr}\n    os.system(x + input())\n")
    assert [h[1] for h in hits] == ["command"]
    assert values.MAX_FOLDED_SIZE == 10_000


@pytest.mark.parametrize(
    "expr",
    [
        '"a".ljust(10**9)',
        '"{:>999999999}".format("a")',
        '"\\t".expandtabs(10**9)',
        '("a" * 9000).replace("a", "b" * 9000)',
    ],
)
def test_str_methods_are_not_folded_past_the_bound(expr: str) -> None:
    # computed first and measured after, each of these took a gigabyte
    tracemalloc.start()
    try:
        hits = _hits(f"import os\ndef main():\n    x = {expr}\n    os.system(x + input())\n")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [h[1] for h in hits] == ["command"]
    assert peak < 20 * values.MAX_FOLDED_SIZE * 100


def test_class_depth_bound_stops_the_method_lookup(monkeypatch) -> None:
    chain = "".join(f"class C{i + 1}(C{i}):\n    pass\n" for i in range(10))
    code = (
        "import os\nclass C0:\n    def run(self, v):\n        os.system(v)\n"
        + chain
        + "def main():\n    C10().run(input())\n"
    )
    assert [h[1] for h in _hits(code)] == ["command"]
    monkeypatch.setattr(interpret, "MAX_CLASS_DEPTH", 4)
    assert _hits(code) == []


_HANDLERS = (
    "".join(f"def h{i}(v):\n    print(v)\n" for i in range(5)) + "def bad(v):\n    os.system(v)\n",
    [f"h{i}" for i in range(5)] + ["bad"],
    "TABLE[input()](input())",
)
_OBJECTS = (
    "".join(f"class H{i}:\n    def run(self, v):\n        print(v)\n" for i in range(5))
    + "class Bad:\n    def run(self, v):\n        os.system(v)\n",
    [f"H{i}()" for i in range(5)] + ["Bad()"],
    "TABLE[input()].run(input())",
)


@pytest.mark.parametrize(
    "defined, entries, call", [_HANDLERS, _OBJECTS], ids=["functions", "objects"]
)
def test_candidates_bound_limits_a_table(monkeypatch, defined, entries, call) -> None:
    # a table read with a key not known: each of its functions (or objects' methods) may run,
    # up to MAX_CANDIDATES of them
    table = "TABLE = {" + ", ".join(f"'k{i}': {e}" for i, e in enumerate(entries)) + "}\n"
    code = "import os\n" + defined + table + f"def main():\n    {call}\n"
    assert [h[1] for h in _hits(code)] == ["command"]
    monkeypatch.setattr(interpret, "MAX_CANDIDATES", 5)
    assert _hits(code) == []


def test_enclosing_bound_keeps_verdicts_linear(monkeypatch) -> None:
    from sarifbandit import Config
    from sarifbandit.analysis.taint import verdicts
    from sarifbandit.engine.filescan import scan_bytes

    # a constant command inside a call nested in many calls on one line is still judged
    code = "import os\n" + "f(" * 20 + 'os.system("ls")' + ")" * 20 + "\n"
    found = scan_bytes(code.encode(), "t.py", Config(jobs=1)).findings
    assert [(f.rule_id, f.confidence.name) for f in found if f.rule_id == "B605"] == [
        ("B605", "LOW")
    ]
    monkeypatch.setattr(verdicts, "MAX_ENCLOSING", 0)
    found = scan_bytes(code.encode(), "t.py", Config(jobs=1)).findings
    assert [(f.rule_id, f.confidence.name) for f in found if f.rule_id == "B605"] == [
        ("B605", "HIGH")
    ]


def test_a_recursive_closure_is_unknown_where_it_calls_itself() -> None:
    code = """
        import os
        def main():
            name = input()
            def again(v):
                return again(v) + again(v)
            os.system(again(name))
        """
    # the inner call is unknown (what goes in comes out, less surely): no run per level
    assert _hits(code) == [(7, "command", "LOW")]


def test_closures_nested_past_the_call_depth_bound_are_unknown(monkeypatch) -> None:
    defs = "".join(f"    def f{i}(v):\n        return f{i + 1}(v)\n" for i in range(6))
    code = f"import os\ndef main():\n{defs}    def f6(v):\n        os.system(v)\n    f0(input())\n"
    monkeypatch.setattr(interpret, "MAX_CALL_DEPTH", 30)
    assert [h[1] for h in _hits(code)] == ["command"]
    monkeypatch.setattr(interpret, "MAX_CALL_DEPTH", 3)
    assert _hits(code) == []


def test_closures_spend_the_enclosing_function_s_steps(monkeypatch) -> None:
    calls = "\n".join("    work()" for _ in range(40))
    code = (
        "import os\ndef main():\n    name = input()\n    def work():\n"
        + "\n".join(f"        x{i} = {i}" for i in range(20))
        + f"\n{calls}\n    os.system(name)\n"
    )
    monkeypatch.setattr(interpret, "MAX_FUNCTION_STEPS", 400)
    assert _hits(code) == []  # forty runs of the closure's body spend the budget
    monkeypatch.setattr(interpret, "MAX_FUNCTION_STEPS", 100_000)
    assert [h[1] for h in _hits(code)] == ["command"]


def test_packed_arguments_keep_their_items_apart() -> None:
    assert _hits(
        """
        import os
        def command(*parts, **options):
            return parts[0] + options.get("suffix", "")
        def main():
            name = input()
            os.system(command("ls", label=name))
            os.system(command(name))
            os.system(command("ls", suffix=name))
        """
    ) == [(8, "command", "MEDIUM"), (9, "command", "MEDIUM")]


def test_a_key_holding_any_character_stands_for_that_item() -> None:
    assert _hits(
        """
        import os
        def command(options):
            return options["app.name"] + options["a#b"]
        def main():
            name = input()
            os.system(command({"app.name": "ls", "a#b": name}))
            os.system(command({"app.name": "ls", "a#b": "-l"}))
        """
    ) == [(7, "command", "MEDIUM")]


def test_unrolled_loop_bound_falls_back_to_the_fixpoint(monkeypatch) -> None:
    # within the bound each round runs with its number: `i == 5` never holds in range(3)
    code = """
        import os
        def main():
            target = "localhost"
            for i in range(3):
                if i == 5:
                    target = input()
            os.system("ping " + target)
        """
    assert _hits(code) == []
    # past it the loop runs to a fixpoint with `i` some number: the branch may run
    monkeypatch.setattr(interpret, "MAX_UNROLLED_ITEMS", 2)
    assert _hits(code) == [(8, "command", "MEDIUM")]


def test_counted_while_loop_bound_falls_back_to_the_fixpoint(monkeypatch) -> None:
    # within the bound the loop runs round by round: `i == 5` never holds while i < 3
    code = """
        import os
        def main():
            target = "localhost"
            i = 0
            while i < 3:
                if i == 5:
                    target = input()
                i += 1
            os.system("ping " + target)
        """
    assert _hits(code) == []
    # past it the loop runs to a fixpoint from its start: the branch may run
    monkeypatch.setattr(interpret, "MAX_UNROLLED_ITEMS", 3)
    assert _hits(code) == [(10, "command", "MEDIUM")]


READER_CHAIN = """
import os
import shutil
def base():
    return os.environ["BASE"]
def root():
    return base() + "/root"
def tree():
    return root() + "/tree"
def clean():
    shutil.rmtree(tree())
"""


def test_reader_rounds_bound_stops_a_long_chain_of_helpers(monkeypatch) -> None:
    # clean() names no source: it is run because tree() returns input, found in the third round
    assert _hits(READER_CHAIN) == [(11, "path", "LOW")]
    monkeypatch.setattr(interpret, "MAX_READER_ROUNDS", 2)
    assert _hits(READER_CHAIN) == []


@pytest.mark.parametrize("extra, found", [(5, []), (6, [(11, "redirect", "HIGH")])])
def test_a_kept_test_reads_at_most_max_test_names_variables(extra, found) -> None:
    # `ok = <test>` is kept for a later `if not ok` only while the test reads at most
    # MAX_TEST_NAMES variables (each compared at every use); past it the check is not seen
    from sarifbandit.analysis.taint.guards import MAX_TEST_NAMES

    others = " and ".join(f"v{i}" for i in range(extra))
    names = 3 + extra  # urlparse, target and ALLOWED, then the others
    assert (names <= MAX_TEST_NAMES) == (not found)
    code = f"""
    from urllib.parse import urlparse
    from flask import Flask, abort, redirect, request
    app = Flask(__name__)
    ALLOWED = {{"a.example"}}
    @app.route("/go")
    def go():
        target = request.args["next"]
        ok = {others} and urlparse(target).netloc in ALLOWED
        if not ok: abort(400)
        return redirect(target)
    """
    assert _hits(code) == found


def _dead(code: str):
    text = textwrap.dedent(code)
    flows = analyse(ast.parse(text), SourceFile.from_bytes("t.py", text.encode()), load_models())
    return flows.dead_code()


def test_function_steps_bound_leaves_no_branch_dead(monkeypatch) -> None:
    # a run cut short cannot tell which way its tests would have gone later: no branch of
    # the function is called dead, though the runs so far took only one side
    body = "\n".join(f"        x{i} = {i}" for i in range(60))
    code = (
        "import os\nFLAG = False\ndef main():\n    name = input()\n    while name:\n"
        f"        if FLAG:\n            os.system(name)\n{body}\n"
    )
    assert _dead(code) == [(7, 7, 6, False)]
    monkeypatch.setattr(interpret, "MAX_FUNCTION_STEPS", 50)
    assert _dead(code) == []


def test_a_branch_taken_either_way_is_not_dead() -> None:
    assert _dead(
        """
        import os
        def main():
            name = input()
            for flag in (True, False):
                if flag:
                    os.system(name)
                else:
                    os.system("ls")
            if 1 + 1 == 3:
                os.system(name)
            elif name:
                os.system("ls")
            else:
                os.system("pwd")
        """
    ) == [(11, 11, 10, False)]


def test_return_ways_bound_joins_what_a_function_returns(monkeypatch) -> None:
    # within the bound each return is answered with the call's arguments: the default the
    # caller leaves and the checked target; past it they are joined, and the check is lost
    code = """
        import os
        def pick(name, default="ls"):
            if not name.isalnum():
                return default
            return name
        def main():
            os.system(pick(input()))
        """
    assert _hits(code) == []
    monkeypatch.setattr(interpret, "MAX_RETURN_WAYS", 1)
    # the call's constant default would otherwise be run again in place of the stand-in
    monkeypatch.setattr(interpret, "MAX_SPECIALIZED_STATEMENTS", 0)
    assert _hits(code) == [(8, "command", "MEDIUM")]


_SPECIALIZED = """
    import os
    TOOLS = {"list": "ls -l", "user": "ls -l ~"}
    def command(kind, extra):
        if kind == "raw":
            return "ls " + extra
        return TOOLS[kind]
    def main():
        os.system(command("list", input()))
        os.system(command("raw", input()))
    """


def test_specialized_statements_bound_leaves_the_summary_to_answer(monkeypatch) -> None:
    # run again with its constant, the helper's first call returns a command of the table; the
    # summary, for any kind, may return the input given with it
    assert _hits(_SPECIALIZED) == [(10, "command", "MEDIUM")]
    monkeypatch.setattr(interpret, "MAX_SPECIALIZED_STATEMENTS", 2)
    assert _hits(_SPECIALIZED) == [(9, "command", "MEDIUM"), (10, "command", "MEDIUM")]


def test_specialized_runs_bound_leaves_later_calls_to_the_summary(monkeypatch) -> None:
    monkeypatch.setattr(interpret, "MAX_SPECIALIZED_RUNS", 1)
    code = (
        _SPECIALIZED.replace('"raw", input()', '"list", input()')
        + '    os.system(command("user", input()))\n'
    )
    # one run of `command` with "list" (the second call reuses it); "user" is past the bound
    assert _hits(code) == [(11, "command", "MEDIUM")]


def test_constant_nesting_bound_leaves_a_deeper_pickle_unjudged(tmp_path, monkeypatch) -> None:
    from sarifbandit import Config, scan
    from sarifbandit.analysis.taint import library
    from sarifbandit.model import Rank

    path = tmp_path / "jobs.py"
    path.write_text(
        textwrap.dedent(
            """
            import pickle
            JOB = pickle.dumps({"name": "nightly", "steps": [["extract", 1], ["load", 2]]})
            def run():
                return pickle.loads(JOB)
            """
        )
    )

    def confidence() -> Rank:
        report = scan([str(path)], Config(jobs=1, use_cache=False), root=tmp_path)
        return next(f.confidence for f in report.findings if f.rule_id == "B301")

    assert confidence() == Rank.LOW
    monkeypatch.setattr(library, "MAX_CONSTANT_NESTING", 2)  # the inner lists lie deeper
    assert confidence() != Rank.LOW  # Bandit's own
