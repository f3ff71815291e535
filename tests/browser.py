"""A headless Chromium for the HTML report's tests: Debian's `chromium` and `chromium-driver`
packages driven by Selenium, never a browser downloaded at run time. Without them the tests
skip, except where SARIFBANDIT_REQUIRE_TOOLS=1 (the main CI run) makes that a failure."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any, Iterator, List

from .tooling import tool_missing

BROWSERS = ("chromium", "chromium-browser")


def start_chromium(width: int = 1280, height: int = 1000) -> Any:
    """A headless Chromium under Selenium that records the page's console messages."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        tool_missing("selenium is not installed (it is in the test extra)")
    browser = next(filter(None, map(shutil.which, BROWSERS)), None)
    driver = shutil.which("chromedriver")
    if browser is None or driver is None:
        tool_missing("Chromium and its driver are not installed (apt-get install chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for argument in (
        "--headless=new",
        "--no-sandbox",  # CI runs as root
        "--disable-dev-shm-usage",
        "--disable-gpu",
        f"--window-size={width},{height}",
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(driver), options=options)


def chromium_session(**size: int) -> Iterator[Any]:
    """For a fixture: a browser, quit afterwards."""
    browser = start_chromium(**size)
    try:
        yield browser
    finally:
        browser.quit()


def open_report(browser: Any, path: Path, timeout: float = 60) -> None:
    """Load the report and wait until its script has built the table."""
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(path.resolve().as_uri())
    WebDriverWait(browser, timeout).until(
        lambda b: b.execute_script("return document.documentElement.dataset.ready") == "true"
    )


def console_messages(browser: Any) -> List[str]:
    """Every console message since the last call (errors, CSP violations, warnings)."""
    return [f"{entry['level']}: {entry['message']}" for entry in browser.get_log("browser")]
