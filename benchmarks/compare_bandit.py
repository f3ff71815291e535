"""Differential comparison with Bandit: the same targets and flags through Bandit 1.9.4
(`-f json`) and through sarifbandit's API, compared finding by finding on (file, id, line).

    python benchmarks/compare_bandit.py examples/
    python benchmarks/compare_bandit.py /tmp/django --bandit-json /tmp/bandit-django.json
    python benchmarks/compare_bandit.py -t B001 --samples 20 src/

Prints the totals, the agreement, per-id counts of findings only one tool reports, severity or
confidence mismatches on shared findings, and sample differences. `--bandit-json FILE` reuses a
saved Bandit report when FILE exists and saves one there otherwise (Bandit takes minutes on big
trees). Without a Bandit executable, `--install` creates its venv with `pip install bandit==1.9.4`.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
import venv
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, FrozenSet, Iterable, List, Optional, Sequence, Tuple

BANDIT_VERSION = "1.9.4"
DEFAULT_BANDIT = "/tmp/banditvenv/bin/bandit"

#: (absolute file, test id, line): what both tools are compared on
Key = Tuple[str, str, int]


@dataclass(frozen=True)
class Found:
    """One finding of either tool, reduced to what the comparison reads."""

    key: Key
    severity: str
    confidence: str
    message: str
    #: first and last line of the statement the finding belongs to
    span: Tuple[int, int]


@dataclass
class Run:
    """One tool's findings on the targets, how long it took, and the files it could not scan."""

    tool: str
    found: List[Found]
    seconds: float
    skipped: int


def _bandit_flags(args: argparse.Namespace) -> List[str]:
    flags = ["-r", "-q", "-f", "json"]
    if args.tests:
        flags += ["-t", args.tests]
    if args.skip:
        flags += ["-s", args.skip]
    if args.severity_level:
        flags += ["--severity-level", args.severity_level]
    if args.confidence_level:
        flags += ["--confidence-level", args.confidence_level]
    if args.ignore_nosec:
        flags.append("--ignore-nosec")
    return flags


def ensure_bandit(path: str, install: bool) -> str:
    """The Bandit executable, creating its venv at the path's grandparent when asked to."""
    if os.access(path, os.X_OK):
        return path
    if not install:
        sys.exit(f"compare_bandit: {path} not found; pass --install to create it, or --bandit PATH")
    env_dir = Path(path).resolve().parent.parent
    print(f"creating {env_dir} with bandit=={BANDIT_VERSION} ...", file=sys.stderr)
    venv.create(env_dir, with_pip=True)
    pip = env_dir / "bin" / "pip"
    subprocess.run([str(pip), "install", "--quiet", f"bandit=={BANDIT_VERSION}"], check=True)
    return path


def run_bandit(args: argparse.Namespace) -> Run:
    saved = Path(args.bandit_json) if args.bandit_json else None
    started = time.perf_counter()
    if saved is not None and saved.is_file():
        report = json.loads(saved.read_text(encoding="utf-8"))
        seconds = float("nan")  # not measured: a saved report
    else:
        bandit = ensure_bandit(args.bandit, args.install)
        command = [bandit, *_bandit_flags(args), *args.targets]
        # Bandit exits 1 when it finds something; only a missing report is a failure
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if not done.stdout.strip():
            sys.exit(f"compare_bandit: bandit produced no report:\n{done.stderr[-2000:]}")
        report = json.loads(done.stdout)
        seconds = time.perf_counter() - started
        if saved is not None:
            saved.write_text(done.stdout, encoding="utf-8")
    found = [
        Found(
            (os.path.abspath(r["filename"]), r["test_id"], int(r["line_number"])),
            r["issue_severity"],
            r["issue_confidence"],
            r["issue_text"],
            (min(r["line_range"], default=r["line_number"]), max(r["line_range"], default=0)),
        )
        for r in report.get("results", [])
    ]
    return Run("bandit", found, seconds, len(report.get("errors", [])))


def selection(args: argparse.Namespace) -> FrozenSet[str]:
    """The ids both tools run for `-t`/`-s` (sarifbandit's selection follows Bandit's)."""
    from sarifbandit.config.options import select

    def ids(text: Optional[str]) -> List[str]:
        return [part.strip() for part in (text or "").split(",") if part.strip()]

    return select(ids(args.tests), ids(args.skip), "compare_bandit")


def run_sarifbandit(args: argparse.Namespace, selected: FrozenSet[str]) -> Run:
    from sarifbandit import Config, scan
    from sarifbandit.model import Rank

    config = Config(
        selected=selected,
        severity=Rank.parse(args.severity_level or "all"),
        confidence=Rank.parse(args.confidence_level or "all"),
        ignore_nosec=args.ignore_nosec,
        # a warm cache would make the timing meaningless
        use_cache=args.cache,
    )
    root = Path.cwd()
    started = time.perf_counter()
    report = scan(args.targets, config, root=root)
    seconds = time.perf_counter() - started
    found = [
        Found(
            (os.path.abspath(root / f.path), f.rule_id, f.line),
            f.severity.name,
            f.confidence.name,
            f.message,
            f.nosec_lines,
        )
        for f in report.findings
    ]
    return Run("sarifbandit", found, seconds, len(report.skipped_files))


@dataclass
class Comparison:
    """Both runs matched as multisets of keys."""

    bandit: Run
    ours: Run
    only_bandit: Counter
    only_ours: Counter
    shared: int
    #: (id, "severity"/"confidence", bandit's, ours) for shared keys that disagree on a rank
    rank_mismatches: Counter
    #: id -> findings both report in the same statement, on different lines (ours points at
    #: the offending argument, Bandit at the statement or call)
    moved: Counter

    @property
    def agreement(self) -> float:
        """Shared findings over all distinct findings of either tool (1.0 when both are empty)."""
        union = self.shared + sum(self.only_bandit.values()) + sum(self.only_ours.values())
        return self.shared / union if union else 1.0

    @property
    def agreement_in_statement(self) -> float:
        """The same, counting a finding both report in one statement as shared."""
        moved = sum(self.moved.values())
        union = self.shared + sum(self.only_bandit.values()) + sum(self.only_ours.values()) - moved
        return (self.shared + moved) / union if union else 1.0


def compare(bandit: Run, ours: Run) -> Comparison:
    theirs = Counter(f.key for f in bandit.found)
    mine = Counter(f.key for f in ours.found)
    shared = theirs & mine
    ranks: Counter = Counter()
    by_key: Dict[Key, Found] = {f.key: f for f in ours.found}
    for f in bandit.found:
        if f.key in shared:
            other = by_key[f.key]
            if f.severity != other.severity:
                ranks[(f.key[1], "severity", f.severity, other.severity)] += 1
            if f.confidence != other.confidence:
                ranks[(f.key[1], "confidence", f.confidence, other.confidence)] += 1
    only_b, only_o = theirs - mine, mine - theirs
    return Comparison(
        bandit,
        ours,
        only_b,
        only_o,
        sum(shared.values()),
        ranks,
        _moved(bandit, ours, only_b, only_o),
    )


def _moved(bandit: Run, ours: Run, only_b: Counter, only_o: Counter) -> Counter:
    """Pairs of leftovers with the same file and id where each one's line lies in the other's
    statement: one finding, reported on another line of a multi-line statement."""
    left: Dict[Tuple[str, str], List[Found]] = defaultdict(list)
    pending = Counter(only_o)
    for f in ours.found:
        if pending[f.key] > 0:
            pending[f.key] -= 1
            left[f.key[:2]].append(f)
    moved: Counter = Counter()
    pending = Counter(only_b)
    for f in bandit.found:
        if pending[f.key] <= 0:
            continue
        pending[f.key] -= 1
        candidates = left.get(f.key[:2], [])
        for other in candidates:
            if f.span[0] <= other.key[2] <= f.span[1] or other.span[0] <= f.key[2] <= other.span[1]:
                candidates.remove(other)
                moved[f.key[1]] += 1
                break
    return moved


def _per_id(counter: Counter) -> Dict[str, int]:
    totals: Dict[str, int] = defaultdict(int)
    for (_, rule_id, _), count in counter.items():
        totals[rule_id] += count
    return dict(totals)


def _samples(counter: Counter, run: Run, limit: int, base: str) -> Iterable[str]:
    messages = {f.key: f.message for f in run.found}
    by_id: Dict[str, List[Key]] = defaultdict(list)
    for key in sorted(counter):
        by_id[key[1]].append(key)
    for rule_id in sorted(by_id):
        for path, _, line in by_id[rule_id][:limit]:
            shown = os.path.relpath(path, base) if path.startswith(base) else path
            text = messages.get((path, rule_id, line), "")[:90]
            yield f"    {rule_id} {shown}:{line}  {text}"


def render(result: Comparison, samples: int, base: str) -> str:
    lines = []
    for run in (result.bandit, result.ours):
        took = "saved report" if run.seconds != run.seconds else f"{run.seconds:.1f}s"
        lines.append(
            f"{run.tool:<12} {len(run.found):>6} findings, {run.skipped} files skipped ({took})"
        )
    only_b, only_o = _per_id(result.only_bandit), _per_id(result.only_ours)
    lines.append(
        f"shared {result.shared}, only Bandit {sum(only_b.values())}, "
        f"only sarifbandit {sum(only_o.values())}: agreement {result.agreement:.2%} "
        "(shared / union, keyed by file, id, line)"
    )
    moved = sum(result.moved.values())
    lines.append(
        f"same statement, another line: {moved}; agreement counting those as shared "
        f"{result.agreement_in_statement:.2%}"
    )
    if only_b or only_o:
        lines.append("\nper id        only-Bandit  only-sarifbandit  of which moved in statement")
        for rule_id in sorted(set(only_b) | set(only_o)):
            lines.append(
                f"  {rule_id:<12} {only_b.get(rule_id, 0):>11}  {only_o.get(rule_id, 0):>16}"
                f"  {result.moved.get(rule_id, 0):>27}"
            )
    if result.rank_mismatches:
        lines.append(
            "\nshared findings ranked differently (id, rank, Bandit -> sarifbandit: count)"
        )
        for (rule_id, rank, theirs, mine), count in sorted(result.rank_mismatches.items()):
            lines.append(f"  {rule_id} {rank} {theirs} -> {mine}: {count}")
    if samples and result.only_bandit:
        lines.append("\nsamples only Bandit reports:")
        lines.extend(_samples(result.only_bandit, result.bandit, samples, base))
    if samples and result.only_ours:
        lines.append("\nsamples only sarifbandit reports:")
        lines.extend(_samples(result.only_ours, result.ours, samples, base))
    return "\n".join(lines)


def as_json(result: Comparison) -> dict:
    return {
        "bandit": {"findings": len(result.bandit.found), "skipped_files": result.bandit.skipped},
        "sarifbandit": {"findings": len(result.ours.found), "skipped_files": result.ours.skipped},
        "shared": result.shared,
        "agreement": result.agreement,
        "agreement_in_statement": result.agreement_in_statement,
        "moved_in_statement": dict(result.moved),
        "only_bandit": _per_id(result.only_bandit),
        "only_sarifbandit": _per_id(result.only_ours),
        "rank_mismatches": [
            {"id": i, "rank": r, "bandit": b, "sarifbandit": s, "count": n}
            for (i, r, b, s), n in sorted(result.rank_mismatches.items())
        ],
    }


def parse_args(argv: Optional[Sequence[str]] = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("targets", nargs="+", help="files and directories given to both tools")
    parser.add_argument("--bandit", default=DEFAULT_BANDIT, help="Bandit executable")
    parser.add_argument("--install", action="store_true", help="create the Bandit venv if missing")
    parser.add_argument("--bandit-json", help="reuse this saved Bandit report, or save it here")
    parser.add_argument("-t", "--tests", help="comma-separated ids, given to both tools")
    parser.add_argument("-s", "--skip", help="comma-separated ids, given to both tools")
    parser.add_argument("--severity-level", choices=["all", "low", "medium", "high"])
    parser.add_argument("--confidence-level", choices=["all", "low", "medium", "high"])
    parser.add_argument("--ignore-nosec", action="store_true")
    parser.add_argument("--cache", action="store_true", help="let sarifbandit use its cache")
    parser.add_argument("--samples", type=int, default=5, help="differences shown per id")
    parser.add_argument("--json", dest="json_out", help="also write the figures to this file")
    return parser.parse_args(argv)


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = parse_args(argv)
    selected = selection(args)
    bandit = run_bandit(args)
    if args.tests or args.skip:
        # a saved report may come from a run with other -t/-s flags: compare the same ids (without
        # flags nothing is filtered, so an id sarifbandit lacks shows up as only-Bandit)
        bandit.found = [f for f in bandit.found if f.key[1] in selected]
    ours = run_sarifbandit(args, selected)
    result = compare(bandit, ours)
    base = os.path.abspath(args.targets[0]) if len(args.targets) == 1 else os.getcwd()
    if os.path.isfile(base):
        base = os.path.dirname(base)
    print(render(result, args.samples, base))
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(as_json(result), indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
