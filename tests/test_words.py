"""WordLines: the lines where words stand whole, and which functions' code (not docstring) holds
one."""

from __future__ import annotations

import ast

from sarifbandit.analysis.taint.words import WordLines


def test_only_whole_words_count_on_the_lines_they_stand_on() -> None:
    text = "a = input()\nb = inputs\nc = sys.argv\nd = argv_x + _argv\ne = (input)"
    assert WordLines(["input", "argv"], text).lines == [1, 3, 5]
    assert WordLines(["request"], text).lines == []


def test_a_line_holding_a_word_many_times_counts_once_and_the_next_lines_still_count() -> None:
    # after a line's first match the search resumes on the next line; a last line without a
    # line break ends it
    text = "r = request.a + request.b\nx = requests\ny = request"
    assert WordLines(["request"], text).lines == [1, 3]
    assert WordLines(["request", "input("], "input(request)\ninput(1)").lines == [1, 2]


def test_a_function_holds_a_word_in_its_code_not_in_its_docstring() -> None:
    text = (
        "def documented():\n"
        '    """Ask for input."""\n'
        "    return 1\n"
        "def reading():\n"
        '    """Reads."""\n'
        "    return input()\n"
        "def bare():\n"
        "    return input\n"
    )
    tree = ast.parse(text)
    within = WordLines(["input"], text).within
    assert [within(f) for f in tree.body] == [False, True, True]


def test_an_empty_word_is_no_word() -> None:
    assert WordLines(["", "argv"], "x = sys.argv\ny = 1").lines == [1]
