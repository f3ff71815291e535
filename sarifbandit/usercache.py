"""The user's cache directory, where sarifbandit keeps what it derives from installed files
(the compiled data-flow models, the plugin entry points), and an atomic write into it."""

from __future__ import annotations

import os
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
    """Written to a temporary name and renamed: concurrent runs leave a whole file or none; a
    directory that cannot be written only means deriving it again next time."""
    temporary = path.with_name(f".tmp-{os.getpid()}-{get_ident()}-{path.name}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_bytes(data)
        os.replace(temporary, path)
    except OSError:
        try:
            temporary.unlink()
        except OSError:
            pass
