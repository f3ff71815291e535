"""Bandit's -f xml and -f yaml next to sarifbandit's on the same targets: the same structure and
fields, and which findings differ.

    python benchmarks/compare_formats.py examples/ [--bandit /tmp/banditvenv/bin/bandit]

Runs both tools from the current directory with each format and prints, per format: the element
or key structure each writes (tags and attribute names, document keys, metrics and result
fields), whether they are the same, and the findings (file, check id, line) that only one tool
reports. The structure must match; the findings differ only where the checks do (see the README's
Differences from Bandit).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections import Counter
from typing import Any, Dict, List, Set, Tuple
from xml.etree import ElementTree as ET  # nosec B405 - parses the two tools' own reports

import yaml

DEFAULT_BANDIT = "/tmp/banditvenv/bin/bandit"
Key = Tuple[str, str, int]


def run(command: List[str]) -> str:
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(command)} failed: {done.stderr[-2000:]}")
    return done.stdout


def _plain(path: str) -> str:
    return path[2:] if path.startswith("./") else path


def xml_shape(text: str) -> Tuple[Set[Tuple[str, Tuple[str, ...]]], Counter]:
    """{(tag, attribute names)} and the findings, keyed by the error text's id and location."""
    head, body = text.split("\n", 1)
    suite = ET.fromstring(body)
    shape = {(suite.tag, tuple(suite.attrib)), ("declaration", (head,))}
    found: Counter = Counter()
    for case in suite:
        shape.add((case.tag, tuple(case.attrib)))
        for error in case:
            shape.add((error.tag, tuple(error.attrib)))
            lines = (error.text or "").split("\n")
            shape.add(("error text", (lines[0].split(" Severity")[0].split(":")[0], lines[1][:4])))
            where = lines[-1].removeprefix("Location ").rsplit(":", 1)
            found[(_plain(where[0]), lines[0].split()[2], int(where[1]))] += 1
    return shape, found


def yaml_shape(text: str) -> Tuple[Dict[str, Any], Counter]:
    doc = yaml.safe_load(text)
    metrics = doc["metrics"]
    shape = {
        "keys": sorted(doc),
        "metrics fields": sorted({tuple(sorted(block)) for block in metrics.values()}),
        # a result found by data flow also carries its path (`flow`), a field Bandit lacks
        "result fields": sorted({tuple(sorted(set(r) - {"flow"})) for r in doc["results"]}),
        "error fields": sorted({tuple(sorted(e)) for e in doc["errors"]}),
    }
    found = Counter((_plain(r["filename"]), r["test_id"], r["line_number"]) for r in doc["results"])
    return shape, found


def compare(fmt: str, ours: str, theirs: str) -> bool:
    reader = xml_shape if fmt == "xml" else yaml_shape
    (our_shape, our_found), (their_shape, their_found) = reader(ours), reader(theirs)
    same = our_shape == their_shape
    print(f"== -f {fmt}: structure {'the same' if same else 'DIFFERS'}")
    if fmt == "yaml":
        flows = sum("flow" in r for r in yaml.safe_load(ours)["results"])
        print(f"  sarifbandit results with a data-flow path (`flow`, an added field): {flows}")
    if not same:
        print(f"  sarifbandit: {our_shape}\n  bandit:      {their_shape}")
    only_ours, only_theirs = our_found - their_found, their_found - our_found
    both = sum((our_found & their_found).values())
    print(
        f"  findings in both: {both}; only sarifbandit: {sum(only_ours.values())}; only bandit: "
        f"{sum(only_theirs.values())}"
    )
    for label, keys in (("only sarifbandit", only_ours), ("only bandit", only_theirs)):
        by_id = Counter(key[1] for key in keys.elements())
        if by_id:
            print(f"  {label} by check: {dict(sorted(by_id.items()))}")
    return same


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("targets", nargs="+")
    parser.add_argument("--bandit", default=DEFAULT_BANDIT)
    args = parser.parse_args()
    results = []
    for fmt in ("xml", "yaml"):
        theirs = run([args.bandit, "-r", "-q", "-f", fmt, *args.targets])
        ours = run([sys.executable, "-m", "sarifbandit", "--no-cache", "-f", fmt, *args.targets])
        results.append(compare(fmt, ours, theirs))
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
