"""Time sarifbandit against Bandit 1.9.4 and against the parser itself, on real code.

    python benchmarks/bench.py [--repeat 3] [--bandit PATH] [--bandit-stdlib] [--code DIR]

Corpora: the Django 5.2.8 wheel (fetched with `pip download`, or taken from --wheel-dir) and the
standard library of the Python running this script (site-packages left out). Bandit runs from
its own virtual environment, created with `pip install bandit==1.9.4` when --bandit is not given.

Every figure comes from one run of this script, measured back to back. The machine may be
shared, so single-process figures are CPU seconds of the process tree (immune to waiting for a
core), wall seconds are shown beside them, and with --repeat N each figure is the best of N.
--code runs sarifbandit from a copy of its sources (e.g. `git archive HEAD`), so edits made to
the working tree during the run cannot change what is measured or invalidate the cache.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
import warnings
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence

DJANGO = "django==5.2.8"
BANDIT = "bandit==1.9.4"
#: environment of the measured processes (PYTHONPATH set by --code)
_ENV = dict(os.environ)


@dataclass
class Run:
    """One measured process: wall and CPU seconds, peak RSS (MB) of the tree and of one process."""

    wall: float
    cpu: float
    tree_mb: float
    process_mb: float
    output: str = ""


def _descendants(pid: int) -> List[int]:
    found, frontier = [], [pid]
    while frontier:
        parent = frontier.pop()
        try:
            tasks = os.listdir(f"/proc/{parent}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                with open(f"/proc/{parent}/task/{task}/children") as handle:
                    children = [int(c) for c in handle.read().split()]
            except OSError:
                continue
            found.extend(children)
            frontier.extend(children)
    return found


def _rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as handle:
            for line in handle:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def measure(command: Sequence[str], cwd: Optional[Path] = None) -> Run:
    """Run `command`; CPU and the largest process from wait4, the tree's RSS sampled."""
    start = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=cwd, env=_ENV, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    peak = [0.0]
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            total = sum(_rss_mb(p) for p in [process.pid, *_descendants(process.pid)])
            peak[0] = max(peak[0], total)
            done.wait(0.02)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    assert process.stdout is not None
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    done.set()
    sampler.join()
    return Run(wall, usage.ru_utime + usage.ru_stime, peak[0], usage.ru_maxrss / 1024, output)


def best(runs: Callable[[], Run], repeat: int) -> Run:
    measured = [runs() for _ in range(repeat)]
    return min(measured, key=lambda r: r.cpu)


# -- corpora ------------------------------------------------------------------------------------
def django_tree(work: Path, wheel_dir: Optional[Path]) -> Path:
    target = work / "django"
    if target.is_dir():
        return target
    wheels = sorted(wheel_dir.glob("django-5.2.8-*.whl")) if wheel_dir else []
    if not wheels:
        download = work / "wheels"
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", DJANGO, "-d", str(download)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        wheels = sorted(download.glob("django-5.2.8-*.whl"))
    with zipfile.ZipFile(wheels[0]) as archive:
        archive.extractall(target)
    return target


def stdlib_tree(work: Path) -> Path:
    """A copy of this Python's standard library sources (no site-packages, no bytecode)."""
    import sysconfig

    target = work / "stdlib"
    if not target.is_dir():
        shutil.copytree(
            sysconfig.get_paths()["stdlib"],
            target,
            ignore=shutil.ignore_patterns("site-packages", "__pycache__", "*.pyc", "*.so"),
            symlinks=True,
        )
    return target


def copies(source: Path, work: Path, count: int) -> Path:
    """`count` copies of `source` side by side, for the linearity figures."""
    target = work / f"{source.name}-x{count}"
    if not target.is_dir():
        for index in range(count):
            shutil.copytree(source, target / f"copy{index}", symlinks=True)
    return target


def python_files(root: Path) -> List[Path]:
    return sorted(p for p in root.rglob("*.py") if p.is_file())


def bandit_command(explicit: Optional[str], work: Path) -> List[str]:
    if explicit:
        return [explicit]
    venv = work / "bandit-venv"
    program = venv / "bin" / "bandit"
    if not program.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run(
            [str(venv / "bin" / "pip"), "install", "-q", BANDIT],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    return [str(program)]


# -- in-process figures -------------------------------------------------------------------------
_IN_PROCESS = textwrap.dedent(
    """
    import ast, json, sys, tempfile, time, warnings
    from sarifbandit import Config, scan
    root, repeat = sys.argv[1], int(sys.argv[2])
    files = sorted(p for p in __import__("pathlib").Path(root).rglob("*.py") if p.is_file())
    config = Config(jobs=1, use_cache=False)
    scan([files[0]], config)  # plugins imported and tables built before timing

    def floor():
        for path in files:
            data = path.read_bytes()
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    tree = ast.parse(data)
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                continue
            for _ in ast.walk(tree):
                pass

    def ours():
        return scan([root], config)

    def _timed(job):
        start = time.process_time()
        job()
        return time.process_time() - start

    best = {"floor": 1e9, "scan": 1e9}
    for _ in range(repeat):  # alternated, so both see the same machine load
        for name, job in (("floor", floor), ("scan", ours)):
            start = time.process_time()
            result = job()
            best[name] = min(best[name], time.process_time() - start)
            if name == "scan":
                report = result
    cached = Config(jobs=1, cache_dir=tempfile.mkdtemp())
    scan([root], cached)
    best["warm"] = min(_timed(lambda: scan([root], cached)) for _ in range(repeat))
    print(json.dumps({**best, "files": len(files), "findings": len(report.findings)}))
    """
)


def in_process(root: Path, repeat: int) -> Dict[str, float]:
    run = measure([sys.executable, "-c", _IN_PROCESS, str(root), str(repeat)])
    return json.loads(run.output.strip().splitlines()[-1])


_SARIF = textwrap.dedent(
    """
    import io, json, sys, time
    from sarifbandit import Config, scan
    from sarifbandit.writers import WRITERS, WriterOptions
    report = scan([sys.argv[1]], Config(use_cache=False))
    found = len(report.findings)
    # at least 5,000 results: the real ones, repeated when the corpus has fewer
    report.findings = (report.findings * (5000 // max(1, found) + 1))[: max(5000, found)]
    best = 1e9
    for _ in range(int(sys.argv[2])):
        stream = io.StringIO()
        start = time.process_time()
        WRITERS["sarif"](report, stream, WriterOptions())
        best = min(best, time.process_time() - start)
    print(json.dumps({"found": found, "results": len(report.findings), "write": best,
                      "bytes": stream.tell()}))
    """
)


def sarif_writing(root: Path, repeat: int) -> Dict[str, float]:
    run = measure([sys.executable, "-c", _SARIF, str(root), str(repeat)])
    return json.loads(run.output.strip().splitlines()[-1])


# -- the report ---------------------------------------------------------------------------------
def row(label: str, run: Run, note: str = "") -> str:
    return (
        f"  {label:<34} {run.wall:7.2f} s wall {run.cpu:7.2f} s CPU "
        f"{run.tree_mb:6.0f} MB tree {run.process_mb:5.0f} MB/process  {note}"
    ).rstrip()


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "sb-bench")
    parser.add_argument("--wheel-dir", type=Path, default=Path("/tmp/wheels"))
    parser.add_argument("--bandit", help="a bandit 1.9.4 executable (default: its own venv)")
    parser.add_argument(
        "--bandit-stdlib", action="store_true", help="also time Bandit on the stdlib"
    )
    parser.add_argument("--repeat", type=int, default=1, help="best of N for each figure")
    parser.add_argument("--code", type=Path, help="run sarifbandit from this source tree")
    args = parser.parse_args(argv)
    if args.code:
        code = str(args.code.resolve())
        _ENV["PYTHONPATH"] = os.pathsep.join(filter(None, [code, _ENV.get("PYTHONPATH")]))
        sys.path.insert(0, code)
        # compiled as pip compiles an installed wheel: a start-up figure must not include
        # compiling the package (PYTHONDONTWRITEBYTECODE in the caller's shell would)
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", code], check=True, stdout=subprocess.DEVNULL
        )
    work = args.work.resolve()
    work.mkdir(parents=True, exist_ok=True)
    django = django_tree(work, args.wheel_dir)
    stdlib = stdlib_tree(work)
    bandit = bandit_command(args.bandit, work)
    ours = [sys.executable, "-m", "sarifbandit", "scan", "-q", "-f", "sarif"]
    repeat = max(1, args.repeat)
    single_cpu: Dict[str, float] = {}

    def sarifbandit(root: Path, *flags: str, output: str = "out.sarif") -> Run:
        return measure([*ours, "-o", str(work / output), *flags, str(root)], cwd=work)

    from sarifbandit import __version__
    from sarifbandit.registry import all_rules

    print(
        f"sarifbandit {__version__} ({len(all_rules())} checks, all enabled), Python "
        f"{sys.version.split()[0]}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}"
    )
    for name, root in (("Django 5.2.8", django), ("stdlib", stdlib)):
        files = python_files(root)
        size = sum(p.stat().st_size for p in files)
        lines = sum(p.read_bytes().count(b"\n") for p in files)
        print(f"\n{name}: {len(files)} files, {lines:,} lines, {size / 1e6:.1f} MB")
        bandit_run: Optional[Run] = None
        if root is django or args.bandit_stdlib:
            bandit_run = best(
                lambda r=root: measure(
                    [*bandit, "-r", "-q", "-f", "json", "-o", os.devnull, str(r)]
                ),
                1,
            )
            print(row("bandit 1.9.4", bandit_run))
        one = best(lambda r=root: sarifbandit(r, "--no-cache", "-j", "1"), repeat)
        default = best(lambda r=root: sarifbandit(r, "--no-cache"), repeat)
        cache_dir = work / f"cache-{root.name}"
        shutil.rmtree(cache_dir, ignore_errors=True)
        cold = sarifbandit(root, "--cache-dir", str(cache_dir))
        warm = best(lambda r=root, c=cache_dir: sarifbandit(r, "--cache-dir", str(c)), repeat)
        changed_file = files[len(files) // 2]
        original = changed_file.read_bytes()
        changed_file.write_bytes(original + b"\n# edited\n")
        try:
            edited = sarifbandit(root, "--cache-dir", str(cache_dir))
        finally:
            changed_file.write_bytes(original)
        single_cpu[root.name] = one.cpu
        print(row("sarifbandit -j 1", one))
        print(row("sarifbandit (default jobs)", default))
        print(row("sarifbandit, cold cache", cold))
        print(row("sarifbandit, warm cache", warm, f"{warm.wall / cold.wall:.0%} of cold wall"))
        per_file = one.cpu / len(files)
        print(
            row(
                "sarifbandit, one file edited",
                edited,
                f"{edited.cpu - warm.cpu:+.2f} s CPU over warm (a file costs {per_file:.3f} s)",
            )
        )
        figures = in_process(root, repeat)
        ratio = figures["scan"] / figures["floor"]
        print(
            f"  in one process: ast.parse+ast.walk {figures['floor']:.2f} s CPU, "
            f"sarifbandit scan {figures['scan']:.2f} s CPU = {ratio:.2f}x the floor "
            f"({figures['findings']:.0f} findings); warm cache {figures['warm']:.2f} s CPU = "
            f"{figures['warm'] / figures['scan']:.0%} of the cold scan"
        )
        jobs = os.cpu_count() or 1
        print(
            f"  default jobs kept {default.cpu / default.wall:.2f} of {jobs} cores busy; "
            f"-j 1 CPU / default wall = {one.cpu / default.wall:.2f}x"
        )
        if bandit_run is not None:
            print(
                f"  vs Bandit: -j 1 {bandit_run.cpu / one.cpu:.1f}x less CPU, "
                f"{bandit_run.wall / one.wall:.1f}x faster wall; default jobs "
                f"{bandit_run.wall / default.wall:.1f}x faster wall "
                f"(Bandit CPU / default wall: {bandit_run.cpu / default.wall:.1f}x; "
                f"with {jobs} free cores: {bandit_run.cpu / (default.cpu / jobs):.1f}x)"
            )
    print("\nLinearity (Django copies, -j 1, no cache):")
    base: Optional[float] = None
    for count in (1, 2, 4):
        root = django if count == 1 else copies(django, work, count)
        run = best(lambda r=root: sarifbandit(r, "--no-cache", "-j", "1"), repeat)
        base = base or run.cpu
        print(row(f"{count}x input", run, f"{run.cpu / base:.2f}x the 1x CPU"))
    sarif = sarif_writing(stdlib, repeat)
    print(
        f"\nSARIF writing: {sarif['results']:.0f} results (from the stdlib's {sarif['found']:.0f}) "
        f"in {sarif['write']:.2f} s CPU, {sarif['bytes'] / 1e6:.1f} MB: "
        f"{sarif['write'] / single_cpu['stdlib']:.1%} of the stdlib's -j 1 scan CPU"
    )
    return 0


if __name__ == "__main__":
    warnings.simplefilter("ignore")
    sys.exit(main())
