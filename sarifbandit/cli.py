"""The command line: thin. It parses flags into a Config, calls the API and picks a writer.

A well-formed `scan` command line is read without click (`scan_options.quick_parse`): importing
click is a quarter of a one-file scan's start-up, which is what pre-commit and editors wait for.
Everything else (help, usage errors, the other commands) goes to the click group of `commands`,
whose `scan` is built from the same option table; `main` here is that group.

Exit status: 0 nothing at or above the thresholds, 1 findings, 2 usage/config/internal error,
130 interrupted, 143 terminated.
"""

from __future__ import annotations

import gc
import os
import sys
from typing import Any, Callable, List, Optional

#: the program's commands: a first word naming one is never read as a scan target
COMMANDS = ("scan", "merge", "cache", "rules", "rule", "init")


def entry() -> None:
    """The program (the console script and `python -m sarifbandit`): the quick `scan` or
    `main`, then an exit that skips the interpreter's teardown of every module and object, which
    costs a small scan about a tenth of its time (mypy's fast exit does the same). Everything is
    finished by then: the report is written and closed, the workers are joined; the output
    streams are flushed here.

    The cyclic garbage collector is off while the program starts: importing makes tens of
    thousands of long-lived objects, which it would walk again and again for nothing (about 2.5
    ms of a one-file scan). The scan turns it back on (`scanning.collect_garbage`)."""
    gc.disable()
    try:
        quick = quick_scan(sys.argv[1:])
        if quick is None:
            gc.enable()  # help, a mistake, another command: no start-up to save
            from .commands import main

            main()
        else:
            from .scanning import interruptible

            interruptible(quick)
        code: Any = 0
    except SystemExit as exc:
        code = exc.code
    if code is not None and not isinstance(code, int):
        print(code, file=sys.stderr)
        code = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe: what could be written was
            pass
    os._exit(code or 0)


def quick_scan(argv: List[str]) -> Optional[Callable[[], None]]:
    """The scan a well-formed `scan` command line asks for, read without click; None when
    click must read it (help, a mistake, another command)."""
    from .scan_options import quick_parse
    from .scanning import FORMATS, run_scan

    parsed = quick_parse(argv, COMMANDS, FORMATS)
    if parsed is None:
        return None
    flags, given = parsed
    return lambda: run_scan(flags, given)


def __getattr__(name: str) -> Any:
    """`sarifbandit.cli.main`, the click group, imported when asked for."""
    if name == "main":
        from .commands import main

        return main
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
