"""One source file: bytes to text (PEP 263), the parsed tree, comments, and column conversions."""

from __future__ import annotations

import ast
import bisect
import io
import sys
import warnings
from typing import Any, Dict, List, Optional, Tuple, Union

from ..records import field, record
from ..regex import LazyPattern, lazy


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


_WIDE_BOMS = {
    b"\xff\xfe\x00\x00": "UTF-32",
    b"\x00\x00\xfe\xff": "UTF-32",
    b"\xff\xfe": "UTF-16",
    b"\xfe\xff": "UTF-16",
}


def split_lines(text: str) -> List[str]:
    """Lines as the tokenizer counts them: split on \n, \r\n and \r only (str.splitlines
    also splits on form feeds, \x1c-\x1e, U+2028 ..., which would shift every line number)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def decode(data: bytes) -> str:
    """Decode Python source bytes as the interpreter would: BOM, coding cookie, else UTF-8."""
    for bom, name in _WIDE_BOMS.items():
        if data.startswith(bom):
            raise SourceError(
                "decode-error",
                f"cannot decode: {name} byte-order mark; Python reads source files only in "
                "UTF-8 or an ASCII-compatible coding, so it cannot run this file either",
            )
    try:
        encoding = _encoding(data)
    except SyntaxError as exc:
        raise SourceError("decode-error", _decode_failure(data, str(exc))) from None
    except LookupError as exc:  # from 3.14 a cookie naming a non-text codec (rot13) fails here
        raise SourceError("decode-error", f"cannot decode: {exc}") from None
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
        encoding = "utf-8"
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise SourceError(
            "decode-error",
            f"cannot decode: not valid {encoding} ({_where(data, exc)})",
            *_position(data, exc.start),
        ) from None
    except (UnicodeError, LookupError, ValueError, TypeError) as exc:
        # a cookie may name any codec, including ones that are not text encodings (rot13, idna)
        raise SourceError("decode-error", f"cannot decode as {encoding}: {exc}") from None
    return text


def _decode_failure(data: bytes, reason: str) -> str:
    """tokenize's complaint about the first two lines, made specific where it can be."""
    try:
        data[:4096].decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.start < 4096 - 4:  # not just a character cut at the sample's end
            return f"cannot decode: not valid UTF-8 and no coding declaration ({_where(data, exc)})"
    return f"cannot decode: {reason}"


def _position(data: Union[str, bytes], offset: int) -> Tuple[int, int]:
    """1-based line and column (in the units of `data`) of `offset`."""
    newline: Any = b"\n" if isinstance(data, bytes) else "\n"
    return data.count(newline, 0, offset) + 1, offset - (data.rfind(newline, 0, offset) + 1) + 1


def _where(data: bytes, exc: UnicodeDecodeError) -> str:
    line, column = _position(data, exc.start)
    return f"byte 0x{data[exc.start]:02x} at line {line}, column {column}"


#: syntax a newer Python accepts, recognised on the line a SyntaxError points at:
#: (first Python that parses it, what it is, the pattern, a phrase the message must contain)
_NEWER_SYNTAX: Tuple[Tuple[Tuple[int, int], str, LazyPattern, str], ...] = (
    ((3, 10), "a match statement", lazy(r"^\s*(match|case)\s+[^=]*:\s*(#.*)?$"), ""),
    ((3, 11), "except*", lazy(r"^\s*except\s*\*"), ""),
    (
        (3, 11),
        "star-unpacking in a subscript or annotation",
        lazy(r"\w\s*\[(?:[^\[\]]*,)?\s*\*\s*[A-Za-z_]|\*\w+\s*:\s*\*"),
        "",
    ),
    (
        (3, 12),
        "a type statement",
        lazy(r"^\s*type\s+[A-Za-z_]\w*\s*(\[.*\])?\s*=(?!=)"),
        "",
    ),
    (
        (3, 12),
        "a type parameter list",
        lazy(r"^\s*((async\s+)?def|class)\s+[A-Za-z_]\w*\s*\["),
        "",
    ),
    (
        (3, 13),
        "a type parameter default",
        lazy(r"^\s*((async\s+)?def|class|type)\s+[A-Za-z_]\w*\s*\[[^\]]*[^=!<>]=[^=]"),
        "",
    ),
    (
        (3, 14),
        "except with unparenthesized exception types",
        lazy(r"^\s*except\s+[^:()]*,(?!.*\bas\b)"),
        "must be parenthesized",
    ),
    (
        (3, 14),
        "a template string (t-string)",
        lazy(r"(?<![\w'\"])([tT][rR]?|[rR][tT])['\"]"),
        "",
    ),
    ((3, 15), "a lazy import", lazy(r"^\s*lazy\s+(import|from)\s"), ""),
    (
        (3, 15),
        "unpacking in a comprehension",
        lazy(r"\*.*\bfor\b"),
        "unpacking cannot be used in",
    ),
)
#: how many lines around the error an f-string may reach (its fields may span lines)
_FSTRING_REACH = 20
_FSTRING_CHARS = 20_000


def _newer_python_hint(message: str, text: str, line: Optional[int]) -> str:
    """Name the Python that would parse the file when the error is newer syntax; '' otherwise.

    Only constructs recognised on the line the parser stopped at count (for f-strings, which the
    old tokenizer can split, also those starting up to 20 lines above), so an ordinary syntax
    error gets no hint."""
    if not line:
        return ""
    lines = split_lines(text)
    if not 1 <= line <= len(lines):
        return ""
    at_error = lines[line - 1]
    needed: Optional[Tuple[int, int]] = None
    what = ""
    for version, name, pattern, says in _NEWER_SYNTAX:
        if sys.version_info[:2] < version and (needed is None or version > needed):
            if pattern.search(at_error) and says in message:
                needed, what = version, name
    if needed is None and sys.version_info < (3, 12):
        # the old tokenizer may split such an f-string into pieces that fail lines later
        first = max(0, line - 1 - _FSTRING_REACH)
        window = "\n".join(lines[first : line + _FSTRING_REACH])
        error_end = sum(len(row) + 1 for row in lines[first:line])
        # long lines: only the text near the error (the scan is linear, but 5 MB is still slow)
        cut = max(0, error_end - _FSTRING_CHARS)
        window = window[cut : error_end + _FSTRING_CHARS]
        if pep701_fstring(window, error_end - cut):
            needed, what = (3, 12), "an f-string that only Python 3.12's grammar (PEP 701) allows"
    if needed is None:
        return ""
    wanted = f"{needed[0]}.{needed[1]}"
    return (
        f" ({what} needs Python {wanted} or later; this scan ran on Python "
        f"{sys.version_info[0]}.{sys.version_info[1]}: run sarifbandit on Python {wanted}+ "
        "to scan this file)"
    )


_STRING_START = lazy(r"(?<![\w'\"])([rRbBuUfF]{0,2})('\'\'|\"\"\"|'|\")")


def pep701_fstring(text: str, last: Optional[int] = None) -> bool:
    """Whether `text` holds an f-string, starting before `last`, that Python 3.12 accepts but
    older Pythons refuse: a replacement field holding the f-string's own quote, a backslash, a
    comment, or a line break in a single-quoted f-string."""
    resume = 0  # like a tokenizer, a string's inside is not searched for more strings: linear
    for match in _STRING_START.finditer(text, 0, len(text) if last is None else last):
        if match.start() < resume:
            continue
        quote = match.group(2)
        if "f" not in match.group(1).lower():
            resume = _plain_string_end(text, match.end(), quote, len(text)) or match.end()
            continue
        pep701 = _fstring_end(text, match.end(), quote)
        if pep701 is None:  # unterminated: it would take in all the rest
            return False
        if pep701[1] or pep701[0] != _plain_string_end(text, match.end(), quote, pep701[0]):
            return True
        resume = pep701[0]
    return False


def _plain_string_end(text: str, i: int, quote: str, stop: int) -> Optional[int]:
    """Where a string body starting at `i` ends by the pre-3.12 rules (f-strings included);
    None when it does not end before `stop`."""
    while i < stop:
        if text.startswith(quote, i):
            return i + len(quote)
        char = text[i]
        if char == "\\":
            i += 2
            continue
        if char == "\n" and len(quote) == 1:
            return None
        i += 1
    return None


def _fstring_end(text: str, i: int, quote: str) -> Optional[Tuple[int, bool]]:
    """Where an f-string body starting at `i` ends under PEP 701, and whether one of its
    replacement fields holds a backslash or a comment; None when it is unterminated.

    A stack of frames, never recursion: [kind, quote, bracket depth] with kind "lit" (literal
    text of an f-string), "expr" (a replacement field), "spec" (a format spec) or "str"."""
    stack: List[List[Any]] = [["lit", quote, 0]]
    refused = False
    n = len(text)
    while i < n:
        frame = stack[-1]
        kind, closing = frame[0], frame[1]
        char = text[i]
        if kind in ("lit", "str"):
            if text.startswith(closing, i):
                stack.pop()
                i += len(closing)
                if not stack:
                    return i, refused
                continue
            if char == "\\":
                refused = refused or any(f[0] == "expr" for f in stack)
                i += 2
                continue
            if char == "\n" and len(closing) == 1:
                return None
            if kind == "lit" and char == "{":
                if text.startswith("{{", i):
                    i += 2
                else:
                    stack.append(["expr", closing, 0])
                    i += 1
                continue
            i += 2 if kind == "lit" and text.startswith("}}", i) else 1
            continue
        if kind == "spec":
            if char == "{":
                stack.append(["expr", closing, 0])
            elif char == "}":
                stack.pop()
            elif char == "\n" and len(closing) == 1:
                return None
            i += 1
            continue
        # a replacement field's expression
        start = _STRING_START.match(text, i)
        if start is not None:
            is_f = "f" in start.group(1).lower()
            stack.append(["lit" if is_f else "str", start.group(2), 0])
            i = start.end()
            continue
        if char == "\\":
            refused = True
        elif char == "#":
            refused = True
            newline = text.find("\n", i)
            i = n if newline < 0 else newline
            continue
        elif char in "([{":
            frame[2] += 1
        elif char in ")]":
            frame[2] -= 1
        elif char == "}":
            if frame[2] == 0:
                stack.pop()
            else:
                frame[2] -= 1
        elif char == ":" and frame[2] == 0:
            frame[0] = "spec"
        elif char == "!" and frame[2] == 0 and text.startswith("!=", i):
            i += 1
        i += 1
    return None


#: texts longer than this go straight to the deep-stack thread: Python 3.9 and 3.10 build the tree
#: without a depth guard, so a long chain in a big file would overflow the main thread's C stack
_DIRECT_PARSE_LIMIT = 100_000


def parse(text: str, filename: str) -> ast.Module:
    """ast.parse that turns every failure into a SourceError; never runs the code.

    Python's AST construction counts against the recursion limit, so a long chain such as a
    60,000-term concatenation fails at the default limit; such a file is parsed again in a thread
    with a large stack and a raised limit instead of being given up."""
    nul = text.find("\x00")
    if nul >= 0:
        line, column = _position(text, nul)
        raise SourceError(
            "parse-error",
            f"cannot parse: NUL byte at line {line}, column {column} (binary data, not Python "
            "source)",
            line,
            column,
        )
    if len(text) > _DIRECT_PARSE_LIMIT:
        return _parse_deep(text, filename)
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
        hint = _newer_python_hint(msg, text, exc.lineno)
        raise SourceError(
            "syntax-error", f"syntax error: {msg}{hint}", exc.lineno, exc.offset
        ) from None
    except MemoryError:
        # the parser's own stack (about 6,000 levels of nesting) ran out; 3.11 says nothing more
        raise SourceError(
            "parse-error",
            f"cannot parse: nested too deeply for Python {sys.version_info[0]}."
            f"{sys.version_info[1]}'s parser (its stack overflowed); Python cannot run it either",
        ) from None
    except (ValueError, OverflowError) as exc:
        raise SourceError("parse-error", f"cannot parse ({type(exc).__name__}): {exc}") from None


_DEEP_STACK = 512 * 1024 * 1024
_DEEP_RECURSION = 400_000


def _too_deep_message() -> str:
    version = f"{sys.version_info[0]}.{sys.version_info[1]}"
    if (3, 12) <= sys.version_info < (3, 14):
        # 3.12 and 3.13 fix the parser's C recursion limit; 3.11 and older follow the raised
        # limit, and 3.14 measures the real stack
        return (
            f"cannot parse: expression nested too deeply for Python {version}'s parser "
            "(a fixed limit in 3.12 and 3.13); Python 3.11 or 3.14+ parses it"
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

    import threading

    try:
        previous = threading.stack_size(_DEEP_STACK)
    except (ValueError, RuntimeError):  # a platform that refuses big stacks: parse in place
        run()
    else:
        try:
            # a daemon, so Ctrl-C does not wait for a long parse to finish
            worker = threading.Thread(target=run, name="sarifbandit-deep-parse", daemon=True)
            worker.start()
            worker.join()
        except RuntimeError:  # no thread could be started (memory or process limits)
            run()
        finally:
            threading.stack_size(previous)
    result = outcome[0] if outcome else SourceError("parse-error", "cannot parse: nesting too deep")
    if isinstance(result, RecursionError):
        raise SourceError("parse-error", _too_deep_message())
    if isinstance(result, SourceError):
        raise result
    return result


def _encoding(data: bytes) -> str:
    """The coding the interpreter reads `data` in. Most files declare none in their first two
    lines, which then must be UTF-8: that is decided here without importing tokenize (a few
    per cent of a one-file scan); a cookie, or lines that are not UTF-8, go to tokenize."""
    first = data.find(b"\n")
    second = data.find(b"\n", first + 1) if first >= 0 else -1
    head = data if second < 0 else data[:second]
    if b"coding" not in head:
        try:
            head.decode("utf-8")
            return "utf-8"
        except UnicodeDecodeError:
            pass
    import tokenize

    return tokenize.detect_encoding(io.BytesIO(data).readline)[0]


def comments(text: str) -> Dict[int, str]:
    """{line: comment text} from tokenize's COMMENT tokens; on a tokenize error keep what was read."""
    found: Dict[int, str] = {}
    if "#" not in text:
        return found
    import tokenize

    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.COMMENT:
                found[tok.start[0]] = tok.string
    except (tokenize.TokenError, SyntaxError, IndentationError, ValueError):
        pass
    return found


#: for a non-ASCII line: the UTF-8 byte offset after each non-ASCII character, the running
#: difference of UTF-16 units and UTF-8 bytes up to there, and the line's UTF-8 length
_Shifts = Tuple[List[int], List[int], int]
_NON_ASCII = lazy(r"[^\x00-\x7f]")


def _utf16_shifts(text: str) -> Optional[_Shifts]:
    if text.isascii():
        return None
    ends: List[int] = []
    extra: List[int] = []
    wider = difference = 0  # UTF-8 bytes beyond one per character so far; UTF-16 minus UTF-8
    for match in _NON_ASCII.finditer(text):
        code = ord(match.group())
        width = 2 if code < 0x800 else 3 if code < 0x10000 else 4
        ends.append(match.start() + wider + width)
        wider += width - 1
        difference += (2 if code >= 0x10000 else 1) - width
        extra.append(difference)
    return ends, extra, len(text) + wider


@record
class SourceFile:
    """A decoded file with its line index; computes UTF-16 columns and context windows."""

    path: str  # how reports name it (relative, POSIX)
    data: bytes
    text: str
    lines: List[str] = field(init=False)
    #: per line with findings: its column shifts (see utf16_column), None for an ASCII line
    _shifts: Dict[int, Optional[_Shifts]] = field(init=False, default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.lines = split_lines(self.text)

    @classmethod
    def from_bytes(cls, path: str, data: bytes) -> "SourceFile":
        return cls(path, data, decode(data))

    def line(self, number: int) -> str:
        """Line `number` (1-based) without its line end; '' past the end."""
        if 1 <= number <= len(self.lines):
            return self.lines[number - 1]
        return ""

    def utf16_column(self, line: int, byte_offset: int) -> int:
        """ast's 0-based UTF-8 byte offset on `line` as a 1-based UTF-16 column (SARIF's unit).

        The line is measured once, so thousands of findings on one long line cost a lookup each
        rather than a pass over the line each."""
        if line not in self._shifts:
            self._shifts[line] = _utf16_shifts(self.line(line))
        shifts = self._shifts[line]
        if shifts is None:
            return min(byte_offset, len(self.line(line))) + 1
        ends, extra, size = shifts
        byte_offset = min(byte_offset, size)
        before = bisect.bisect_right(ends, byte_offset)
        return byte_offset + (extra[before - 1] if before else 0) + 1

    def loc(self) -> int:
        """Bandit's lines-of-code count: non-blank lines that do not start with '#'."""
        # counted with C-level string methods: a Python loop over every line of every file
        # showed in profiles; no stripped line holds a newline, so "\n#" marks comment lines
        stripped = list(map(str.strip, self.lines))
        comments = ("\n" + "\n".join(stripped)).count("\n#")
        return len(stripped) - stripped.count("") - comments

    def window(self, line: int, end_line: int, size: int) -> Tuple[Tuple[int, str], ...]:
        """Bandit's context window: `size` lines centred on `line`, widened by the node's span."""
        size = max(size, 1)
        first = max(1, line - size // 2)
        count = (end_line - line + 1) + size - 1
        # the '' after a final line break is not a line of the file
        lines = len(self.lines) - (1 if len(self.lines) > 1 and self.lines[-1] == "" else 0)
        last = min(lines, first + count - 1)
        return tuple((n, self.lines[n - 1]) for n in range(first, last + 1))
