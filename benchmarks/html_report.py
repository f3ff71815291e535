"""The HTML report in headless Chromium: the README's screenshot, and how large a report opens
in how long.

    python benchmarks/html_report.py --screenshot docs/html-report.png
    python benchmarks/html_report.py --findings 25000 --findings 100000

--screenshot scans examples/ (from the repository root, so paths read examples/...), writes the
report, opens the finding with the longest data-flow path (or the first one), and saves the
window as PNG. --findings grows that scan to N findings (as the 25,000-finding test does) and
prints, per size: the file's megabytes, the seconds until the table is built, and the seconds
a search and a sort take. Needs Debian's chromium and chromium-driver, and selenium.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, List

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sarifbandit import Config, scan  # noqa: E402
from sarifbandit.model import Report  # noqa: E402
from sarifbandit.writers import WriterOptions  # noqa: E402
from sarifbandit.writers.html import page  # noqa: E402
from tests.browser import open_report, start_chromium  # noqa: E402
from tests.test_html_report import large_report  # noqa: E402


def examples_report() -> Report:
    previous = os.getcwd()
    os.chdir(ROOT)
    try:
        return scan(["examples"], Config(use_cache=False))
    finally:
        os.chdir(previous)


def write(report: Report, path: Path) -> float:
    path.write_text(page(report, WriterOptions(output=str(path))), encoding="utf-8")
    return path.stat().st_size / 1e6


# the finding with the longest data-flow path (else the first): its check and file chosen in the
# filters, then its row opened and its path unfolded
OPEN_LONGEST_FLOW = """
var data = JSON.parse(document.getElementById('report-data').textContent);
var best = -1, longest = 0;
data.findings.forEach(function (f, i) {
  if (f.f && f.f.length > longest) { longest = f.f.length; best = i; }
});
if (best >= 0) {
  var check = document.getElementById('filter-check');
  check.value = data.findings[best].i;
  check.dispatchEvent(new Event('change'));
  var path = document.getElementById('filter-path');
  path.value = data.findings[best].p;
  path.dispatchEvent(new Event('input'));
}
window.best = best;
"""
OPEN_ROW = """
var row = document.querySelector(
  window.best >= 0 ? "tr.finding[data-index='" + window.best + "']" : 'tr.finding');
row.querySelector('button.toggle').click();
var flow = document.querySelector('details.flow');
if (flow) { flow.open = true; }
window.scrollTo(0, 0);
"""


def screenshot(report: Report, target: Path) -> None:
    # the report sits where the examples' links resolve, as `-o report.html` at the root would
    out = ROOT / ".html-report-screenshot.html"
    write(report, out)
    browser = start_chromium(width=1280, height=1900)
    try:
        open_report(browser, out)
        browser.execute_script(OPEN_LONGEST_FLOW)
        time.sleep(0.5)  # the path box applies what is typed after a pause
        browser.execute_script(OPEN_ROW)
        time.sleep(0.3)
        target.parent.mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(target))
    finally:
        browser.quit()
        out.unlink()
    print(f"{target}: {report.root.name}, {len(report.findings)} findings")


def timings(report: Report, counts: List[int], folder: Path) -> None:
    browser = start_chromium()
    try:
        print("findings  MB     load s  search s  sort s")
        for count in counts:
            out = folder / f"report-{count}.html"
            megabytes = write(large_report(report, count), out)
            started = time.monotonic()
            open_report(browser, out, timeout=600)
            loaded = time.monotonic() - started
            searched = _timed(browser, "#input", f"#{count - 1}")
            sorted_in = _timed(browser, "sort", "message")
            print(
                f"{count:>8,}  {megabytes:5.1f}  {loaded:6.2f}  {searched:8.2f}  {sorted_in:6.2f}"
            )
    finally:
        browser.quit()


def _timed(browser: Any, action: str, value: str) -> float:
    """Seconds for the page to apply a search (typed into the box) or a sort (a header click),
    measured inside the page until the rows are rebuilt."""
    script = (
        "var done = arguments[arguments.length - 1];"
        "var started = performance.now();"
        "var body = document.getElementById('findings-body');"
        "new MutationObserver(function (m, o) { o.disconnect();"
        "  done((performance.now() - started) / 1000); }).observe(body, {childList: true});"
    )
    if action == "sort":
        script += f"document.querySelector('button[data-sort={value}]').click();"
    else:
        script += (
            "var box = document.getElementById('filter-text');"
            f"box.value = {value!r}; box.dispatchEvent(new Event('input'));"
        )
    browser.set_script_timeout(600)
    return float(browser.execute_async_script(script))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screenshot", type=Path, help="where to save the PNG")
    parser.add_argument("--findings", type=int, action="append", default=[], metavar="N")
    args = parser.parse_args()
    if not args.screenshot and not args.findings:
        parser.error("give --screenshot PATH, --findings N, or both")
    report = examples_report()
    with tempfile.TemporaryDirectory() as folder:
        if args.screenshot:
            screenshot(report, args.screenshot.resolve())
        if args.findings:
            timings(replace(report, suppressed=[]), args.findings, Path(folder))


if __name__ == "__main__":
    main()
