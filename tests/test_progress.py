"""The progress bar: silent for quick scans and off terminals; `cache clear` from the CLI."""

from __future__ import annotations

import io

from click.testing import CliRunner

from sarifbandit.cli import main
from sarifbandit.engine.progress import ProgressBar


class _Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_nothing_is_drawn_in_the_first_half_second_then_the_line_is_erased():
    stream, clock = io.StringIO(), _Clock()
    bar = ProgressBar(stream, clock)
    bar(10, 100)
    assert stream.getvalue() == ""
    clock.now += 0.6
    bar(40, 100)
    bar(41, 100)  # within 0.1 s of the last drawing: skipped
    clock.now += 0.2
    bar(100, 100)
    drawn = stream.getvalue().split("\r")[1:]
    assert [line.split(" files")[0].strip() for line in drawn] == ["40/100", "100/100"]
    assert drawn[-1].endswith("100%")
    bar.close()
    assert stream.getvalue().endswith("\r") and stream.getvalue().split("\r")[-2].strip() == ""


def test_only_a_terminal_gets_a_bar_and_quiet_silences_it():
    assert ProgressBar.for_stream(io.StringIO(), quiet=False) is None
    assert ProgressBar.for_stream(_Terminal(), quiet=True) is None
    assert isinstance(ProgressBar.for_stream(_Terminal(), quiet=False), ProgressBar)


def test_cache_clear_command(tmp_path):
    target = tmp_path / "a.py"
    target.write_text("eval(x)\n")
    cache_dir = tmp_path / "c"
    runner = CliRunner()
    scanned = runner.invoke(main, ["scan", "--cache-dir", str(cache_dir), str(target)])
    assert scanned.exit_code == 1, scanned.output
    assert (cache_dir / "CACHEDIR.TAG").is_file()
    cleared = runner.invoke(main, ["cache", "clear", "--cache-dir", str(cache_dir)])
    assert cleared.exit_code == 0
    assert cleared.output.strip() == f"removed 1 cached result from {cache_dir}"
    assert not cache_dir.exists()
