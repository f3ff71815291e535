"""How long writing SARIF takes next to the scan, and against jschema_to_python's to_json.

    python benchmarks/sarif_write.py TARGET [TARGET ...] [--repeat 3]

Scans the targets once (every check, default jobs), then times, best of --repeat: building the
sarif-om objects, our serializer (`sarif_json.plain` + json.dumps), the whole writer
(`sarif.render`, which also applies the result and size limits), and to_json on the same log.
Figures are CPU seconds of this process (the machine may be shared).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Callable, List

from jschema_to_python.to_json import to_json

from sarifbandit import Config, scan
from sarifbandit.writers import WriterOptions
from sarifbandit.writers.sarif import build, dumps, render


def best(repeat: int, action: Callable[[], object]) -> float:
    times: List[float] = []
    for _ in range(repeat):
        start = time.process_time()
        action()
        times.append(time.process_time() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("targets", nargs="+")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    report = scan(args.targets, Config())
    scan_seconds = (report.finished - report.started).total_seconds()
    options = WriterOptions()
    log = build(report, options, environ={})
    results = len(log.runs[0].results)
    print(f"results written: {results:,} (found {len(report.findings):,})")
    print(f"scan (wall, parallel):           {scan_seconds:8.2f} s")
    print(
        f"build sarif-om objects:          {best(args.repeat, lambda: build(report, options)):8.3f} s"
    )
    print(f"our serializer + json.dumps:     {best(args.repeat, lambda: dumps(log)):8.3f} s")
    print(
        f"whole writer (sarif.render):     {best(args.repeat, lambda: render(report, options)):8.3f} s"
    )
    print(f"jschema_to_python to_json:       {best(1, lambda: to_json(log)):8.3f} s")
    same = json.loads(dumps(log)) == json.loads(to_json(log))
    print(f"same JSON as to_json: {same}")


if __name__ == "__main__":
    main()
