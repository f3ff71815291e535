"""One source file: bytes to text (PEP 263), the parsed tree, comments, and column conversions."""

from __future__ import annotations

import ast
import io
import sys
import threading
import tokenize
import warnings
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple


class SourceError(Exception):
    """A file that cannot be scanned; `code` names the kind of problem for notifications."""

    def __init__(
        self, code: str, message: str, line: Optional[int] = None, column: Optional[int] = None
    ):
        super().__init__(message)
        self.code = code
        self.message = message
        self.line = line
        self.column = column


def decode(data: bytes) -> str:
    """Decode Python source bytes as the interpreter would: BOM, coding cookie, else UTF-8."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as exc:
        raise SourceError("decode-error", f"cannot decode: {exc}") from None
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
        encoding = "utf-8"
    try:
        text = data.decode(encoding)
    except (UnicodeDecodeError, LookupError) as exc:
        raise SourceError("decode-error", f"cannot decode as {encoding}: {exc}") from None
    return text


def _newer_python_hint(message: str) -> str:
    """Say which Python would parse the file when the failure looks like newer syntax."""
    if sys.version_info >= (3, 12):
        return ""
    lowered = message.lower()
    hints = ("f-string", "type parameter", "expected ':'", "invalid syntax")
    if any(h in lowered for h in hints):
        current = f"{sys.version_info[0]}.{sys.version_info[1]}"
        return (
            f" (parsed with Python {current}; if this file uses newer syntax such as 3.12 f-strings"
            " or type parameters, run sarifbandit on Python 3.12 or later)"
        )
    return ""


def parse(text: str, filename: str) -> ast.Module:
    """ast.parse that turns every failure into a SourceError; never runs the code.

    Python's AST construction counts against the recursion limit, so a long chain such as a
    60,000-term concatenation fails at the default limit; such a file is parsed again in a thread
    with a large stack and a raised limit instead of being given up."""
    try:
        return _parse(text, filename)
    except RecursionError:
        return _parse_deep(text, filename)


def _parse(text: str, filename: str) -> ast.Module:
    try:
        with warnings.catch_warnings():
            # invalid escape sequences and the like are the scanned project's business
            warnings.simplefilter("ignore")
            return ast.parse(text, filename=filename)
    except SyntaxError as exc:
        msg = exc.msg or str(exc)
        hint = _newer_python_hint(msg)
        raise SourceError(
            "syntax-error", f"syntax error: {msg}{hint}", exc.lineno, exc.offset
        ) from None
    except (ValueError, MemoryError, OverflowError) as exc:
        # ValueError: NUL bytes; MemoryError: nesting beyond the parser's own limits
        raise SourceError("parse-error", f"cannot parse ({type(exc).__name__}): {exc}") from None


_DEEP_STACK = 512 * 1024 * 1024
_DEEP_RECURSION = 400_000


def _too_deep_message() -> str:
    version = f"{sys.version_info[0]}.{sys.version_info[1]}"
    if sys.version_info >= (3, 12):
        # from 3.12 the parser's C recursion limit is fixed; 3.11 and older follow the raised limit
        return (
            f"cannot parse: expression nested too deeply for Python {version}'s parser "
            "(a fixed limit since 3.12); Python 3.11 parses it"
        )
    return f"cannot parse: expression nested too deeply for Python {version}'s parser"


def _parse_deep(text: str, filename: str) -> ast.Module:
    outcome: list = []

    def run() -> None:
        old = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old, _DEEP_RECURSION))
        try:
            outcome.append(_parse(text, filename))
        except (SourceError, RecursionError) as exc:
            outcome.append(exc)
        finally:
            sys.setrecursionlimit(old)

    previous = threading.stack_size(_DEEP_STACK)
    try:
        worker = threading.Thread(target=run, name="sarifbandit-deep-parse")
        worker.start()
        worker.join()
    finally:
        threading.stack_size(previous)
    result = outcome[0] if outcome else SourceError("parse-error", "cannot parse: nesting too deep")
    if isinstance(result, RecursionError):
        raise SourceError("parse-error", _too_deep_message())
    if isinstance(result, SourceError):
        raise result
    return result


def comments(text: str) -> Dict[int, str]:
    """{line: comment text} from tokenize's COMMENT tokens; on a tokenize error keep what was read."""
    found: Dict[int, str] = {}
    if "#" not in text:
        return found
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.COMMENT:
                found[tok.start[0]] = tok.string
    except (tokenize.TokenError, SyntaxError, IndentationError, ValueError):
        pass
    return found


@dataclass
class SourceFile:
    """A decoded file with its line index; computes UTF-16 columns and context windows."""

    path: str  # how reports name it (relative, POSIX)
    data: bytes
    text: str
    lines: List[str] = field(init=False)

    def __post_init__(self) -> None:
        # splitlines on \r, \n and \r\n only, like the tokenizer (str.splitlines splits on more)
        self.lines = self.text.replace("\r\n", "\n").replace("\r", "\n").split("\n")

    @classmethod
    def from_bytes(cls, path: str, data: bytes) -> "SourceFile":
        return cls(path, data, decode(data))

    def line(self, number: int) -> str:
        """Line `number` (1-based) without its line end; '' past the end."""
        if 1 <= number <= len(self.lines):
            return self.lines[number - 1]
        return ""

    def utf16_column(self, line: int, byte_offset: int) -> int:
        """ast's 0-based UTF-8 byte offset on `line` as a 1-based UTF-16 column (SARIF's unit)."""
        text = self.line(line)
        if text.isascii():
            return min(byte_offset, len(text)) + 1
        prefix = text.encode("utf-8")[:byte_offset].decode("utf-8", "ignore")
        return len(prefix.encode("utf-16-le")) // 2 + 1

    def loc(self) -> int:
        """Bandit's lines-of-code count: non-blank lines that do not start with '#'."""
        count = 0
        for raw in self.lines:
            stripped = raw.strip()
            if stripped and not stripped.startswith("#"):
                count += 1
        return count

    def window(self, line: int, end_line: int, size: int) -> Tuple[Tuple[int, str], ...]:
        """Bandit's context window: `size` lines centred on `line`, widened by the node's span."""
        size = max(size, 1)
        first = max(1, line - size // 2)
        count = (end_line - line + 1) + size - 1
        last = min(len(self.lines), first + count - 1)
        return tuple((n, self.lines[n - 1]) for n in range(first, last + 1))
