"""The long fuzz run: the properties of tests/test_fuzz.py with many more, random examples.

    python benchmarks/fuzz.py                     # 2,000 examples a property, stdlib corpus
    python benchmarks/fuzz.py --examples 20000 --corpus path/to/project

Generated programs (hypothesmith), mutated real files from the corpus and random bytes must
never make a scan raise or a check crash. Hypothesis prints the smallest failing input and
keeps it in .hypothesis/, so a rerun tries it first. Exit status: pytest's (0 = no failure).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=2000, help="examples per property")
    parser.add_argument(
        "--corpus",
        default=sysconfig.get_paths()["stdlib"],
        help="folder of .py files to mutate (default: this Python's standard library)",
    )
    parser.add_argument("-k", default=None, help="only the properties matching this expression")
    args = parser.parse_args()
    env = dict(
        os.environ,
        SARIFBANDIT_FUZZ_EXAMPLES=str(args.examples),
        SARIFBANDIT_FUZZ_CORPUS=str(Path(args.corpus).resolve()),
    )
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    command += ["--hypothesis-show-statistics", str(ROOT / "tests" / "test_fuzz.py")]
    if args.k:
        command += ["-k", args.k]
    return subprocess.call(command, cwd=ROOT, env=env)


if __name__ == "__main__":
    sys.exit(main())
