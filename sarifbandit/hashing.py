"""SHA-256 without loading OpenSSL: `hashlib` loads libcrypto when imported, about 3 ms of a
one-file scan's start-up; CPython's own implementation (`_sha2` from 3.12, `_sha256` before)
gives the same digests. A Python built without it (some FIPS builds) falls back to hashlib."""

from __future__ import annotations

import importlib
from typing import Any, Callable


def _sha256() -> Callable[..., Any]:
    for module in ("_sha2", "_sha256"):
        try:
            return importlib.import_module(module).sha256  # type: ignore[no-any-return]
        except ImportError:
            continue
    import hashlib

    return hashlib.sha256


sha256 = _sha256()
