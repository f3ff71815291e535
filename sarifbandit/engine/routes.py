"""Django's URL configurations, read before the files are scanned: the arguments each view is
given by its routes (analysis/taint/urlconf.py), which the data flow of the views' own modules
needs (urls.py routes what views.py defines)."""

from __future__ import annotations

from typing import FrozenSet, Iterable, Set

from ..analysis.source import SourceError, SourceFile, parse
from ..analysis.taint.urlconf import UrlArgument, url_arguments
from .discovery import Target, module_name
from .filescan import read_bytes


def scan_url_arguments(targets: Iterable[Target], limit: int) -> FrozenSet[UrlArgument]:
    """The URL arguments of every URL configuration among the targets (urls.py, urls/*.py); a
    file that cannot be read or parsed adds none (the scan itself reports why)."""
    found: Set[UrlArgument] = set()
    for target in targets:
        if target.path.name != "urls.py" and target.path.parent.name != "urls":
            continue
        try:
            source = SourceFile.from_bytes(target.display, read_bytes(str(target.path), limit))
            tree = parse(source.text, target.display)
        except (SourceError, OSError):
            continue
        found |= url_arguments(tree, *module_name(str(target.path)))
    return frozenset(found)
