"""Writing report files safely: all or nothing, and never over a file the scan reads.

A report is written to a temporary file in the destination's folder and moved into place with
os.replace, which is atomic on one file system: a reader (or a CI upload step) sees the old file
or the whole new one, never half of it, even when the scan is interrupted or the disk fills up.
"""

from __future__ import annotations

import fnmatch
import os
import tempfile
from contextlib import contextmanager
from typing import IO, Iterator, Sequence

from ..errors import ConfigError


@contextmanager
def atomic_text(path: str) -> Iterator[IO[str]]:
    """A UTF-8 text stream that becomes `path` only when the block ends without an exception."""
    folder = os.path.dirname(os.path.abspath(path))
    handle, temporary = tempfile.mkstemp(
        prefix=f".{os.path.basename(path)}.", suffix=".tmp", dir=folder
    )
    try:
        with open(handle, "w", encoding="utf-8", newline="\n") as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        _keep_mode(path, temporary)
        os.replace(temporary, path)
    except BaseException:  # Ctrl-C included: the old file stays, the partial one goes
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


def _keep_mode(path: str, temporary: str) -> None:
    """mkstemp creates the file private (0600); give it the mode a plain open() would have, or
    the mode of the file it replaces."""
    try:
        mode = os.stat(path).st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    os.chmod(temporary, mode)


def check_output(output: str, targets: Sequence[str], include: Sequence[str]) -> None:
    """ConfigError, before the scan, when the report could not be written to `output` or would
    overwrite a file the scan reads."""
    folder = os.path.dirname(os.path.abspath(output))
    if not os.path.isdir(folder):
        raise ConfigError(f"-o {output}: the folder {folder} does not exist; create it first")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ConfigError(f"-o {output}: no permission to create files in {folder}")
    refuse_scan_target(output, targets, include)


def refuse_scan_target(output: str, targets: Sequence[str], include: Sequence[str]) -> None:
    """ConfigError when `output` is one of the files the scan reads: a target named directly,
    or a file under a target folder whose name the include patterns take."""
    wanted = os.path.realpath(output)
    for target in targets:
        if target == "-":
            continue
        real = os.path.realpath(target)
        if os.path.isdir(real):
            inside = os.path.commonpath([real, wanted]) == real
            name = os.path.basename(wanted)
            if inside and any(fnmatch.fnmatchcase(name, pattern) for pattern in include):
                raise ConfigError(_refusal(output, target))
        elif real == wanted:
            raise ConfigError(_refusal(output, target))


def _refusal(output: str, target: str) -> str:
    return (
        f"-o {output}: that file is scanned (target '{target}'); write the report somewhere "
        "the scan does not read"
    )
