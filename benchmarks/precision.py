"""Precision of `-ii` on real packages (issue 15): Bandit 1.9.4 against sarifbandit without and
with data flow, on a fixed list of pinned PyPI releases, and a random sample to judge by hand.

    python benchmarks/precision.py --work /tmp/precision
    python benchmarks/precision.py --work /tmp/precision --packages flask,django --reuse
    python benchmarks/precision.py --work /tmp/precision --code /tmp/sb-src   # a frozen copy

For each package (downloaded once into WORK/dist with `pip download --no-deps --only-binary
:all:`, for one fixed platform so every machine scans the same files, and extracted without its
.dist-info into WORK/src/NAME-VERSION), sequentially:

* Bandit (`-r -q -f json`) at default thresholds;
* sarifbandit (`scan --no-cache --isolated -f json`, default jobs) four times: data flow on and off
  (`--no-dataflow`: Bandit's own ratings, the "before"), each at default thresholds and at
  `--confidence-level medium` (`-ii`).

It prints a markdown table per package: Bandit's count, ours at default thresholds (with data
flow), the Bandit findings we do not report at all (matched by file + id + line, or the same
statement on another line, with compare_bandit.py's matching: must be 0), and the counts at `-ii`
before and after. Then it draws a sample (`--sample`, default 30; `--seed`, default 15) of what
remains at `-ii` after, stratified by package (proportional, at least one per package that has
any), and writes it to WORK/sample.md with each finding's location, id, ranks, message, the code
±3 lines and its data-flow path; WORK/remaining.md lists every remaining `-ii` finding (flows
included) and WORK/results.json holds all figures. A sarifbandit run that exits with an error or
prints a traceback is reported with its command, and the script exits 2.

`--code DIR` runs sarifbandit from a copy of its sources (e.g. `git archive HEAD | tar -x -C DIR`),
so edits made to the working tree during the run cannot change what is measured. `--reuse` keeps
reports already in WORK/reports (for rewriting the sample without rescanning).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import time
import zipfile
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare_bandit import BANDIT_VERSION, Found, Run, compare  # noqa: E402

#: (distribution, pinned version, what it stands for)
PACKAGES: List[Tuple[str, str, str]] = [
    ("flask", "3.1.2", "web framework"),
    ("django", "5.2.8", "web framework"),
    ("fastapi", "0.121.0", "web framework"),
    ("starlette", "0.49.3", "web framework (ASGI toolkit)"),
    ("werkzeug", "3.1.3", "WSGI toolkit"),
    ("aiohttp", "3.13.2", "HTTP client and server"),
    ("requests", "2.32.5", "HTTP client"),
    ("httpx", "0.28.1", "HTTP client"),
    ("urllib3", "2.5.0", "HTTP client"),
    ("sqlalchemy", "2.0.44", "ORM"),
    ("jinja2", "3.1.6", "template engine"),
    ("paramiko", "4.0.0", "SSH client"),
    ("ansible-core", "2.19.4", "large application"),
]
#: one platform for the packages that ship compiled wheels (aiohttp, sqlalchemy): the Python
#: sources inside are the same on every platform, the choice only makes the download reproducible
PLATFORM = ["--platform", "manylinux2014_x86_64", "--python-version", "3.11",
            "--implementation", "cp", "--abi", "cp311"]
DEFAULT_BANDIT = "/work/bandit-venv/bin/bandit"
CONTEXT = 3
RANKS = {"UNDEFINED": 0, "LOW": 1, "MEDIUM": 2, "HIGH": 3}


@dataclass
class Result:
    """One package's figures."""

    name: str
    version: str
    kind: str
    bandit: int = 0
    ours: int = 0
    ours_before: int = 0
    missing: int = 0
    missing_examples: List[str] = field(default_factory=list)
    bandit_ii: int = 0
    before_ii: int = 0
    after_ii: int = 0
    after_ii_dataflow_ids: int = 0
    seconds: Dict[str, float] = field(default_factory=dict)
    failures: List[str] = field(default_factory=list)


def fetch(name: str, version: str, work: Path) -> Path:
    """The package's sources under WORK/src, downloading and extracting its wheel when missing."""
    target = work / "src" / f"{name}-{version}"
    if target.is_dir():
        return target
    dist = work / "dist"
    dist.mkdir(parents=True, exist_ok=True)
    stem = name.replace("-", "_").lower()
    wheels = [p for p in dist.glob("*.whl") if p.name.lower().startswith(f"{stem}-{version}-")]
    if not wheels:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary",
             ":all:", *PLATFORM, "--dest", str(dist), f"{name}=={version}"],
            check=True,
        )
        wheels = [p for p in dist.glob("*.whl") if p.name.lower().startswith(f"{stem}-{version}-")]
    if len(wheels) != 1:
        sys.exit(f"precision: expected one wheel of {name} {version} in {dist}, found {wheels}")
    partial = target.with_name(target.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    with zipfile.ZipFile(wheels[0]) as archive:
        members = [m for m in archive.namelist() if ".dist-info/" not in m and ".data/" not in m]
        archive.extractall(partial, members)
    partial.rename(target)
    return target


def _run(command: List[str], cwd: Path, out: Path, env: Dict[str, str], reuse: bool,
         failures: List[str]) -> Tuple[dict, float]:
    """Run one tool writing JSON to `out` (reused when asked and present); the report and seconds."""
    if reuse and out.is_file():
        return json.loads(out.read_text(encoding="utf-8")), float("nan")
    out.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    done = subprocess.run(command + ["-o", str(out)], cwd=cwd, env=env, capture_output=True,
                          text=True, check=False)
    seconds = time.perf_counter() - started
    shown = " ".join(command + ["-o", str(out)])
    # both tools exit 1 when they find something
    if done.returncode not in (0, 1) or "Traceback" in done.stderr or not out.is_file():
        failures.append(f"`{shown}` (cwd {cwd}) exited {done.returncode}:\n{done.stderr[-3000:]}")
    if not out.is_file():
        return {"results": [], "errors": []}, seconds
    return json.loads(out.read_text(encoding="utf-8")), seconds


def as_run(tool: str, report: dict, cwd: Path) -> Run:
    """A JSON report (Bandit's or ours: same keys) as compare_bandit's Run."""
    found = [
        Found(
            (os.path.abspath(cwd / r["filename"]), r["test_id"], int(r["line_number"])),
            r["issue_severity"],
            r["issue_confidence"],
            r["issue_text"],
            (min(r["line_range"], default=r["line_number"]), max(r["line_range"], default=0)),
        )
        for r in report.get("results", [])
    ]
    return Run(tool, found, float("nan"), len(report.get("errors", [])))


def at_least_medium(report: dict) -> List[dict]:
    return [r for r in report.get("results", []) if RANKS[r["issue_confidence"]] >= 2]


def scan_package(name: str, version: str, kind: str, args: argparse.Namespace,
                 env: Dict[str, str]) -> Tuple[Result, List[dict]]:
    """Every run on one package: its figures and the findings that remain at -ii after."""
    work = Path(args.work).resolve()
    source = fetch(name, version, work)
    cwd, target = source.parent, source.name
    reports = work / "reports"
    result = Result(name, version, kind)
    ours = [sys.executable, "-m", "sarifbandit", "scan", "--no-cache", "--isolated", "-q",
            "-f", "json", target]
    runs = {
        "bandit": [args.bandit, "-r", "-q", "-f", "json", target],
        "after": ours,
        "before": ours + ["--no-dataflow"],
        "after_ii": ours + ["--confidence-level", "medium"],
        "before_ii": ours + ["--no-dataflow", "--confidence-level", "medium"],
    }
    got: Dict[str, dict] = {}
    for label, command in runs.items():
        out = reports / f"{name}-{version}.{label}.json"
        got[label], result.seconds[label] = _run(
            command, cwd, out, env, args.reuse, result.failures)
    result.bandit = len(got["bandit"]["results"])
    result.ours = len(got["after"]["results"])
    result.ours_before = len(got["before"]["results"])
    result.bandit_ii = len(at_least_medium(got["bandit"]))
    result.before_ii = len(got["before_ii"]["results"])
    result.after_ii = len(got["after_ii"]["results"])
    for label, full in (("before", "before_ii"), ("after", "after_ii")):
        # the -ii run must be the default run filtered by confidence
        if len(at_least_medium(got[label])) != len(got[full]["results"]):
            result.failures.append(
                f"{name}: `{label}` has {len(at_least_medium(got[label]))} findings of MEDIUM "
                f"confidence or more, its --confidence-level medium run "
                f"{len(got[full]['results'])}")
    comparison = compare(as_run("bandit", got["bandit"], cwd), as_run("ours", got["after"], cwd))
    result.missing = sum(comparison.only_bandit.values()) - sum(comparison.moved.values())
    if result.missing:
        for (path, rule_id, line), _ in sorted(comparison.only_bandit.items())[:10]:
            result.missing_examples.append(f"{os.path.relpath(path, cwd)}:{line} {rule_id}")
    remaining = got["after_ii"]["results"]
    result.after_ii_dataflow_ids = sum(1 for r in remaining if r["test_id"].startswith("SB"))
    for r in remaining:
        r["package"] = f"{name}-{version}"
        r["_root"] = str(cwd)
    return result, remaining


def allocate(strata: Dict[str, List[dict]], size: int) -> Dict[str, int]:
    """Proportional allocation (largest remainders), at least one per non-empty stratum."""
    filled = {k: v for k, v in strata.items() if v}
    total = sum(len(v) for v in filled.values())
    if total <= size:
        return {k: len(v) for k, v in filled.items()}
    share = {k: max(1, size * len(v) // total) for k, v in filled.items()}
    order = sorted(filled, key=lambda k: (-(size * len(filled[k]) % total), k))
    while sum(share.values()) < size:
        for k in order:
            if sum(share.values()) < size and share[k] < len(filled[k]):
                share[k] += 1
    while sum(share.values()) > size:
        k = max(share, key=lambda k: (share[k], k))
        share[k] -= 1
    return {k: min(n, len(filled[k])) for k, n in share.items()}


def draw(remaining: List[dict], size: int, seed: int) -> List[dict]:
    strata: Dict[str, List[dict]] = defaultdict(list)
    for r in sorted(remaining, key=lambda r: (r["package"], r["filename"], r["line_number"],
                                              r["test_id"], r["col_offset"])):
        strata[r["package"]].append(r)
    rng = random.Random(seed)
    picked: List[dict] = []
    for package, count in sorted(allocate(strata, size).items()):
        picked.extend(sorted(rng.sample(strata[package], count),
                             key=lambda r: (r["filename"], r["line_number"], r["test_id"])))
    return picked


def context(r: dict) -> str:
    path = Path(r["_root"]) / r["filename"]
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    first, last = min(r["line_range"], default=r["line_number"]), max(r["line_range"], default=0)
    last = max(last, r["line_number"])
    start, end = max(1, first - CONTEXT), min(len(lines), last + CONTEXT)
    width = len(str(end))
    return "\n".join(
        f"{'>' if first <= n <= last else ' '}{n:>{width}}  {lines[n - 1]}"
        for n in range(start, end + 1)
    )


def flow_lines(r: dict) -> List[str]:
    return [f"  {s['filename']}:{s['line_number']}: {s['message']}" for s in r.get("flow", [])]


def write_sample(picked: List[dict], out: Path, seed: int) -> None:
    parts = [f"# Sample of findings remaining at -ii with data flow (seed {seed}, "
             f"{len(picked)} findings)\n"]
    for n, r in enumerate(picked, 1):
        parts.append(
            f"## {n}. {r['filename']}:{r['line_number']} {r['test_id']} "
            f"({r['issue_severity']}/{r['issue_confidence']})\n\n{r['issue_text']}\n\n"
            f"```\n{context(r)}\n```\n")
        if r.get("flow"):
            parts.append("flow:\n\n```\n" + "\n".join(flow_lines(r)) + "\n```\n")
    out.write_text("\n".join(parts), encoding="utf-8")


def write_remaining(remaining: List[dict], out: Path) -> None:
    parts = ["# Every finding remaining at -ii with data flow\n"]
    by_id = Counter(r["test_id"] for r in remaining)
    parts.append("per id: " + ", ".join(f"{k} {v}" for k, v in sorted(by_id.items())) + "\n")
    for r in sorted(remaining, key=lambda r: (r["test_id"], r["filename"], r["line_number"])):
        parts.append(f"- {r['test_id']} {r['issue_severity']}/{r['issue_confidence']} "
                     f"{r['filename']}:{r['line_number']}: {r['issue_text']}")
        parts.extend("    " + line for line in flow_lines(r))
    out.write_text("\n".join(parts) + "\n", encoding="utf-8")


def table(results: List[Result]) -> str:
    rows = ["| package | version | Bandit | ours (default) | Bandit's not reported by us "
            "| Bandit -ii | -ii before (no data flow) | -ii after (data flow) | of which SBxxx |",
            "|---|---|--:|--:|--:|--:|--:|--:|--:|"]
    for r in results:
        rows.append(f"| {r.name} | {r.version} | {r.bandit} | {r.ours} | {r.missing} "
                    f"| {r.bandit_ii} | {r.before_ii} | {r.after_ii} | {r.after_ii_dataflow_ids} |")
    total = lambda attr: sum(getattr(r, attr) for r in results)  # noqa: E731
    rows.append(f"| **total** | | {total('bandit')} | {total('ours')} | {total('missing')} "
                f"| {total('bandit_ii')} | {total('before_ii')} | {total('after_ii')} "
                f"| {total('after_ii_dataflow_ids')} |")
    return "\n".join(rows)


def parse_args(argv: Optional[Sequence[str]] = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work", required=True, help="cache dir: wheels, sources, reports, sample")
    parser.add_argument("--packages", help="comma-separated subset of the fixed list")
    parser.add_argument("--bandit", default=DEFAULT_BANDIT, help=f"Bandit {BANDIT_VERSION}")
    parser.add_argument("--code", help="run sarifbandit from this copy of its sources")
    parser.add_argument("--sample", type=int, default=30)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--reuse", action="store_true", help="keep reports already in WORK")
    return parser.parse_args(argv)


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = parse_args(argv)
    if not os.access(args.bandit, os.X_OK):
        sys.exit(f"precision: no Bandit at {args.bandit}: python3 -m venv /work/bandit-venv && "
                 f"/work/bandit-venv/bin/pip install bandit=={BANDIT_VERSION}, or pass --bandit")
    work = Path(args.work).resolve()
    work.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ)
    if args.code:
        env["PYTHONPATH"] = os.path.abspath(args.code)
    chosen = PACKAGES
    if args.packages:
        wanted = {p.strip() for p in args.packages.split(",")}
        chosen = [p for p in PACKAGES if p[0] in wanted]
    results: List[Result] = []
    remaining: List[dict] = []
    for name, version, kind in chosen:
        result, left = scan_package(name, version, kind, args, env)
        took = ", ".join(f"{k} {v:.1f}s" for k, v in result.seconds.items() if v == v)
        print(f"{name} {version}: {took}", file=sys.stderr)
        results.append(result)
        remaining.extend(left)
    print(table(results))
    failures = [f for r in results for f in r.failures]
    for r in results:
        if r.missing:
            print(f"\n{r.name}: Bandit findings we do not report: {', '.join(r.missing_examples)}")
    picked = draw(remaining, args.sample, args.seed)
    write_sample(picked, work / "sample.md", args.seed)
    write_remaining(remaining, work / "remaining.md")
    summary = {
        "bandit": BANDIT_VERSION,
        "seed": args.seed,
        "packages": [r.__dict__ for r in results],
        "sample": [f"{r['filename']}:{r['line_number']} {r['test_id']}" for r in picked],
        "remaining_per_id": dict(sorted(Counter(r["test_id"] for r in remaining).items())),
    }
    (work / "results.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    print(f"\nsample of {len(picked)}: {work / 'sample.md'}; every -ii finding: "
          f"{work / 'remaining.md'}; figures: {work / 'results.json'}")
    if failures:
        print("\nFAILURES:\n" + "\n\n".join(failures), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
