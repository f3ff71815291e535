"""The user's cache directory, where sarifbandit keeps what it derives from installed files
(the compiled data-flow models, the plugin entry points), and an atomic write into it."""

from __future__ import annotations

import os
import time
from _thread import get_ident
from pathlib import Path
from typing import Optional


def user_cache_dir() -> Path:
    """XDG_CACHE_HOME, else ~/.cache (LOCALAPPDATA on Windows), its `sarifbandit` folder.
    Raises RuntimeError when there is no home directory to be found."""
    base = os.environ.get("XDG_CACHE_HOME") or (
        os.environ.get("LOCALAPPDATA") if os.name == "nt" else None
    )
    return Path(base or Path.home() / ".cache") / "sarifbandit"


def cache_file(name: str) -> Optional[Path]:
    """`name` in the user cache directory; None without a home directory."""
    try:
        return user_cache_dir() / name
    except RuntimeError:
        return None


def store(path: Path, data: bytes) -> None:
    """Written to a temporary name, readable and writable by the user only, and renamed:
    concurrent runs leave a whole file or none; a directory that cannot be written only means
    deriving it again next time."""
    temporary = path.with_name(f".tmp-{os.getpid()}-{get_ident()}-{path.name}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # the user's own: what is read back from here is trusted as theirs (records' code)
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with open(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, path)
    except OSError:
        try:
            temporary.unlink()
        except OSError:
            pass
        return
    _prune(path)


#: a derived file of the same kind as one just written, left unchanged this long, belongs to an
#: interpreter, version or environment no longer in use: removed (another one in use derives it
#: again, once)
STALE_SECONDS = 30 * 24 * 3600


def _prune(written: Path) -> None:
    """Removes the stale files of `written`'s kind (its name up to the first '-'): each upgrade
    or new environment names its derived files anew, which would otherwise pile up. Runs only
    when a file was derived, never on the path of a run that found everything stored."""
    kind = written.name.partition("-")[0] + "-"
    limit = time.time() - STALE_SECONDS
    try:
        with os.scandir(written.parent) as entries:
            for entry in entries:
                if entry.name.startswith(kind) and entry.name != written.name:
                    try:
                        if entry.stat().st_mtime < limit:
                            os.unlink(entry.path)
                    except OSError:
                        pass
    except OSError:
        pass
