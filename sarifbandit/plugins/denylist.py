"""Deny lists (Bandit's B001 family): the shape of an entry, the Rule made from one, and the
generic matching every entry shares.

Calls are matched by exact equality on the resolved name; imports by prefix on the imported
dotted name. `__import__("m")` and `importlib.import_module("m")` are compared under the module
name they load, exactly, against every entry of both lists.
"""

from __future__ import annotations

import ast
from typing import Dict, Iterable, Iterator, Optional, Tuple

from ..analysis.context import FileContext
from ..analysis.nodes import keyword, value_of
from ..model import HIGH, MEDIUM, Rank, Rule
from ..records import record

FAMILY_CALL = "blacklist-call"
FAMILY_IMPORT = "blacklist-import"

#: functions whose first argument names a module to load; the module is what gets matched
IMPORT_FUNCTIONS = frozenset({"importlib.import_module", "importlib.__import__"})


@record(frozen=True)
class DenyEntry:
    """One row of a deny list: the id, Bandit's name for it, what it matches and its docs.

    `names` are qualified call names for call entries and module/name prefixes for imports.
    """

    id: str
    name: str
    names: Tuple[str, ...]
    cwe: int
    short: str
    why: str
    bad: str
    good: str
    fix: str
    severity: Rank = MEDIUM
    #: (title, url) links beyond the CWE entry
    references: Tuple[Tuple[str, str], ...] = ()

    @property
    def short_reason(self) -> str:
        """The short description continuing a sentence: 'Unpickling …' becomes 'unpickling …',
        while names and acronyms ('PyCrypto', 'FTP', 'MD5') keep their case."""
        first_word = self.short.split(" ", 1)[0]
        if first_word[1:].islower():
            return self.short[0].lower() + self.short[1:]
        return self.short


def _what_it_does(entry: DenyEntry, family: str) -> str:
    listed = ", ".join(f"`{name}`" for name in entry.names)
    if family == FAMILY_IMPORT:
        return (
            f"Flags imports of any module or name starting with {listed} (so `import m`, "
            "`import m.sub`, `from m import n` and relative imports), each imported name on its "
            'own. `__import__("m")`, `importlib.import_module("m")` and calls whose '
            "resolved name is one of these are flagged when the name is exactly equal."
        )
    return (
        f"Flags calls of {listed}, matched on the resolved name, so `import m as x` aliases "
        "and `from m import f` spellings are caught too."
    )


#: the titles of the CWEs the deny lists name, shown beside their numbers
CWE_TITLES: Dict[int, str] = {
    22: "Path Traversal",
    78: "OS Command Injection",
    79: "Cross-site Scripting",
    95: "Eval Injection",
    284: "Improper Access Control",
    295: "Improper Certificate Validation",
    319: "Cleartext Transmission of Sensitive Information",
    327: "Use of a Broken or Risky Cryptographic Algorithm",
    328: "Use of Weak Hash",
    338: "Use of Cryptographically Weak Pseudo-Random Number Generator (PRNG)",
    377: "Insecure Temporary File",
    502: "Deserialization of Untrusted Data",
    776: "Improper Restriction of Recursive Entity References in DTDs (XML Entity Expansion)",
    1104: "Use of Unmaintained Third Party Components",
}


def deny_rule(entry: DenyEntry, family: str) -> Rule:
    """The Rule of a deny-list row: every field comes from the row's columns."""
    return Rule(
        id=entry.id,
        name=entry.name,
        severity=entry.severity,
        confidence=HIGH,
        cwe=entry.cwe,
        cwe_title=CWE_TITLES.get(entry.cwe, ""),
        short=entry.short,
        what=_what_it_does(entry, family),
        why=entry.why,
        example=f"```python\n{entry.bad}\n```",
        use_instead=f"{entry.fix}\n```python\n{entry.good}\n```",
        references=entry.references,
        family=family,
        test_name="blacklist",
    )


Hit = Tuple[Rule, DenyEntry]


def exact_index(rules: Iterable[Rule], entries: Iterable[DenyEntry]) -> Dict[str, Hit]:
    """{name: (rule, entry)} for exact lookups; with entries in id order the lowest id wins a
    name listed twice, as Bandit reports only its first match."""
    index: Dict[str, Hit] = {}
    for rule, entry in zip(rules, entries):
        for name in entry.names:
            index.setdefault(name, (rule, entry))
    return index


def first_prefix_match(name: str, hits: Iterable[Hit]) -> Optional[Hit]:
    """The first (lowest-id) entry with a prefix `name` starts with."""
    for rule, entry in hits:
        if name.startswith(entry.names):
            return rule, entry
    return None


def loader_of(node: ast.Call, ctx: FileContext) -> Optional[str]:
    """`__import__` or the importlib function `node` calls to load a module by name, else None."""
    func = node.func
    if isinstance(func, ast.Name) and func.id == "__import__":
        return "__import__"
    qualname = ctx.qualname(node)
    return qualname if qualname in IMPORT_FUNCTIONS else None


def called_name(node: ast.Call, ctx: FileContext) -> Optional[str]:
    """The name a call is matched under: the module for `__import__` and importlib loaders
    ("UNKNOWN" when `__import__`'s argument is not a string, None when the loader's argument
    cannot be read statically), otherwise the resolved qualified name."""
    loader = loader_of(node, ctx)
    if loader is None:
        return ctx.qualname(node)
    if loader == "__import__":
        if not node.args:
            return ""
        first = node.args[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            return first.value
        return "UNKNOWN"
    module = value_of(node.args[0] if node.args else keyword(node, "name"))
    return module if isinstance(module, str) else None


def imported_names(node: ast.AST) -> Iterator[Tuple[ast.AST, str]]:
    """(node to report at, dotted name) for each alias of an import statement. The alias node
    has a location on Python 3.10+; earlier versions report at the statement."""
    if not isinstance(node, (ast.Import, ast.ImportFrom)):
        return
    # the relative level is ignored, as in Bandit: `from .pickle import x` is pickle.x
    module = node.module if isinstance(node, ast.ImportFrom) else None
    prefix = f"{module}." if module else ""
    for alias in node.names:
        where: ast.AST = alias if getattr(alias, "lineno", None) else node
        yield where, prefix + alias.name
