"""A click test runner that keeps stderr apart from stdout on every supported click: 8.2 and
later always do, 8.1 (the last for Python 3.9) only when asked."""

from __future__ import annotations

from click.testing import CliRunner


def runner() -> CliRunner:
    try:
        return CliRunner(mix_stderr=False)  # type: ignore[call-arg]
    except TypeError:
        return CliRunner()
