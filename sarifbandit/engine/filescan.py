"""One file through the pipeline, in a worker: source, parse, one walk, nosec, fingerprints.

Whatever goes wrong stays inside this file's result as a notification; nothing raises out.
"""

from __future__ import annotations

import os
import stat
from typing import TYPE_CHECKING, List, Optional, Tuple

from ..analysis.context import FileContext
from ..analysis.source import SourceError, SourceFile, comments, parse
from ..analysis.taint.interpret import ProjectIndex
from ..analysis.taint.models import Models, load_models
from ..analysis.taint.verdicts import JUDGED, judge
from ..config.options import Config
from ..fingerprint import line_hashes
from ..model import FileResult, Finding, Notification, Rule, dispatch_of
from ..records import replace
from ..registry import dispatch_table, rule_names, rules_by_id
from .discovery import module_name
from .suppress import NosecMap, parse_nosec
from .walk import walk

if TYPE_CHECKING:
    from .cache import ResultCache


def read_bytes(path: str, limit: int) -> bytes:
    """The file's bytes, refusing anything that is not a regular file or is over `limit`.

    Checked before opening (opening a device can have effects) and again on the open descriptor,
    which is opened without blocking: a FIFO named x.py, even one swapped in after the first
    check, is refused instead of hanging the scan; a file growing past the limit is refused too."""
    _check_regular(os.stat(path), limit)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    with open(os.open(path, flags), "rb") as handle:
        _check_regular(os.fstat(handle.fileno()), limit)
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise _too_large(len(data), limit)
    return data


def _check_regular(info: os.stat_result, limit: int) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise SourceError("not-a-file", "skipped: not a regular file")
    if info.st_size > limit:
        raise _too_large(info.st_size, limit)


def _too_large(size: int, limit: int) -> SourceError:
    return SourceError(
        "too-large",
        f"skipped: {size:,} bytes is over the {limit:,}-byte limit (raise it with --max-file-size)",
    )


def scan_path(
    path: str,
    display: str,
    config: Config,
    cache: Optional["ResultCache"] = None,
    rules: Optional[Tuple[Rule, ...]] = None,
) -> FileResult:
    """Read and scan one file from disk; with a cache, a result stored for the same bytes,
    name and configuration is returned instead, and a fresh result is stored. `rules`: see
    scan_bytes."""
    try:
        data = read_bytes(path, config.max_file_size)
    except SourceError as exc:
        return FileResult(display, notifications=[_skip(display, exc)])
    except OSError as exc:
        reason = exc.strerror or str(exc)
        return FileResult(
            display,
            notifications=[_skip(display, SourceError("unreadable", f"cannot read: {reason}"))],
        )
    module = module_name(path)
    if cache is None:
        return scan_bytes(data, display, config, module, rules=rules)
    key = cache.key(display, data)
    result = cache.load(key)
    if result is None:
        result = scan_bytes(data, display, config, module)
        cache.store(key, result)
    return result


def scan_bytes(
    data: bytes,
    display: str,
    config: Config,
    module: Tuple[str, bool] = ("", False),
    project: Optional[ProjectIndex] = None,
    rules: Optional[Tuple[Rule, ...]] = None,
) -> FileResult:
    """Scan source bytes named `display` (a file's content, or standard input); bytes over
    --max-file-size are refused as a file of that size would be. `module` is the file's dotted
    module name and whether it is a package's __init__; `project`, the scan's other modules
    for data flow across files (the link step's second scan). `rules`, when given, are the
    rules to run (those of `config`'s selection), else the catalogue's rules of the selection."""
    result = FileResult(display)
    if len(data) > config.max_file_size:
        # standard input is read only to one byte past the limit: its full size is unknown
        reason = f"skipped: more than {config.max_file_size:,} bytes, over the limit (raise it "
        reason += "with --max-file-size)"
        result.notifications.append(_skip(display, SourceError("too-large", reason)))
        return result
    try:
        source = SourceFile.from_bytes(display, data)
        tree = parse(source.text, display)
    except SourceError as exc:
        result.notifications.append(_skip(display, exc))
        return result
    result.scanned = True
    result.loc = source.loc()
    # per_file_skips: a check skipped for this path does not run, so it has nothing to suppress
    selected = config.selected_for(display)
    ctx = FileContext(
        source,
        tree,
        config.options,
        set(selected),
        config.context_lines,
        models=_models(config),
        module=module[0],
        is_package=module[1],
        project=project,
        url_arguments=config.url_arguments,
        templates=config.templates,
    )
    if rules is None:
        table = dispatch_table(selected)
    else:
        table = dispatch_of(rule for rule in rules if rule.id in selected)
    findings, problems = walk(ctx, table, config.debug)
    if ctx.flows_built or any(f.rule_id in JUDGED for f in findings):
        findings = judge(findings, ctx.flows)
        if ctx.flows is not None:
            result.external_calls = ctx.flows.external_calls()
            result.external_results = ctx.flows.external_results()
            result.external_spans = ctx.flows.external_spans()
            ctx.flows.run_callers()
            result.callers = ctx.flows.callers()
            result.awaiting = tuple(ctx.flows.awaiting)
            result.waiting_names = ctx.flows.waiting_names()
    result.notifications.extend(problems)
    result.notifications.extend(ctx.problems)
    nosec = _nosec_map(source, config, rules)
    for found in findings:
        comment = nosec.suppressor(found) if nosec is not None else None
        if comment is None:
            result.findings.append(found)
        else:
            result.suppressed.append(replace(found, suppressed_by=comment))
    if nosec is not None:
        result.notifications.extend(nosec.warnings)
        result.notifications.extend(nosec.unused(display, selected))
    _add_line_hashes(result, data)
    result.findings.sort(key=Finding.sort_key)
    result.suppressed.sort(key=Finding.sort_key)
    return result


def _models(config: Config) -> Optional[Models]:
    """The data-flow models of this configuration, or None when data flow is off."""
    if not getattr(config, "dataflow", True):
        return None
    return load_models(getattr(config, "taint_models", None) or None)


def _nosec_map(
    source: SourceFile, config: Config, rules: Optional[Tuple[Rule, ...]] = None
) -> Optional[NosecMap]:
    # tokenizing is the slowest step of the pipeline, and the marker is case-sensitive: a file
    # without the word has no nosec comment (comments() still tells real comments from strings);
    # ruff's noqa comments (S602 ...) are read too, their marker in either case
    text = source.text
    if config.ignore_nosec or ("nosec" not in text and "noqa" not in text and "NOQA" not in text):
        return None
    if rules is None:
        return parse_nosec(comments(source.text), rule_names(), rules_by_id(), source.path)
    names = {rule.name: rule.id for rule in rules}
    return parse_nosec(comments(source.text), names, {r.id: r for r in rules}, source.path)


def _add_line_hashes(result: FileResult, data: bytes) -> None:
    """GitHub's primaryLocationLineHash for every kept finding, in one pass over the file."""
    kept: List[Tuple[List[Finding], int]] = [
        (bucket, i) for bucket in (result.findings, result.suppressed) for i in range(len(bucket))
    ]
    if not kept:
        return
    hashes = line_hashes(data, {bucket[i].line for bucket, i in kept})
    for bucket, i in kept:
        found = bucket[i]
        line_hash = hashes.get(found.line)
        if line_hash is not None:
            bucket[i] = replace(
                found, fingerprints=(("primaryLocationLineHash", line_hash), *found.fingerprints)
            )


def _skip(display: str, exc: SourceError) -> Notification:
    return Notification(
        "error",
        exc.message,
        path=display,
        line=exc.line,
        column=exc.column,
        code=exc.code,
    )
