"""Latency where start-up dominates: one small file (and standard input) against the bare
interpreter's start, and a warm-cache rerun of Django and the standard library against a cold one.

    python benchmarks/latency.py [--repeat 20] [--code DIR] [--wheel-dir DIR] [--skip-trees]

Every figure comes from one run of this script, measured back to back: wall seconds of the whole
process, best of N (the machine may be shared; the best is the least disturbed). The small file
has a flow of user input into a shell command, so every check and the data-flow analysis run.
sarifbandit runs as the `sarifbandit` command a pip install writes (the console script: import
the entry point, call it), from a bytecode-compiled copy of its sources (as an installed wheel
is), `--code DIR` (default: this checkout's), with a results cache of its own;
the first run of the copy compiles the data-flow models into the user cache dir, as any first
run of an installed version does, and is not counted. The cold tree scans use the default jobs
and format (text), as a rerun in CI would; the trees are those of benchmarks/bench.py.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Optional, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import django_tree, python_files, stdlib_tree  # noqa: E402

SMALL = b"""import subprocess

from flask import Flask, request

app = Flask(__name__)


@app.route("/run")
def run():
    command = request.args.get("cmd", "")
    subprocess.call(command, shell=True)
    return "done"
"""


#: what pip writes for the `sarifbandit = sarifbandit.cli:entry` console script
CONSOLE_SCRIPT = """import re
import sys
from sarifbandit.cli import entry
if __name__ == "__main__":
    sys.argv[0] = re.sub(r"(-script\\.pyw|\\.exe)?$", "", sys.argv[0])
    sys.exit(entry())
"""


def wall(
    command: Sequence[str], env: Dict[str, str], cwd: Path, stdin: Optional[bytes] = None
) -> float:
    start = time.perf_counter()
    subprocess.run(
        command,
        cwd=cwd,
        env=env,
        input=stdin,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )
    return time.perf_counter() - start


def best(runs: int, *args, **kwargs) -> float:
    return min(wall(*args, **kwargs) for _ in range(runs))


def snapshot(code: Path, work: Path) -> Path:
    """A copy of the package, compiled to bytecode as pip compiles an installed wheel."""
    target = work / "code"
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(code / "sarifbandit", target / "sarifbandit", ignore=_no_bytecode)
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(target)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return target


def _no_bytecode(folder: str, names: List[str]) -> List[str]:
    return [n for n in names if n == "__pycache__" or n.endswith(".pyc")]


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "sb-latency")
    parser.add_argument("--wheel-dir", type=Path, default=Path("/tmp/wheels"))
    parser.add_argument("--code", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--repeat", type=int, default=20, help="best of N for the small file")
    parser.add_argument("--tree-repeat", type=int, default=3, help="best of N for the trees")
    parser.add_argument("--skip-trees", action="store_true", help="only the small file")
    args = parser.parse_args(argv)
    work = args.work.resolve()
    work.mkdir(parents=True, exist_ok=True)
    code = snapshot(args.code.resolve(), work)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(code), env.get("PYTHONPATH")]))
    env["XDG_CACHE_HOME"] = str(work / "user-cache")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    small = work / "small.py"
    small.write_bytes(SMALL)
    script = work / "sarifbandit-command"
    script.write_text(CONSOLE_SCRIPT, encoding="utf-8")
    ours = [sys.executable, str(script), "scan"]
    cache = ["--cache-dir", str(work / "cache-small")]
    wall([*ours, "--no-cache", "small.py"], env, work)  # compiles the models once

    bare_command = [sys.executable, "-I", "-c", "pass"]
    figures = {"bare": 1e9, "file": 1e9, "stdin": 1e9, "file, cache": 1e9}
    for _ in range(max(1, args.repeat)):  # alternated: every figure sees the same machine
        figures["bare"] = min(figures["bare"], wall(bare_command, env, work))
        figures["file"] = min(figures["file"], wall([*ours, "--no-cache", "small.py"], env, work))
        figures["stdin"] = min(
            figures["stdin"], wall([*ours, "--no-cache", "-"], env, work, stdin=SMALL)
        )
        figures["file, cache"] = min(
            figures["file, cache"], wall([*ours, *cache, "small.py"], env, work)
        )
    sys.path.insert(0, str(code))  # the measured copy's version, whichever venv runs this
    from sarifbandit.version import __version__

    print(
        f"sarifbandit {__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} cores, "
        f"load {os.getloadavg()[0]:.1f}; best of {args.repeat}"
    )
    bare = figures["bare"]
    print(f"  python -I -c pass                  {bare * 1000:7.1f} ms")
    for label, key in (
        ("one small file (--no-cache)", "file"),
        ("the same from stdin (-)", "stdin"),
        ("one small file, cache hit", "file, cache"),
    ):
        print(f"  {label:<34} {figures[key] * 1000:7.1f} ms  {figures[key] / bare:4.1f}x bare")
    if args.skip_trees:
        return 0
    for name, root in (
        ("Django 5.2.8", django_tree(work, args.wheel_dir)),
        ("stdlib", stdlib_tree(work)),
    ):
        files = python_files(root)
        cache_dir = work / f"cache-{root.name}"
        command = [*ours, "--cache-dir", str(cache_dir), str(root)]
        colds = []
        for _ in range(max(1, args.tree_repeat)):
            shutil.rmtree(cache_dir, ignore_errors=True)
            colds.append(wall(command, env, work))
        cold = min(colds)
        warm = best(max(1, args.tree_repeat), command, env, work)
        print(
            f"\n{name}: {len(files)} files, default jobs and format\n"
            f"  cold cache                         {cold:7.2f} s\n"
            f"  warm cache                         {warm:7.2f} s  {warm / cold:.3f}x cold"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
