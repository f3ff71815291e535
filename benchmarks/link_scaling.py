"""How the data flow across files grows with the size of a project.

    python benchmarks/link_scaling.py [--sizes 1 4 16] [--modules 50]

Generates Flask-like projects of N×`--modules` modules (views calling helpers in other modules,
helpers calling each other, a share of them reaching a sink) and scans each with one process and
no cache, printing the CPU seconds of the scan, of the link step alone, the peak memory and the
number of functions. Near-linear growth is the goal: the link step resolves each call once per
module and summarises each function once.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import tempfile
import time
from pathlib import Path

from sarifbandit import Config, scan
from sarifbandit.engine import link as link_module

HELPER = '''import os
import shlex
from . import helpers_{next}


def run_{i}(name):
    return helpers_{next}.step_{next}(name)


def step_{i}(name):
    if {i} % 3 == 0:
        os.system("job " + name)
    elif {i} % 3 == 1:
        os.system("job " + shlex.quote(name))
    return name.strip()


def unused_{i}(value):
    return [value] * 2
'''
VIEW = '''from flask import Flask, request
from . import helpers_{i}

app = Flask(__name__)


@app.route("/v{i}")
def view_{i}():
    who = request.args["who"]
    helpers_{i}.run_{i}(who)
    return helpers_{i}.step_{i}(who)
'''


def generate(root: Path, modules: int) -> int:
    package = root / "proj"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    for i in range(modules):
        (package / f"helpers_{i}.py").write_text(HELPER.format(i=i, next=(i + 1) % modules))
        (package / f"views_{i}.py").write_text(VIEW.format(i=i))
    return modules * 4  # functions: three per helper module, one per view


def measure(root: Path) -> tuple:
    spent = [0.0]
    original = link_module.link

    def timed(results, targets, config):
        started = time.process_time()
        try:
            return original(results, targets, config)
        finally:
            spent[0] += time.process_time() - started

    import sarifbandit.api as api

    api.link = timed
    try:
        started = time.process_time()
        report = scan([str(root)], Config(jobs=1, use_cache=False), root=root)
        total = time.process_time() - started
    finally:
        api.link = original
    flows = sum(1 for f in report.findings if f.flow)
    return total, spent[0], flows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1, 4, 16])
    parser.add_argument("--modules", type=int, default=50)
    args = parser.parse_args()
    base = None
    for size in args.sizes:
        folder = Path(tempfile.mkdtemp(prefix="sarifbandit-link-"))
        try:
            functions = generate(folder, size * args.modules)
            total, linked, flows = measure(folder)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        base = base or (total, linked)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(
            f"{size:>3}x: {functions:>6} functions  scan {total:6.2f} s CPU "
            f"({total / base[0]:5.2f}x)  link {linked:6.2f} s ({linked / max(base[1], 1e-9):5.2f}x)"
            f"  {flows} flows  peak {peak:.0f} MB"
        )


if __name__ == "__main__":
    main()
