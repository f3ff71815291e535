"""Failures of the scanner's own parts: a raising check, a dying worker, Ctrl-C, the report file.
Each costs at most the result it was producing, never the scan or the other files' results."""

from __future__ import annotations

import ast
import io
import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
from typing import Iterator

import pytest
from click.testing import CliRunner

from sarifbandit import registry
from sarifbandit.api import scan
from sarifbandit.cli import main
from sarifbandit.config.options import Config
from sarifbandit.errors import ConfigError
from sarifbandit.model import LOW, Rule
from sarifbandit.writers.output import atomic_text, refuse_scan_target

BAD = "eval(x)\n"


def cli_runner() -> CliRunner:
    """A runner keeping stderr apart: the default from click 8.2, a flag before (Python 3.9)."""
    try:
        return CliRunner(mix_stderr=False)  # type: ignore[call-arg]
    except TypeError:
        return CliRunner()


def _cli(*args: str):
    return cli_runner().invoke(main, ["scan", "--no-cache", *args], catch_exceptions=False)


@pytest.fixture
def extra_rule(monkeypatch: pytest.MonkeyPatch) -> Iterator[Rule]:
    """A test-only rule, registered the way plugin modules are found; its check is set per test."""
    rule = Rule("X990", "test_only", LOW, LOW, 1, "Test only.", "## What it does\nTest only.")
    rules = registry.all_rules() + (rule,)
    monkeypatch.setattr(registry, "all_rules", lambda: rules)
    registry.dispatch_table.cache_clear()
    yield rule
    registry.dispatch_table.cache_clear()


def test_a_check_raising_on_an_odd_node_costs_only_its_finding(tmp_path, monkeypatch, extra_rule):
    @extra_rule.check(ast.Constant)
    def fragile(node, ctx):
        if node.value == "odd":
            raise ValueError("cannot handle this constant")
        return ()

    (tmp_path / "t.py").write_text('x = 1\nif x:\n    y = "odd"\neval(y)\n')
    (tmp_path / "other.py").write_text(BAD)
    monkeypatch.chdir(tmp_path)
    plain = _cli(".")
    assert plain.exit_code == 1
    assert "t.py:4:1: B307" in plain.stdout and "other.py:1:1: B307" in plain.stdout
    (line,) = [row for row in plain.stdout.splitlines() if "fragile" in row]
    assert line.startswith("t.py:3: error: check ")
    assert "test_robustness_process.fragile failed on this node" in line
    assert "ValueError: cannot handle this constant" in line
    assert "Traceback" not in plain.output
    debug = _cli("-d", ".")
    assert debug.exit_code == 1
    assert "sarifbandit: debug: t.py: check " in debug.stderr
    assert "Traceback (most recent call last)" in debug.stderr
    assert 'raise ValueError("cannot handle this constant")' in debug.stderr
    assert "Traceback" not in debug.stdout


@pytest.mark.skipif(
    multiprocessing.get_start_method() != "fork", reason="the test rule reaches workers by fork"
)
def test_a_dying_worker_costs_only_the_file_that_killed_it(tmp_path, extra_rule):
    parent = os.getpid()

    @extra_rule.check(ast.Name)
    def kill_worker(node, ctx):
        if node.id == "KILL_THE_WORKER" and os.getpid() != parent:
            os._exit(3)
        return ()

    killers = {"m017.py", "m150.py"}
    for i in range(200):
        name = f"m{i:03}.py"
        (tmp_path / name).write_text(BAD + ("KILL_THE_WORKER\n" if name in killers else ""))
    selected = frozenset(r.id for r in registry.all_rules())
    report = scan(
        [str(tmp_path)], Config(jobs=2, use_cache=False, selected=selected), root=tmp_path
    )
    assert len(report.files) == 200
    assert sorted(report.skipped_files) == sorted(killers)
    notes = {n.path: n for n in report.notifications}
    assert set(notes) == killers
    assert all(
        n.code == "worker-error" and "worker process died" in n.message for n in notes.values()
    )
    assert [f.path for f in report.findings] == [
        f"m{i:03}.py" for i in range(200) if f"m{i:03}.py" not in killers
    ]


# a slow check, installed as a third-party plugin (an entry point on PYTHONPATH) so that it
# reaches the workers whatever the start method: fork, or 3.14's default forkserver
_SLOW_PLUGIN = textwrap.dedent(
    """
    import ast, os, time
    from pathlib import Path
    from sarifbandit.model import LOW, Rule

    rule = Rule("X991", "slow", LOW, LOW, 1, "Slow.", "## What it does\\nSlow.")

    @rule.check(ast.Name)
    def slow(node, ctx):
        Path(os.environ["SLOW_MARKER"]).touch()
        time.sleep(0.2)
        return ()
    """
)


def _install_slow_plugin(folder) -> dict:
    """The environment of a process that has the slow plugin installed."""
    folder.mkdir()
    (folder / "slowrule.py").write_text(_SLOW_PLUGIN)
    info = folder / "slowrule-0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: slowrule\nVersion: 0\n")
    (info / "entry_points.txt").write_text("[sarifbandit.plugins]\nslow = slowrule\n")
    return {**os.environ, "PYTHONPATH": str(folder)}


def _group_is_gone(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return True
    return False


@pytest.mark.parametrize("files, jobs", [(3, "1"), (40, "2")], ids=["serial", "pool"])
@pytest.mark.parametrize(
    "stop, status, last_words",
    [("ctrl-c", 130, "sarifbandit: interrupted"), ("sigterm", 143, None)],
)
def test_interrupted_scan_stops_keeps_the_old_report_and_leaves_no_process(
    tmp_path, files, jobs, stop, status, last_words
):
    project = tmp_path / "project"
    project.mkdir()
    for i in range(files):
        (project / f"m{i:02}.py").write_text("a = b\n" * 50)
    report = tmp_path / "out.sarif"
    report.write_text("the previous report\n")
    marker = tmp_path / "started"
    environment = {**_install_slow_plugin(tmp_path / "plugin"), "SLOW_MARKER": str(marker)}
    command = [sys.executable, "-m", "sarifbandit", "scan", "--no-cache", "-j", jobs]
    process = subprocess.Popen(
        [*command, str(project), "-o", str(report)],
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own process group, as a terminal's foreground job
    )
    try:
        for _ in range(600):
            if marker.exists() or process.poll() is not None:
                break
            try:
                process.wait(timeout=0.1)
            except subprocess.TimeoutExpired:
                pass
        assert marker.exists(), process.communicate()
        if stop == "ctrl-c":
            os.killpg(process.pid, signal.SIGINT)  # what a terminal sends: the whole group
        else:
            os.kill(process.pid, signal.SIGTERM)  # a cancelled CI job: the main process
        out, err = process.communicate(timeout=60)
        for _ in range(100):  # the workers were told to stop; give them a moment to go
            if _group_is_gone(process.pid):
                break
            subprocess.run(["sleep", "0.1"])
        assert _group_is_gone(process.pid), "a worker process outlived the scan"
    finally:
        if not _group_is_gone(process.pid):
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == status, err
    if last_words:
        assert err.decode().strip().splitlines()[-1] == last_words
    assert b"Traceback" not in err
    assert report.read_text() == "the previous report\n"
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == ["out.sarif", "plugin", "project", "started"]


def test_atomic_text_replaces_whole_or_not_at_all(tmp_path):
    target = tmp_path / "report.txt"
    target.write_text("old\n")
    os.chmod(target, 0o640)
    with pytest.raises(RuntimeError):
        with atomic_text(str(target)) as stream:
            stream.write("half of a new rep")
            raise RuntimeError("disk full")
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["report.txt"]
    with atomic_text(str(target)) as stream:
        stream.write("new\n")
    assert target.read_text() == "new\n"
    assert os.stat(target).st_mode & 0o777 == 0o640
    fresh = tmp_path / "fresh.txt"
    with atomic_text(str(fresh)) as stream:
        stream.write("x")
    umask = os.umask(0)
    os.umask(umask)
    assert os.stat(fresh).st_mode & 0o777 == 0o666 & ~umask


def test_output_that_is_a_scan_target_is_refused(tmp_path, monkeypatch):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "app.py").write_text(BAD)
    monkeypatch.chdir(tmp_path)
    for output, target in (
        ("src/app.py", "src"),
        ("src/new.py", "src"),
        ("src/app.py", "src/app.py"),
    ):
        result = _cli(target, "-o", output)
        assert result.exit_code == 2
        assert result.stderr == (
            f"sarifbandit: error: -o {output}: that file is scanned (target '{target}'); "
            "write the report somewhere the scan does not read\n"
        )
        assert (tmp_path / "src" / "app.py").read_text() == BAD
    assert _cli("src", "-o", "src/report.sarif").exit_code == 1
    assert (tmp_path / "src" / "report.sarif").read_text().startswith("{")
    with pytest.raises(ConfigError):
        refuse_scan_target(str(tmp_path / "src" / "app.py"), ["-", str(tmp_path)], ("*.py",))


def test_max_file_size_flag(tmp_path, monkeypatch):
    (tmp_path / "big.py").write_text("x = 1\n" * 400 + BAD)
    (tmp_path / "small.py").write_text(BAD)
    monkeypatch.chdir(tmp_path)
    limited = _cli(".", "--max-file-size", "2k")
    assert limited.exit_code == 1
    assert "big.py: error: skipped: 2,408 bytes is over the 2,048-byte limit" in limited.stdout
    assert "small.py:1:1: B307" in limited.stdout and "big.py:401" not in limited.stdout
    assert "big.py:401:1: B307" in _cli(".", "--max-file-size", "3000").stdout
    wrong = _cli(".", "--max-file-size", "lots")
    assert wrong.exit_code == 2 and "'lots' is not a size" in wrong.stderr


def test_standard_input_over_max_file_size_is_refused_after_reading_the_limit():
    class Endless(io.RawIOBase):
        """A pipe that never ends: reading it all would never finish."""

        read_bytes = 0

        def readable(self) -> bool:
            return True

        def readinto(self, buffer) -> int:
            buffer[:] = b"#" * len(buffer)
            Endless.read_bytes += len(buffer)
            return len(buffer)

    # a pipe's buffer (3.14 raised the default to 128 KiB, more than the bound below)
    pipe = io.BufferedReader(Endless(), buffer_size=8192)
    done = cli_runner().invoke(main, ["scan", "--no-cache", "--max-file-size", "4k", "-"], pipe)
    assert done.exit_code == 0, done.output
    assert (
        "<stdin>: error: skipped: more than 4,096 bytes, over the limit (raise it with "
        "--max-file-size)" in done.stdout
    )
    assert Endless.read_bytes < 64 * 1024
    small = cli_runner().invoke(main, ["scan", "--no-cache", "-"], input=BAD)
    assert small.exit_code == 1 and "<stdin>:1:1: B307" in small.stdout


def test_report_that_cannot_be_written_is_one_error_line(tmp_path, monkeypatch):
    (tmp_path / "app.py").write_text(BAD)
    (tmp_path / "out.sarif").write_text("old\n")
    monkeypatch.chdir(tmp_path)
    missing = _cli("app.py", "-o", "no/such/folder/out.sarif")
    assert missing.exit_code == 2
    assert missing.stderr == (
        "sarifbandit: error: -o no/such/folder/out.sarif: the folder "
        f"{os.getcwd()}/no/such/folder does not exist; create it first\n"
    )

    def disk_full(source, destination):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("sarifbandit.writers.output.os.replace", disk_full)
    full = _cli("app.py", "-o", "out.sarif")
    assert full.exit_code == 2
    assert full.stderr == (
        "sarifbandit: error: -o out.sarif: cannot write the report: No space left on device\n"
    )
    assert (tmp_path / "out.sarif").read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["app.py", "out.sarif"]


def test_no_worker_process_can_start_so_the_parent_scans(tmp_path, monkeypatch):
    import concurrent.futures

    class ForkRefused(concurrent.futures.ProcessPoolExecutor):
        def submit(self, *args, **kwargs):
            raise OSError(11, "Resource temporarily unavailable")

    # the pool class is imported where a pool is made, from concurrent.futures
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", ForkRefused)
    for i in range(30):
        (tmp_path / f"m{i:02}.py").write_text(BAD)
    report = scan([str(tmp_path)], Config(jobs=2, use_cache=False), root=tmp_path)
    assert report.complete and not report.notifications
    assert [f.path for f in report.findings] == [f"m{i:02}.py" for i in range(30)]


class _SilentPool:
    """A pool whose workers are all gone without its knowing: no future ever completes."""

    def __init__(self, *args, **kwargs) -> None:
        self._processes: dict = {}

    def submit(self, *args, **kwargs):
        from concurrent.futures import Future

        return Future()

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        self.waited = wait


def test_a_pool_whose_workers_are_gone_is_not_waited_for_ever(tmp_path, monkeypatch) -> None:
    # past POOL_WATCH_SECONDS without a result and with no worker alive, what is left is lost,
    # as from a broken pool: retried one file each, then reported, instead of a hung scan
    import concurrent.futures

    from sarifbandit.engine import parallel
    from sarifbandit.engine.discovery import Target

    monkeypatch.setattr(parallel, "POOL_WATCH_SECONDS", 0.01)
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", _SilentPool)
    targets = [Target(tmp_path / f"m{i}.py", f"m{i}.py") for i in range(3)]
    kept: list = []
    parallel._scan_in_pools([targets[:2], targets[2:]], Config(jobs=2), 2, kept.extend)
    assert sorted(result.path for result in kept) == ["m0.py", "m1.py", "m2.py"]
    assert all("worker process died" in result.notifications[0].message for result in kept)
