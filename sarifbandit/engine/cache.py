"""The per-file result cache: a rerun over unchanged files reads results instead of scanning.

An entry is one file's `FileResult`, stored under a key made of the file's bytes, the name the
report gives it, the tool's code and every configuration value that changes per-file results;
anything else changing means another key, never a stale result. Entries are written to a
temporary file and renamed into place, so concurrent runs and interrupted writes leave either a
whole entry or none; an entry that cannot be read for any reason is a miss and is rewritten.

Entries are pickles read back by an unpickler that can build only the result classes, so a cache
directory planted in a scanned repository cannot make the scanner run code.

Beside the entries, each scan root has an index (`ScanIndex`): every file's path, size, mtime and
entry key with its result, in one file read once per run. A file whose size and mtime are those
recorded is a hit without being opened; one whose stat data changed is read, and is a hit only
if its content (its key) is the same. A rerun over an unchanged tree so costs one read and one
stat per file instead of an open, a read, a hash and an unpickling per file.
"""

from __future__ import annotations

import enum
import io
import os
import pickle
import sys
import time
from _thread import get_ident
from functools import lru_cache
from pathlib import Path
from typing import (
    Any,
    Callable,
    Dict,
    Iterable,
    Iterator,
    List,
    Optional,
    Sequence,
    Set,
    Tuple,
    Type,
)

from .. import model, records
from ..config.options import Config
from ..hashing import sha256
from ..version import __version__

DEFAULT_DIR = ".sarifbandit_cache"
#: bump when the entry layout changes
_FORMAT = "2"
_ENTRIES = f"results-v{_FORMAT}"
_INDEXES = f"index-v{_FORMAT}"
#: a file modified this close to the moment its stat data was taken may change again without
#: its mtime moving (the clock's granularity): its stat data is not trusted on the next run
_RACY_NS = 2_000_000_000
#: notification codes of results that say nothing lasting about a file's bytes (it could not be
#: read, or the scan failed): never kept in an index, as they are never stored as entries
_TRANSIENT = frozenset({"not-a-file", "unreadable", "too-large", "internal-error", "worker-error"})
#: Config fields that do not change what scanning one file produces (filters applied in the
#: parent, discovery, scheduling, the cache itself); every other field, including any added
#: later, is part of the key
_NOT_PER_FILE = frozenset(
    {
        "severity",
        "confidence",
        "show_suppressed",
        "include",
        "exclude",
        "jobs",
        "follow_links",
        "use_cache",
        "cache_dir",
        "notices",
    }
)
_MARKERS = {
    ".gitignore": "# created by sarifbandit; the cache must not be committed\n*\n",
    "CACHEDIR.TAG": "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This file is a cache directory tag created by sarifbandit.\n",
}


def cache_root(config: Config) -> Path:
    return Path(config.cache_dir or DEFAULT_DIR)


def _canonical(value: Any) -> Any:
    """A value as nested lists and scalars, the same for equal configurations."""
    if isinstance(value, enum.Enum):
        return [type(value).__name__, value.name]
    if records.is_record(value) and not isinstance(value, type):
        return _canonical({f.name: getattr(value, f.name) for f in records.fields(value)})
    if isinstance(value, dict) or hasattr(value, "items"):
        return ["map", sorted((repr(k), _canonical(v)) for k, v in value.items())]
    if isinstance(value, (set, frozenset)):
        return ["set", sorted(repr(_canonical(v)) for v in value)]
    if isinstance(value, (list, tuple)):
        return ["seq", [_canonical(v) for v in value]]
    return repr(value)


def config_key(config: Config) -> str:
    """The part of the key that stands for the configuration."""
    relevant = {
        f.name: getattr(config, f.name)
        for f in records.fields(config)
        if f.name not in _NOT_PER_FILE
    }
    return sha256(repr(_canonical(relevant)).encode("utf-8")).hexdigest()


@lru_cache(maxsize=1)
def tool_stamp() -> str:
    """The version plus the size and time of every source file of the package and its plugins,
    so a changed check invalidates the cache even before the version number moves."""
    from ..registry import all_rules

    # the data-flow models are code too: a changed YAML file changes what a scan finds
    files = set(_source_files(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    for rule in all_rules():
        for check in rule.checks:
            code = getattr(check.function, "__code__", None)
            if code is not None:
                files.add(code.co_filename)
    # the interpreter matters too: what parses (and how) depends on the Python version
    digest = sha256(f"{__version__}\0{sys.version}".encode("utf-8"))
    for path in sorted(files):
        try:
            info = os.stat(path)
        except OSError:
            continue
        digest.update(f"{path}\0{info.st_size}\0{info.st_mtime_ns}\n".encode("utf-8", "replace"))
    return digest.hexdigest()


def _source_files(folder: str) -> Iterator[str]:
    """The .py and .yaml files under `folder`, as plain strings: every run stamps the package's
    hundred-odd files, which Path.rglob made a tenth of a one-file scan's time."""
    pending = [folder]
    while pending:
        with os.scandir(pending.pop()) as entries:
            for entry in entries:
                if entry.is_dir():
                    if entry.name != "__pycache__":
                        pending.append(entry.path)
                elif entry.name.endswith((".py", ".yaml")):
                    yield entry.path


def _result_classes() -> Dict[Tuple[str, str], Type[Any]]:
    allowed: Dict[Tuple[str, str], Type[Any]] = {}
    for module in (model,):
        for name, value in vars(module).items():
            if (
                isinstance(value, type)
                and value.__module__ == module.__name__
                and (records.is_record(value) or issubclass(value, enum.Enum))
            ):
                allowed[(module.__name__, name)] = value
    return allowed


class _ResultUnpickler(pickle.Unpickler):
    """Builds only the result records and enums; any other global is refused."""

    allowed: Dict[Tuple[str, str], Type[Any]] = {}

    def find_class(self, module: str, name: str) -> Any:
        found = self.allowed.get((module, name))
        if found is None:
            raise pickle.UnpicklingError(f"{module}.{name} is not a cached result class")
        return found


class ResultCache:
    """The entries of one configuration in one cache directory."""

    def __init__(self, root: Path, config: Config) -> None:
        self.root = Path(root)
        self.entries = self.root / _ENTRIES
        self._salt = f"{tool_stamp()}\0{config_key(config)}\0".encode("ascii")
        self._writable = True
        # plain strings and a memory of made folders: store() runs once per file of a cold scan
        self._folder = os.fspath(self.entries)
        self._made: Set[str] = set()
        if not _ResultUnpickler.allowed:
            _ResultUnpickler.allowed = _result_classes()

    @classmethod
    def for_config(cls, config: Config) -> Optional["ResultCache"]:
        return cls(cache_root(config), config) if config.use_cache else None

    def exists(self) -> bool:
        return self.entries.is_dir()

    def key(self, display: str, data: bytes) -> str:
        digest = sha256(self._salt)
        digest.update(display.encode("utf-8", "surrogatepass"))
        digest.update(b"\0")
        digest.update(data)
        return digest.hexdigest()

    def _path(self, key: str) -> str:
        return os.path.join(self._folder, key[:2], key[2:])

    def load(self, key: str) -> Optional["model.FileResult"]:
        """The stored result, or None when absent, unreadable, corrupt or of another shape."""
        try:
            with open(self._path(key), "rb") as handle:
                data = handle.read()
            result = _ResultUnpickler(io.BytesIO(data)).load()
        except Exception:  # a bad entry is only a miss; it is overwritten after the scan
            return None
        if not isinstance(result, model.FileResult):
            return None
        result.from_cache = True
        return result

    def store(self, key: str, result: "model.FileResult") -> None:
        """Write the entry atomically; a cache that cannot be written is given up silently."""
        if not self._writable:
            return
        folder = os.path.join(self._folder, key[:2])
        try:
            if folder not in self._made:
                self._prepare(Path(folder))
                self._made.add(folder)
            data = pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL)
            # a name of this process and thread: no other writer uses it at the same time, and
            # one left by a killed process whose pid came back is simply overwritten
            writer = f"{os.getpid()}-{get_ident()}"
            temporary = os.path.join(folder, f".tmp-{writer}-{key[2:]}")
            try:
                with open(temporary, "wb") as stream:
                    stream.write(data)
                os.replace(temporary, os.path.join(folder, key[2:]))
            except BaseException:
                _unlink(temporary)
                raise
        except OSError:
            self._writable = False

    def _prepare(self, directory: Path) -> None:
        fresh = not self.root.exists()
        directory.mkdir(parents=True, exist_ok=True)
        if fresh:
            for name, text in _MARKERS.items():
                marker = self.root / name
                if not marker.exists():
                    marker.write_text(text, encoding="utf-8")


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


#: an index record: (path, size, mtime_ns or -1 when not to be trusted, key or "", result)
_Record = Tuple[str, int, int, str, "model.FileResult"]


class ScanIndex:
    """The results of one scan root's last run, read once: see the module's docstring.

    `lookup` is asked about every file before the scan (it takes the stat data then, before any
    read, so a file changing during the scan is seen as changed next time) and `save` writes the
    results of the files it looked up. Concurrent runs each replace the whole index atomically:
    the last one wins, and what another run lost is only a miss."""

    def __init__(self, cache: ResultCache, scope: Iterable[str]) -> None:
        self.cache = cache
        digest = sha256(cache._salt)
        for part in scope:
            digest.update(part.encode("utf-8", "surrogatepass") + b"\0")
        self.path = os.path.join(os.fspath(cache.root), _INDEXES, digest.hexdigest())
        self._old = self._read()
        #: display -> (path, size, mtime_ns, key) taken by lookup, for save
        self._seen: Dict[str, Tuple[str, int, int, str]] = {}

    def _read(self) -> Dict[str, _Record]:
        try:
            with open(self.path, "rb") as handle:
                data = handle.read()
            stored = _ResultUnpickler(io.BytesIO(data)).load()
        except Exception:  # absent, unreadable, corrupt or planted: only a miss
            return {}
        if not (isinstance(stored, tuple) and len(stored) == 2 and stored[0] == self.cache._salt):
            return {}
        records = stored[1]
        return records if isinstance(records, dict) else {}

    def lookup(
        self, path: str, display: str, read: Callable[[str], bytes]
    ) -> Optional["model.FileResult"]:
        """The result kept for the file, or None: a miss, or a file that cannot be read (the
        scan says why)."""
        try:
            info = os.stat(path)
        except OSError:
            return None
        size, mtime = info.st_size, info.st_mtime_ns
        if time.time_ns() - mtime < _RACY_NS:
            mtime = -1
        record = self._old.get(display)
        if record is not None and not _valid(record, path):
            record = None
        if record is not None and mtime >= 0 and record[1:3] == (size, mtime):
            self._seen[display] = (path, size, mtime, record[3])
            return _hit(record[4])
        if record is None and not self._old and not self.cache.exists():
            self._seen[display] = (path, size, mtime, "")  # a cold cache: nothing to look in
            return None
        try:
            data = read(path)
        except Exception:  # the scan reports why the file cannot be read
            return None
        key = self.cache.key(display, data)
        self._seen[display] = (path, size, mtime, key)
        if record is not None and record[3] == key:
            return _hit(record[4])
        return self.cache.load(key)

    def save(self, results: Iterable["model.FileResult"]) -> None:
        """Keep `results` (those of files looked up) for the next run, unless nothing changed."""
        records: Dict[str, _Record] = {}
        for result in results:
            seen = self._seen.get(result.path)
            if seen is None or any(n.code in _TRANSIENT for n in result.notifications):
                continue
            records[result.path] = (*seen, result)
        unchanged = records.keys() == self._old.keys() and all(
            self._old[d][:4] == records[d][:4] and records[d][2] >= 0 for d in records
        )
        if not unchanged:
            _write_atomically(self.cache, self.path, (self.cache._salt, records))


class ScanMemo:
    """The final results (after the link step across files) of the last run over exactly these
    files with this configuration and tool, kept while none of them changed: a rerun over an
    unchanged tree reads one file and stats each source file, and neither scans nor links.

    The stamp is every file's path, size and mtime_ns; a file modified within `_RACY_NS` of the
    run, or one that cannot be stat'ed, means no stamp (the run is not memoised). Any difference
    is a miss, answered by the per-file index and entries and the link step as usual."""

    def __init__(self, cache: ResultCache, targets: Sequence[Tuple[str, str]]) -> None:
        self.cache = cache
        digest = sha256(cache._salt + b"linked\0")
        for part in scan_scope(display for _, display in targets):
            digest.update(part.encode("utf-8", "surrogatepass") + b"\0")
        name = f"{digest.hexdigest()}.linked"
        self.path = os.path.join(os.fspath(cache.root), _INDEXES, name)
        self.stamp = _stamp(targets)

    @classmethod
    def for_targets(
        cls, config: Config, targets: Sequence[Tuple[str, str]]
    ) -> Optional["ScanMemo"]:
        """The memo of (path, display) `targets`, or None when the cache is off."""
        cache = ResultCache.for_config(config)
        return cls(cache, targets) if cache is not None else None

    def load(self) -> Optional[List["model.FileResult"]]:
        if self.stamp is None:
            return None
        try:
            with open(self.path, "rb") as handle:
                stored = _ResultUnpickler(io.BytesIO(handle.read())).load()
        except Exception:  # absent, unreadable, corrupt or planted: only a miss
            return None
        if not (
            isinstance(stored, tuple)
            and len(stored) == 3
            and stored[0] == self.cache._salt
            and stored[1] == self.stamp
            and isinstance(stored[2], list)
            and all(isinstance(r, model.FileResult) for r in stored[2])
        ):
            return None
        return [_hit(result) for result in stored[2]]

    def save(self, results: Sequence["model.FileResult"]) -> None:
        """Keep `results`, unless a file changed during the run or a result is transient."""
        if self.stamp is None or self.stamp != _stamp_again(self.stamp):
            return
        if any(n.code in _TRANSIENT for r in results for n in r.notifications):
            return
        _write_atomically(self.cache, self.path, (self.cache._salt, self.stamp, list(results)))


def scan_scope(displays: Iterable[str]) -> List[str]:
    """What names a scan root's index: the working directory and the top folders (or files)
    the files lie in, so adding a file deep in the tree keeps the index."""
    tops = {os.path.dirname(d) if os.path.isabs(d) else d.split("/", 1)[0] for d in displays}
    return [os.getcwd(), *sorted(tops)]


def _stamp(targets: Sequence[Tuple[str, str]]) -> Optional[Tuple[Tuple[str, str, int, int], ...]]:
    now = time.time_ns()
    stamp = []
    for path, display in targets:
        try:
            info = os.stat(path)
        except OSError:
            return None
        if now - info.st_mtime_ns < _RACY_NS:
            return None
        stamp.append((path, display, info.st_size, info.st_mtime_ns))
    return tuple(stamp)


def _stamp_again(
    stamp: Tuple[Tuple[str, str, int, int], ...],
) -> Optional[Tuple[Tuple[str, str, int, int], ...]]:
    return _stamp([(path, display) for path, display, _, _ in stamp])


def _write_atomically(cache: ResultCache, path: str, value: Any) -> None:
    if not cache._writable:
        return
    temporary = f"{path}.tmp-{os.getpid()}-{get_ident()}"
    try:
        cache._prepare(Path(os.path.dirname(path)))
        data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        with open(temporary, "wb") as stream:
            stream.write(data)
        os.replace(temporary, path)
    except OSError:
        _unlink(temporary)
        cache._writable = False


def _hit(result: "model.FileResult") -> "model.FileResult":
    result.from_cache = True
    return result


def _valid(record: Any, path: str) -> bool:
    """A record of the expected shape, for the same file."""
    return (
        isinstance(record, tuple)
        and len(record) == 5
        and record[0] == path
        and isinstance(record[1], int)
        and isinstance(record[2], int)
        and isinstance(record[3], str)
        and isinstance(record[4], model.FileResult)
    )


def clear(root: Path) -> int:
    """Delete the cache's entries (every format) and its marker files, then the directory if
    that leaves it empty; returns how many entries there were. Nothing else is touched, so a
    --cache-dir naming a directory that holds other files only loses what sarifbandit put there."""
    import shutil  # with its compression modules: only `cache clear` needs it

    root = Path(root)
    count = 0
    for entries in root.glob("results-v*"):
        if entries.is_dir():
            count += sum(1 for p in entries.glob("*/*") if not p.name.startswith(".tmp-"))
            shutil.rmtree(entries, ignore_errors=True)
    for indexes in root.glob("index-v*"):
        if indexes.is_dir():
            shutil.rmtree(indexes, ignore_errors=True)
    for name in _MARKERS:
        _unlink(str(root / name))
    try:
        root.rmdir()
    except OSError:
        pass
    return count
