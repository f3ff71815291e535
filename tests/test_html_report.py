"""The HTML report: one self-contained page, escaped everywhere, and usable in a real browser.

The first tests read the page as text and parse it; the browser tests open it in headless
Chromium (tests/browser.py) and use it as a person would: it loads with no console message,
the filters and sorting work from the keyboard and the mouse, and a data-flow path expands.
"""

from __future__ import annotations

import json
import re
import time
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

from sarifbandit.cli import main
from sarifbandit.model import Finding, Rank, Report
from sarifbandit.records import replace
from sarifbandit.writers import WriterOptions
from sarifbandit.writers.html import bar_chart, page, script_json
from sarifbandit.writers.vcs import GitFacts, source_url

from .browser import chromium_session, console_messages, open_report
from .cli_runner import runner
from .gitrepo import git, make_repo
from .sarif_corpus import scan_tree, write_tree
from .test_text_report import flow_step, with_flow

HOSTILE_NAME = "<img src=x onerror=alert(1)>'\".py"
HOSTILE_CODE = 'eval("</script><script>alert(2)</script>\u2028<!--")  # &amp; <b>bold</b>\n'
FILES = {
    HOSTILE_NAME: HOSTILE_CODE,
    "app.py": "import subprocess\nsubprocess.call(cmd, shell=True)\nassert ok\n",
    "quiet.py": "eval(q)  # nosec B307\n",
    "broken.py": "def f(:\n",
    "javascript:alert(3).py": "exec(z)\n",
}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_tree(tmp_path_factory.mktemp("html"), FILES)


@pytest.fixture(scope="module")
def report(project: Path) -> Report:
    return scan_tree(project)


def render(report: Report, output: Path) -> str:
    text = page(report, WriterOptions(output=str(output)), environ={})
    output.write_text(text, encoding="utf-8")
    return text


class _Elements(HTMLParser):
    """Every start tag with its attributes, and the text of each script element."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: List[Tuple[str, Dict[str, Any]]] = []
        self.scripts: List[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: List[Tuple[str, Any]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"
        if self._in_script:
            self.scripts.append("")

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.scripts[-1] += data


def _parse(text: str) -> _Elements:
    parser = _Elements()
    parser.feed(text)
    return parser


def _blob(parsed: _Elements) -> Dict[str, Any]:
    return json.loads(parsed.scripts[0])


def test_one_file_that_requests_nothing(report: Report, tmp_path: Path) -> None:
    text = render(report, tmp_path / "r.html")
    parsed = _parse(text)
    tags = [tag for tag, _ in parsed.tags]
    assert tags.count("script") == 2 and tags.count("style") == 1
    # no element loads anything: no src, no stylesheet link, the icon is an empty data: URI
    for tag, attrs in parsed.tags:
        assert "src" not in attrs or tag == "img" and attrs["src"].startswith("data:"), tag
        if tag == "link":
            assert attrs == {"rel": "icon", "href": "data:,"}
    policy = next(
        a["content"] for t, a in parsed.tags if a.get("http-equiv") == "Content-Security-Policy"
    )
    assert policy.startswith("default-src 'none'; style-src 'sha256-")
    assert "unsafe-inline" not in policy
    assert not re.search(r"https?://[^\"'\s]*\.(js|css|woff2?|png|svg)\b", text)


def test_hostile_names_and_code_stay_text(report: Report, tmp_path: Path) -> None:
    text = render(report, tmp_path / "r.html")
    parsed = _parse(text)
    # markup from the scanned files never becomes an element: two scripts, no img
    assert [tag for tag, _ in parsed.tags if tag in ("script", "img", "b")] == ["script", "script"]
    assert "</script><script>alert(2)" not in text and "<img src=x" not in text
    blob = _blob(parsed)
    paths = {f["p"] for f in blob["findings"]}
    assert HOSTILE_NAME in paths  # the JSON round-trips to the exact name
    code = next(f["x"] for f in blob["findings"] if f["p"] == HOSTILE_NAME)
    assert code == [[1, HOSTILE_CODE.rstrip("\n")]]
    raw_blob = text.split('id="report-data">', 1)[1].split("</script>", 1)[0]
    assert not set("<>&\u2028\u2029") & set(raw_blob)
    # the static summary (the chart by folder here) escapes what it shows
    assert "onerror=alert(1)>" not in text


def test_links_to_files_are_relative_paths(report: Report, tmp_path: Path) -> None:
    out = tmp_path / "sub" / "r.html"
    out.parent.mkdir()
    blob = _blob(_parse(render(report, out)))
    links = {f["p"]: f["h"] for f in blob["findings"]}
    # from the report's folder to the file; a name like a URL scheme stays a path
    assert links["javascript:alert(3).py"].startswith("../")
    assert links["javascript:alert(3).py"].endswith("/javascript%3Aalert%283%29.py")
    assert all(h.startswith(("./", "../")) for h in links.values())


def test_script_json_cannot_end_its_element() -> None:
    data = {"a": "</script><!-- & \u2028\u2029 >"}
    dumped = script_json(data)
    assert json.loads(dumped) == data
    assert not set("<>&\u2028\u2029") & set(dumped)


def test_summary_counts_configuration_and_skipped_files(report: Report, tmp_path: Path) -> None:
    text = render(report, tmp_path / "r.html")
    assert "<td>broken.py</td><td>syntax error: invalid syntax</td>" in text
    assert "data-sev='HIGH' data-conf='HIGH'" in text
    blob = _blob(_parse(text))
    states = {(f["p"], f["i"]): f.get("st", "") for f in blob["findings"]}
    assert states[("quiet.py", "B307")] == "nosec"  # kept, to be shown on request
    assert states[("app.py", "B602")] == ""
    b602 = blob["rules"]["B602"]
    assert b602["w"] == 78 and b602["wu"].endswith("/78.html")
    assert [name for name, _ in b602["d"]] == [
        "What it does",
        "Why is this bad?",
        "Example",
        "Use instead",
    ]
    assert "<dt>checks run</dt>" in text and "<dt>tool</dt><dd>sarifbandit " in text


def test_baseline_state_travels_with_each_finding(report: Report, tmp_path: Path) -> None:
    first, second, *rest = report.findings
    marked = replace(
        report,
        findings=[
            replace(first, baseline_state="new"),
            replace(second, baseline_state="unchanged"),
        ],
        absent=[replace(rest[0], baseline_state="absent")],
    )
    blob = _blob(_parse(render(marked, tmp_path / "r.html")))
    assert sorted(f.get("st", "") for f in blob["findings"]) == [
        "absent",
        "new",
        "nosec",
        "unchanged",
    ]


def test_bar_chart_sums_the_tail_and_escapes_labels() -> None:
    bars = [(f"<b>{n}</b>", n, {"check": f"B{n:03}"}) for n in range(1, 21)]
    svg = bar_chart("by check", bars, "checks")
    assert svg.count("<g ") == 15
    assert "6 more checks" in svg and ">21<" in svg  # 1 + 2 + ... + 6
    assert "<b>" not in svg and "&lt;b&gt;20&lt;/b&gt;" in svg


def test_source_url_on_known_forges(tmp_path: Path) -> None:
    facts = GitFacts(tmp_path, "https://github.com/o/r.git", revision="abc123")
    target = tmp_path / "src" / "a b.py"
    assert source_url(facts, str(target), 7) == "https://github.com/o/r/blob/abc123/src/a%20b.py#L7"
    gitlab = replace(facts, repository_uri="ssh://gitlab.example.org/g/r.git")
    assert source_url(gitlab, str(target), 7) == (
        "https://gitlab.example.org/g/r/-/blob/abc123/src/a%20b.py#L7"
    )
    assert (
        source_url(replace(facts, repository_uri="https://git.example.com/o/r"), str(target), 1)
        is None
    )
    assert source_url(replace(facts, revision=None), str(target), 1) is None
    assert source_url(facts, str(tmp_path.parent / "x.py"), 1) is None


def test_flow_steps_link_to_the_forge_at_the_commit(tmp_path: Path) -> None:
    make_repo(tmp_path, {"app.py": "import os\nos.system(cmd)\n"})
    git("-C", str(tmp_path), "remote", "add", "origin", "https://tok@github.com/o/r.git")
    head = git("-C", str(tmp_path), "rev-parse", "HEAD").strip()
    report = scan_tree(tmp_path)
    report.findings[:] = [
        with_flow(report.findings[0], flow_step("app.py", 2, 11, "reaches os.system"))
    ]
    blob = _blob(_parse(render(report, tmp_path / "r.html")))
    (step,) = blob["findings"][0]["f"]
    assert step["h"] == f"https://github.com/o/r/blob/{head}/app.py#L2"
    assert step["x"] == "os.system(cmd)"  # the step's own line of code
    assert "tok" not in json.dumps(blob)


def test_cli_writes_html_by_suffix(project: Path, monkeypatch) -> None:
    monkeypatch.chdir(project)
    done = runner().invoke(main, ["--no-cache", "app.py", "-o", "report.html"])
    assert done.exit_code == 1, done.stderr
    assert Path("report.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert (
        runner()
        .invoke(main, ["--no-cache", "-f", "html", "app.py"])
        .stdout.startswith("<!DOCTYPE html>")
    )


# --- in the browser -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser():
    yield from chromium_session()


def _rows(browser) -> List[List[str]]:
    return browser.execute_script(
        "return Array.from(document.querySelectorAll('#findings-body tr.finding'))"
        ".map(r => Array.from(r.cells).map(c => c.textContent))"
    )


def _status(browser) -> str:
    return browser.find_element("id", "status").text


def _flowing_report(project: Path) -> Report:
    report = scan_tree(project)
    (shell,) = [f for f in report.findings if f.rule_id == "B602"]
    steps = (
        flow_step("app.py", 1, 1, "untrusted input enters <here>"),
        flow_step(HOSTILE_NAME, 1, 6, "passed on", nesting=1),
        flow_step("app.py", 2, 17, "reaches subprocess.call(shell=True)"),
    )
    report.findings[:] = [with_flow(f, *steps) if f is shell else f for f in report.findings]
    return report


def test_report_loads_without_console_messages(browser, report: Report, tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    render(report, out)
    open_report(browser, out)
    assert console_messages(browser) == []
    cells = [row[4] for row in _rows(browser)]
    assert f"{HOSTILE_NAME}:1:1" in cells  # shown as text
    assert browser.execute_script("return document.querySelectorAll('img, script').length") == 2
    # an alert() run by injected markup would have left a dialog open: Selenium raises then
    assert browser.title.startswith("sarifbandit: ")


def test_filter_and_sort(browser, report: Report, tmp_path: Path) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    out = tmp_path / "r.html"
    render(report, out)
    open_report(browser, out)
    total = len(_rows(browser))
    assert total == len(report.findings) == 5
    Select(browser.find_element("id", "filter-sev")).select_by_value("HIGH")
    assert {row[0].strip("▸") for row in _rows(browser)} == {"HIGH"}
    Select(browser.find_element("id", "filter-sev")).select_by_value("")
    # free text reaches the code lines; "/" focuses the search box from anywhere
    browser.execute_script("document.activeElement.blur()")
    ActionChains(browser).send_keys("/").perform()
    assert browser.switch_to.active_element.get_attribute("id") == "filter-text"
    browser.switch_to.active_element.send_keys("ALERT(2)")
    _wait(lambda: len(_rows(browser)) == 1)
    assert _rows(browser)[0][4] == f"{HOSTILE_NAME}:1:1"
    assert _status(browser) == f"1 finding of {total} match"
    browser.switch_to.active_element.send_keys(Keys.ESCAPE)
    _wait(lambda: len(_rows(browser)) == total)
    # the path filter, then the check column sorted both ways
    browser.find_element("id", "filter-path").send_keys("app")
    _wait(lambda: {row[4].split(":")[0] for row in _rows(browser)} == {"app.py"})
    browser.find_element("id", "filter-reset").click()
    sort = browser.find_element("css selector", "button[data-sort=check]")
    sort.click()
    checks = [row[2] for row in _rows(browser)]
    assert checks == sorted(checks) and len(set(checks)) > 2
    sort.click()
    assert [row[2] for row in _rows(browser)] == sorted(checks, reverse=True)
    header = browser.find_element("css selector", "th[data-key=check]")
    assert header.get_attribute("aria-sort") == "descending"
    # the nosec-suppressed finding is one choice away
    Select(browser.find_element("id", "filter-show")).select_by_value("nosec")
    assert [row[4] for row in _rows(browser)] == ["quiet.py:1:1"]
    # the matrix cell filters by severity and confidence
    browser.find_element("id", "filter-reset").click()
    browser.find_element("css selector", "button.cell[data-sev=LOW][data-conf=HIGH]").click()
    # (B404's import is LOW confidence with data flow: its calls are judged where they are made)
    assert [(row[2], row[4]) for row in _rows(browser)] == [("B101", "app.py:3:1")]
    assert Select(browser.find_element("id", "filter-conf")).first_selected_option.text == "High"
    # a bar of the chart by check, from the keyboard
    browser.find_element("id", "filter-reset").click()
    browser.find_element("css selector", "g.bar[data-check=B602]").send_keys(Keys.ENTER)
    assert [row[2] for row in _rows(browser)] == ["B602"]
    assert (
        Select(browser.find_element("id", "filter-check")).first_selected_option.get_attribute(
            "value"
        )
        == "B602"
    )
    assert console_messages(browser) == []


def _wait(condition, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_flow_expands_from_the_keyboard(browser, project: Path, tmp_path: Path) -> None:
    from selenium.webdriver.common.keys import Keys

    out = tmp_path / "r.html"
    render(_flowing_report(project), out)
    open_report(browser, out)
    toggles = browser.find_elements("css selector", "button.toggle")
    toggles[0].send_keys(Keys.ARROW_DOWN)
    assert browser.switch_to.active_element == toggles[1]
    target = next(t for t in toggles if "B602" in t.find_element("xpath", "./ancestor::tr").text)
    target.send_keys(Keys.ENTER)
    assert browser.switch_to.active_element.get_attribute("aria-expanded") == "true"
    detail = browser.find_element("css selector", "td.detail")
    assert "subprocess.call(cmd, shell=True)" in detail.text
    assert "Documentation of B602" in detail.text and "CWE-78" in detail.text
    # the rule's help: its `inline code` as code elements
    assert "shell=True" in [c.text for c in detail.find_elements("css selector", "p > code")]
    flow = detail.find_element("css selector", "details.flow")
    assert flow.get_attribute("open") is None
    steps = flow.find_elements("css selector", "ol.steps li")
    assert not steps[0].is_displayed()
    summary = flow.find_element("tag name", "summary")
    assert summary.text == "Data flow: 3 steps from source to sink"
    summary.click()
    assert flow.get_attribute("open") == "true"
    assert [s.get_attribute("data-role") for s in steps] == ["source", "step", "sink"]
    assert steps[0].is_displayed() and "untrusted input enters <here>" in steps[0].text
    links = [s.find_element("tag name", "a") for s in steps]
    assert [a.text for a in links] == ["app.py:1:1", f"{HOSTILE_NAME}:1:6", "app.py:2:17"]
    assert links[1].get_attribute("href").endswith(".py")
    assert "alert(2)" in steps[1].text  # the hostile line's code, as text
    assert console_messages(browser) == []


def large_report(report: Report, count: int) -> Report:
    """`report` grown to `count` findings, spread over 97 folders and all three severities,
    each message numbered (`#123`) so that one can be searched for."""
    base = [f for f in report.findings if f.path != HOSTILE_NAME]
    findings: List[Finding] = []
    for n in range(count):
        seed = base[n % len(base)]
        line = n % 400 + 1
        findings.append(
            replace(
                seed,
                path=f"pkg{n % 97}/module_{n // 97}.py",
                region=replace(seed.region, start_line=line, end_line=line),
                severity=Rank(n % 3 + 1),
                message=f"{seed.message} #{n}",
            )
        )
    return replace(report, findings=findings, suppressed=[])


def test_25000_findings_stay_responsive(browser, report: Report, tmp_path: Path) -> None:
    out = tmp_path / "large.html"
    render(large_report(report, 25_000), out)
    started = time.monotonic()
    open_report(browser, out)
    loaded = time.monotonic() - started
    assert _status(browser).startswith("25,000 findings; showing 1–100")
    assert len(browser.find_elements("css selector", "#findings-body tr")) == 100  # one page
    started = time.monotonic()
    browser.find_element("id", "filter-text").send_keys("#24999")
    _wait(lambda: len(_rows(browser)) == 1)
    filtered = time.monotonic() - started
    started = time.monotonic()
    browser.find_element("id", "filter-reset").click()
    browser.find_element("css selector", "button[data-sort=message]").click()
    sorted_in = time.monotonic() - started
    browser.find_element("id", "filter-text").clear()
    browser.find_element("id", "filter-reset").click()
    browser.find_element("id", "page-next").click()
    assert _status(browser) == "25,000 findings; showing 101–200"
    assert browser.find_element("id", "page-label").text == "Page 2 of 250"
    # generous bounds for a shared CI machine; the README notes the measured times
    assert loaded < 20 and filtered < 5 and sorted_in < 5, (loaded, filtered, sorted_in)
    assert console_messages(browser) == []
