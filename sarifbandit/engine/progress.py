"""A one-line progress bar on stderr for long scans, drawn only on a terminal.

Nothing appears during the first half second, so quick scans print nothing extra; the line is
redrawn at most ten times a second and erased when the scan ends, before the report is written.
"""

from __future__ import annotations

import time
from typing import IO, Callable, Optional

_DELAY = 0.5
_INTERVAL = 0.1


class ProgressBar:
    """A `progress(done, total)` callback for `api.scan`; use as a context manager."""

    def __init__(self, stream: IO[str], clock: Callable[[], float] = time.monotonic) -> None:
        self._stream = stream
        self._clock = clock
        self._started = clock()
        self._drawn_at: Optional[float] = None

    @classmethod
    def for_stream(cls, stream: IO[str], quiet: bool) -> Optional["ProgressBar"]:
        """A bar when `stream` is a terminal and the user did not ask for quiet; else None."""
        if quiet:
            return None
        try:
            interactive = stream.isatty()
        except (AttributeError, ValueError):
            interactive = False
        return cls(stream) if interactive else None

    def __call__(self, done: int, total: int) -> None:
        now = self._clock()
        if now - self._started < _DELAY or total <= 0:
            return
        if self._drawn_at is not None and now - self._drawn_at < _INTERVAL and done < total:
            return
        self._drawn_at = now
        self._stream.write("\r" + self.line(done, total))
        self._stream.flush()

    def line(self, done: int, total: int) -> str:
        """`  412/883 files [#########---------]  46%`, fitted to the terminal width."""
        columns = _columns()
        counts = f"{done:>{len(str(total))}}/{total} files"
        percent = f"{100 * done // total:>3}%"
        width = max(0, min(40, columns - len(counts) - len(percent) - 6))
        filled = width * done // total
        return f"{counts} [{'#' * filled}{'-' * (width - filled)}] {percent}"[: columns - 1]

    def close(self) -> None:
        if self._drawn_at is not None:
            columns = _columns()
            self._stream.write("\r" + " " * (columns - 1) + "\r")
            self._stream.flush()
            self._drawn_at = None

    def __enter__(self) -> "ProgressBar":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _columns() -> int:
    import shutil  # with its compression modules: a bar is drawn only after half a second

    return shutil.get_terminal_size((80, 24)).columns
