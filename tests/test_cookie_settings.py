"""SB614/SB1004 on framework settings: a Django settings module is told by its file name, its
package or its INSTALLED_APPS, and the same assignments elsewhere are ordinary variables."""

from __future__ import annotations

from typing import List, Tuple

import pytest

from sarifbandit import Config
from sarifbandit.config.options import select
from sarifbandit.engine.filescan import scan_bytes

SETTINGS = """\
DEBUG = False
SESSION_COOKIE_SECURE = False
SESSION_COOKIE_HTTPONLY = False
CSRF_COOKIE_SECURE = False
CSRF_COOKIE_HTTPONLY = False
"""


def _findings(path: str, code: str) -> List[Tuple[int, str]]:
    config = Config(selected=select(["SB614", "SB1004"], []), jobs=1)
    result = scan_bytes(code.encode("utf-8"), path, config)
    assert result.scanned and not result.notifications, result.notifications
    return sorted((f.line, f.rule_id) for f in result.findings)


@pytest.mark.parametrize(
    "path", ["settings.py", "project/settings_prod.py", "project/settings/production.py"]
)
def test_settings_modules_by_name(path: str) -> None:
    # CSRF_COOKIE_HTTPONLY = False is Django's default and by design: scripts read the token
    assert _findings(path, SETTINGS) == [(2, "SB614"), (3, "SB1004"), (4, "SB614")]


def test_settings_module_by_installed_apps() -> None:
    code = 'INSTALLED_APPS = ["django.contrib.admin"]\n' + SETTINGS
    assert _findings("project/base.py", code) == [(3, "SB614"), (4, "SB1004"), (5, "SB614")]


def test_other_modules_hold_plain_variables() -> None:
    assert _findings("project/views.py", SETTINGS) == []
    assert _findings("settings.py", "class Dev:\n    SESSION_COOKIE_SECURE = False\n") == []


def test_a_settings_finding_names_its_cookie_and_flag() -> None:
    config = Config(selected=select(["SB614", "SB1004"], []), jobs=1)
    result = scan_bytes(SETTINGS.encode("utf-8"), "settings.py", config)
    messages = [f.message for f in sorted(result.findings, key=lambda f: f.line)]
    assert messages[0].endswith("turns the secure flag of the session cookie off")
    assert messages[1].endswith("turns the httponly flag of the session cookie off")
    assert messages[2].endswith("turns the secure flag of the csrf cookie off")
