"""Does a project configured for Bandit behave the same under sarifbandit? Both command lines
run on a copy of a source tree with Bandit-style configurations (YAML, pyproject.toml, .bandit
INI, profiles, per-check blocks, bandit-config-generator output) and flag sets.

    python benchmarks/compare_config.py examples/
    python benchmarks/compare_config.py /tmp/django --only profile

The two tools do not agree on every finding of an unconfigured scan (sarifbandit's checks fix
some of Bandit's misses and false positives), so each scenario compares what the configuration
*changes*: among the findings (file, id, line) both tools report unconfigured, which ones each
keeps, and which findings each reports only because of the configuration. Exit status 1 when a
scenario differs.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import textwrap
from collections import Counter
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

DEFAULT_BANDIT = "/tmp/banditvenv/bin/bandit"
Key = Tuple[str, str, int]

PROFILES = """
profiles:
  shells:
    include: [subprocess_popen_with_shell_equals_true, start_process_with_a_shell, B602, B001]
    exclude: [B404]
  nohash:
    exclude: [hashlib_insecure_functions, md5, B311]
skips: [B102]
"""
BLOCKS = """
skips: [B101, B311, B404]
exclude_dirs: [tests]
assert_used:
  skips: ['*/test_*.py']
hardcoded_tmp_directory:
  tmp_dirs: [/tmp, /var/tmp, /dev/shm, /scratch]
try_except_pass:
  check_typed_exception: true
shell_injection:
  subprocess: [subprocess.Popen, subprocess.call, subprocess.run, mylib.spawn]
  shell: [os.system, os.popen, mylib.shell]
  no_shell: [os.execl, os.execv, os.spawnv, os.startfile]
"""
CUSTOM_CODE = """
import mylib, os
mylib.shell(cmd)
mylib.spawn(cmd, shell=True)
os.execvp(a, b)
path = "/scratch/f"
try:
    f()
except ValueError:
    pass
"""
PYPROJECT = """
[project]
name = "demo"
[tool.bandit]
skips = ["B101", "B110", "B112"]
exclude_dirs = ["src/tests"]
[tool.bandit.assert_used]
skips = ["*/tests/*"]
"""
INI = """
[bandit]
skips = B101,B105,B106
exclude = tests,migrations
recursive = true
"""

#: (name, {file in the project: text}, flags for both tools)
SCENARIOS: List[Tuple[str, Dict[str, str], List[str]]] = [
    (
        "yaml blocks",
        {"bandit.yaml": BLOCKS, "src/zz_custom.py": CUSTOM_CODE},
        ["-c", "bandit.yaml"],
    ),
    (
        "yaml tests",
        {"bandit.yaml": "tests: [B102, B307, B602, B605, B101]\n"},
        ["-c", "bandit.yaml"],
    ),
    ("pyproject -c", {"pyproject.toml": PYPROJECT}, ["-c", "pyproject.toml"]),
    ("ini discovered", {"src/.bandit": INI}, []),
    ("ini with -s", {"src/.bandit": INI}, ["-s", "B110"]),
    ("ini named", {"other.ini": "[bandit]\ntests = B303,B324,B311\n"}, ["--ini", "other.ini"]),
    ("profile shells", {"bandit.yaml": PROFILES}, ["-c", "bandit.yaml", "-p", "shells"]),
    ("profile nohash", {"bandit.yaml": PROFILES}, ["-c", "bandit.yaml", "-p", "nohash"]),
    ("generated config", {}, ["-c", "generated.yaml"]),
    ("sarifbandit init config", {}, ["-c", "init.yaml"]),
]
FLAG_SETS = [
    ["-ll"],
    ["-lll"],
    ["-t", "B101,B102,B307"],
    ["-s", "B101,B105,B311"],
    ["-t", "B001"],
    ["-s", "B001"],
    ["-t", "B403"],
    ["-x", "*/tests/*"],
    ["--ignore-nosec"],
]


def _posix(path: str) -> str:
    path = path.replace("\\", "/")
    while path.startswith("./"):
        path = path[2:]
    return path


def run_bandit(bandit: str, project: Path, flags: Sequence[str]) -> Optional[Counter]:
    out = project / "bandit-report.json"
    done = subprocess.run(
        [bandit, "-r", "src", *flags, "-f", "json", "-o", str(out), "-q"],
        cwd=project,
        capture_output=True,
    )
    text = out.read_text() if out.exists() else ""
    out.unlink(missing_ok=True)
    if done.returncode == 2 or not text.strip():
        return None
    results = json.loads(text)["results"]
    return Counter((_posix(r["filename"]), r["test_id"], r["line_number"]) for r in results)


def run_sarifbandit(project: Path, flags: Sequence[str]) -> Tuple[Optional[Counter], str]:
    done = subprocess.run(
        [sys.executable, "-m", "sarifbandit", "-r", "src", *flags, "-f", "sarif", "--no-cache"],
        cwd=project,
        capture_output=True,
        text=True,
    )
    if done.returncode == 2:
        return None, done.stderr.strip()
    found: Counter = Counter()
    for result in json.loads(done.stdout)["runs"][0]["results"]:
        where = result["locations"][0]["physicalLocation"]
        uri = _posix(where["artifactLocation"]["uri"])
        found[(uri, result["ruleId"], where["region"]["startLine"])] += 1
    return found, done.stderr.strip()


def _within(found: Counter, agreed: Counter) -> Counter:
    return Counter({k: min(v, agreed[k]) for k, v in found.items() if k in agreed})


def compare(
    name: str,
    flags: Sequence[str],
    bandit_found: Optional[Counter],
    ours: Optional[Counter],
    warnings: str,
    plain: Tuple[Counter, Counter],
) -> bool:
    """Print one scenario's line; True when both tools changed the same findings."""
    label = f"{name}: {' '.join(flags) or '(no flags)'}"
    if bandit_found is None or ours is None:
        same = bandit_found is None and ours is None
        print(
            f"{'same' if same else 'DIFF'}  {label}: bandit {'exit 2' if bandit_found is None else 'ran'}, "
            f"sarifbandit {'exit 2' if ours is None else 'ran'} {warnings}"
        )
        return same
    agreed = plain[0] & plain[1]
    kept_b, kept_s = _within(bandit_found, agreed), _within(ours, agreed)
    new_b = Counter({k: v for k, v in bandit_found.items() if k not in plain[0]})
    new_s = Counter({k: v for k, v in ours.items() if k not in plain[1]})
    same = kept_b == kept_s and new_b == new_s
    print(
        f"{'same' if same else 'DIFF'}  {label}: of {sum(agreed.values())} agreed findings "
        f"bandit keeps {sum(kept_b.values())}, sarifbandit {sum(kept_s.values())}; "
        f"newly reported: bandit {sum(new_b.values())}, sarifbandit {sum(new_s.values())}"
    )
    for key in sorted((kept_b - kept_s) + (new_b - new_s))[:5]:
        print("      only bandit:", key)
    for key in sorted((kept_s - kept_b) + (new_s - new_b))[:5]:
        print("      only sarifbandit:", key)
    return same


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", help="a folder of Python code to copy into the projects")
    parser.add_argument("--bandit", default=DEFAULT_BANDIT, help="Bandit 1.9.4 executable")
    parser.add_argument("--only", help="run only the scenarios whose name contains this")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="compare-config-") as scratch:
        project = Path(scratch)
        shutil.copytree(args.source, project / "src")
        generator = Path(args.bandit).with_name("bandit-config-generator")
        subprocess.run([str(generator), "-o", str(project / "generated.yaml")], capture_output=True)
        init = [sys.executable, "-m", "sarifbandit", "init", "-o", str(project / "init.yaml")]
        subprocess.run(init, capture_output=True, check=True)
        (project / "none.ini").write_text("[nothing]\n")  # keeps Bandit from finding a .bandit
        (project / ".git").mkdir()  # pyproject discovery stops here
        plain_b = run_bandit(args.bandit, project, ["--ini", "none.ini"])
        plain_s, _ = run_sarifbandit(project, ["--isolated"])
        assert plain_b is not None and plain_s is not None, "the unconfigured scans failed"
        scenarios = SCENARIOS + [("flags", {}, flags) for flags in FLAG_SETS]
        all_same = True
        for name, files, flags in scenarios:
            if args.only and args.only not in name:
                continue
            for relative, text in files.items():
                (project / relative).write_text(textwrap.dedent(text))
            plain = (plain_b, plain_s)
            if any(r.endswith(".py") for r in files):
                # code added for the scenario: compare against scans that include it
                plain = (
                    run_bandit(args.bandit, project, ["--ini", "none.ini"]) or Counter(),
                    run_sarifbandit(project, ["--isolated"])[0] or Counter(),
                )
            found_b = run_bandit(args.bandit, project, flags)
            found_s, warnings = run_sarifbandit(project, flags)
            all_same &= compare(name, flags, found_b, found_s, warnings, plain)
            for relative in files:
                (project / relative).unlink()
    return 0 if all_same else 1


if __name__ == "__main__":
    sys.exit(main())
