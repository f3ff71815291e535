"""The values that flow through a scan: ranks, rules, regions, findings, notifications."""

from __future__ import annotations

import ast
import enum
from pathlib import Path
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    Dict,
    Iterable,
    Iterator,
    List,
    Mapping,
    Optional,
    Tuple,
    Type,
)

from .records import field, record

if TYPE_CHECKING:  # the configuration is a value the report carries; no import at run time
    from .config.options import Config


class Rank(enum.IntEnum):
    """Bandit's four ranks, shared by severity and confidence (UNDEFINED lets everything through)."""

    UNDEFINED = 0
    LOW = 1
    MEDIUM = 2
    HIGH = 3

    @classmethod
    def parse(cls, text: str) -> "Rank":
        """Read 'low', 'MEDIUM', 'all' ... as a rank; 'all' means UNDEFINED."""
        key = text.strip().upper()
        if key == "ALL":
            return cls.UNDEFINED
        return cls[key]


Severity = Rank
Confidence = Rank
LOW, MEDIUM, HIGH = Rank.LOW, Rank.MEDIUM, Rank.HIGH

#: A check: called with the node it registered for and the file's context, yields findings.
CheckFunction = Callable[[Any, Any], Optional[Iterable[Optional["Finding"]]]]


@record(frozen=True)
class Check:
    """One function run by the walk on nodes of `node_types`, able to report any of `rules`."""

    function: CheckFunction
    node_types: Tuple[Type[ast.AST], ...]
    rules: Tuple["Rule", ...]
    #: for ast.Call: fnmatch patterns (case-sensitive) for the last part of the call's resolved
    #: name (`load` in `yaml.load`); the walk runs the check only on calls matching one. Empty:
    #: every call. A speed hint: the check must still test what it needs.
    calls: Tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return f"{self.function.__module__}.{self.function.__name__}"


#: the sections of a rule's documentation, in the order every rendering shows them
DOC_SECTIONS = (
    ("what", "What it does"),
    ("why", "Why is this bad?"),
    ("example", "Example"),
    ("use_instead", "Use instead"),
    ("options_help", "Options"),
)


def cwe_url(number: int) -> str:
    return f"https://cwe.mitre.org/data/definitions/{number}.html"


@record(frozen=True, eq=False)
class Rule:
    """Everything about one check id: the dispatcher, SARIF, the docs and the tests all read this.

    The documentation is held as fields, one per section (markdown each), not as one markdown
    text: SARIF's fullDescription is `why`, the doc test runs the code of `example` and
    `use_instead`, and a deny-list row fills the fields from its columns; nothing is parsed back
    out of rendered text. `doc` renders them in the fixed order for people."""

    id: str
    name: str
    severity: Rank
    confidence: Rank
    cwe: int
    #: one sentence, shown as SARIF shortDescription and in `sarifbandit rules`
    short: str
    #: *What it does*: what is flagged, and where the finding points
    what: str = ""
    #: *Why is this bad?*: the risk (SARIF fullDescription)
    why: str = ""
    #: *Example*: code the rule reports, in ```python blocks (the doc test runs it)
    example: str = ""
    #: *Use instead*: the safe twin, which the rule must not report
    use_instead: str = ""
    #: *Options*: what each of `options` means; empty when the rule has none
    options_help: str = ""
    #: the CWE's title (`Path Traversal`), shown with its number in the references and SARIF
    cwe_title: str = ""
    #: (title, url) links shown after the CWE's own entry
    references: Tuple[Tuple[str, str], ...] = ()
    #: the family the check belongs to (a SARIF tag): "plugin", "blacklist-call", "blacklist-import"
    family: str = "plugin"
    #: Bandit's test name (the `test_name` of its JSON report)
    test_name: str = ""
    #: per-check options and their defaults
    options: Mapping[str, Any] = field(default_factory=dict)
    #: config blocks the options are read from, first the one Bandit reads, then documented aliases
    config_keys: Tuple[str, ...] = ()
    checks: list = field(default_factory=list, compare=False, repr=False)

    def check(
        self, *node_types: Type[ast.AST], calls: Iterable[str] = ()
    ) -> Callable[[CheckFunction], CheckFunction]:
        """Register the decorated function as this rule's check on `node_types`; `calls` limits an
        ast.Call check to calls whose resolved name ends in a matching part (see Check.calls)."""
        return register(node_types, (self,), calls)

    @property
    def sections(self) -> Dict[str, str]:
        """{heading: markdown} of the documentation, in order, empty sections left out."""
        sections = {heading: getattr(self, key).strip() for key, heading in DOC_SECTIONS}
        sections["References"] = "\n".join(
            f"- [{title}]({url})" for title, url in self.all_references
        )
        return {heading: text for heading, text in sections.items() if text}

    @property
    def all_references(self) -> Tuple[Tuple[str, str], ...]:
        """The CWE's own entry, then the other references."""
        title = f"CWE-{self.cwe}: {self.cwe_title}" if self.cwe_title else f"CWE-{self.cwe}"
        return ((title, cwe_url(self.cwe)), *self.references)

    @property
    def doc(self) -> str:
        """The documentation as markdown, in '## Heading' sections (`sarifbandit rule`, SARIF
        help, docs/rules.md)."""
        return "\n\n".join(f"## {head}\n{text}" for head, text in self.sections.items()) + "\n"

    @property
    def full_description(self) -> str:
        """The *Why is this bad?* paragraphs, for SARIF's fullDescription."""
        return self.why.strip() or self.short

    @property
    def title(self) -> str:
        return self.name.replace("_", " ")


def register(
    node_types: Iterable[Type[ast.AST]], rules: Iterable[Rule], calls: Iterable[str] = ()
) -> Callable[[CheckFunction], CheckFunction]:
    """Register a check that may report any of `rules` (a deny-list family shares one matcher)."""

    patterns = (calls,) if isinstance(calls, str) else tuple(calls)

    def decorate(function: CheckFunction) -> CheckFunction:
        rule_tuple = tuple(rules)
        entry = Check(function, tuple(node_types), rule_tuple, patterns)
        for rule in rule_tuple:
            rule.checks.append(entry)
        return function

    return decorate


@record(frozen=True)
class Region:
    """A span in a file: 1-based lines, 1-based UTF-16 columns, end column exclusive (as SARIF)."""

    start_line: int
    start_column: int
    end_line: int
    end_column: int


#: a finding's snippet is left out above this many characters, and a context line is cut here:
#: a 5 MB minified line holding a thousand findings must not make a report of gigabytes
MAX_SNIPPET_CHARS = 10_000
MAX_CONTEXT_LINE_CHARS = 1_000


def context_line(text: str) -> str:
    """A source line as a context window shows it: cut, with a '…', past the limit. A line
    longer than the limit is always a cut one, so writers needing exact text can tell."""
    if len(text) <= MAX_CONTEXT_LINE_CHARS:
        return text
    return text[:MAX_CONTEXT_LINE_CHARS] + "…"


@record(frozen=True)
class FlowStep:
    """One step of a data-flow path: where untrusted input came from, each assignment or call
    that carried it, and the sink, in execution order (SARIF threadFlowLocation)."""

    path: str
    region: Region
    message: str
    #: 0 in the function that received the input; 1 and more inside the helpers it called
    nesting: int = 0


#: a path longer than this keeps its first and last steps (GitHub shows up to 50 per flow)
MAX_FLOW_STEPS = 50


@record(frozen=True)
class Finding:
    """One result, ready for any writer: everything needing the source was computed in the worker."""

    rule_id: str
    severity: Rank
    confidence: Rank
    message: str
    path: str
    region: Region
    #: ast's 0-based UTF-8 byte offsets of the start and end column (Bandit JSON parity)
    col_offset: int
    end_col_offset: int
    #: source lines the finding spans (SARIF snippet); "" above MAX_SNIPPET_CHARS
    snippet: str
    #: (line number, text) of the context window shown to people (`-n`), lines cut by
    #: context_line
    context: Tuple[Tuple[int, str], ...]
    #: GitHub's primaryLocationLineHash and our own content fingerprint
    fingerprints: Tuple[Tuple[str, str], ...] = ()
    #: the `# nosec` comment that suppressed it, when suppressed findings are kept
    suppressed_by: Optional[str] = None
    #: the lines whose `# nosec` comments may suppress it (the statement it belongs to)
    nosec_lines: Tuple[int, int] = (0, 0)
    #: with --baseline: "new", "unchanged" or "absent" (SARIF baselineState); None without one
    baseline_state: Optional[str] = None
    #: with data flow: the path from the untrusted source to the sink, source first
    flow: Tuple[FlowStep, ...] = ()

    @property
    def line(self) -> int:
        return self.region.start_line

    def sort_key(self) -> tuple:
        return (self.path, self.region.start_line, self.region.start_column, self.rule_id)


class NotificationKind(str, enum.Enum):
    """Where a notification goes in SARIF: tool execution problems or configuration problems."""

    EXECUTION = "execution"
    CONFIGURATION = "configuration"


@record(frozen=True)
class Notification:
    """Something the user should know that is not a finding: a skipped file, an unused nosec ..."""

    level: str  # "error" | "warning" | "note"
    message: str
    path: Optional[str] = None
    line: Optional[int] = None
    column: Optional[int] = None
    kind: NotificationKind = NotificationKind.EXECUTION
    #: a short stable id for the kind of problem, e.g. "parse-error", "unused-nosec"
    code: str = ""
    rule_id: Optional[str] = None
    detail: Optional[str] = None

    def sort_key(self) -> tuple:
        return (self.path or "", self.line or 0, self.code, self.message)


@record(frozen=True)
class FunctionFact:
    """A function, class or method a file defines at its top level (or in a top-level class)."""

    #: dotted name: `app.views.View.get` (the module left out when it is unknown)
    qualname: str
    kind: str  # "function" | "method" | "class"
    #: parameter names in order, `*args` and `**kwargs` marked
    parameters: Tuple[str, ...]
    line: int


@record(frozen=True)
class ImportFact:
    """A name an import binds, with the dotted name it stands for (relative imports resolved)."""

    local: str
    target: str
    line: int


@record(frozen=True)
class CallFact:
    """A call that leaves the file: to a function imported from another module or a library."""

    callee: str
    line: int
    #: ast's 0-based UTF-8 column of the call
    column: int
    #: positional and keyword arguments written at the call
    arguments: int


@record(frozen=True)
class FileFacts:
    """What the other files of a scan may need to know of one file, made by the semantic index
    in the worker (picklable values only): its module, what it exports, what it imports and the
    calls that leave it."""

    module: Optional[str]
    exports: Tuple[FunctionFact, ...] = ()
    imports: Tuple[ImportFact, ...] = ()
    calls: Tuple[CallFact, ...] = ()


@record(frozen=True)
class CallerFact:
    """A call of a function of the scan with sinks inside, and what it gave the parameters that
    reach the sinks of one class there (`sink_class` "*": a function of another module, which
    the link step resolves)."""

    #: the called function: its file and first line ("path:line"), or "?" and the dotted name
    #: the call spells for another module's
    callee: str
    sink_class: str
    line: int
    #: "clean" (fixed text, or input checked for the class), "via:<function>" (nothing but
    #: the calling function's own parameters: its callers decide), "safe:<classes>" (input,
    #: checked for the classes listed only), "unknown" (no input known, but no fixed text)
    verdict: str
    #: for a call of another module's function, the verdict of each argument by its position
    #: ("0", "1", …) or keyword: those the function's sinks read decide
    arguments: Tuple[Tuple[str, str], ...] = ()


@record(frozen=True)
class AwaitingCallers:
    """A finding of a Bandit check whose value is nothing but its function's parameters: what
    every call of the function in the scan passes decides how sure it is (engine.callers)."""

    rule_id: str
    line: int
    column: int
    #: the function ("path:line") and its name
    function: str
    name: str
    sink_class: str
    #: the parameters whose values reach the sink: (position, name)
    params: Tuple[Tuple[int, str], ...] = ()
    #: whether the function is a method called on an object (its first parameter the object)
    method: bool = False


@record
class FileResult:
    """What scanning one file produced; `scanned` is False when the file was skipped."""

    path: str
    scanned: bool = False
    loc: int = 0
    findings: List[Finding] = field(default_factory=list)
    suppressed: List[Finding] = field(default_factory=list)
    notifications: List[Notification] = field(default_factory=list)
    #: whether the result was read from the cache instead of scanned in this run
    from_cache: bool = False
    #: dotted names of calls the file's data flow could not follow inside the file: where
    #: one names a function of another scanned module, the link step scans the file again
    #: with the other modules at hand
    external_calls: Tuple[str, ...] = ()
    #: those of external_calls whose result reaches a sink of the file
    external_results: Tuple[str, ...] = ()
    #: for each of those calls, the (first, last) lines of the functions that met it (the whole
    #: file when its module-level code did): the link step runs again those that met a call
    #: whose answer can change the findings
    external_spans: Tuple[Tuple[str, Tuple[Tuple[int, int], ...]], ...] = ()
    #: what the calls the data flow met gave the parameters of functions with sinks
    callers: Tuple[CallerFact, ...] = ()
    #: the findings those calls decide
    awaiting: Tuple[AwaitingCallers, ...] = ()
    #: the names another module's call may give the functions of `awaiting` (relative to this
    #: module: "export", "Exporter.render", "exporter.render" for a module-level object), and
    #: each function
    waiting_names: Tuple[Tuple[str, str], ...] = ()


@record
class Report:
    """The outcome of a scan, in a deterministic order, for any writer."""

    findings: List[Finding]
    #: findings a `# nosec` comment suppressed
    suppressed: List[Finding]
    #: findings under the severity/confidence thresholds
    filtered_out: int
    notifications: List[Notification]
    files: List[FileResult]
    config: "Config"
    root: Path
    #: when the scan started and finished, in seconds since the epoch (time.time(); writers
    #: format them with writers.common.utc_time, datetime being imported only by those writers)
    started: float
    finished: float
    version: str = ""
    #: whether every target could be read and parsed
    complete: bool = True
    #: per-file lines of code, for Bandit-style metrics
    loc: Dict[str, int] = field(default_factory=dict)
    #: with --baseline --show-absent: baseline findings no longer present (baseline_state "absent")
    absent: List[Finding] = field(default_factory=list)
    #: what the exclusion patterns left out (folders end in '/'), for --verbose
    excluded: List[str] = field(default_factory=list)
    #: the rules the scan ran with, and any other rule a finding names, sorted by id: what
    #: writers describe (SARIF's tool.driver.rules, help links, CWEs), never a global catalogue
    rules: Tuple[Rule, ...] = ()

    def rule(self, rule_id: str) -> Optional[Rule]:
        """The rule of `rule_id` among the report's rules."""
        index = self.__dict__.get("_rule_index")
        if index is None or index[0] is not self.rules:
            index = (self.rules, {rule.id: rule for rule in self.rules})
            self.__dict__["_rule_index"] = index
        return index[1].get(rule_id)

    @property
    def scanned_files(self) -> List[str]:
        return [f.path for f in self.files if f.scanned]

    @property
    def skipped_files(self) -> List[str]:
        return [f.path for f in self.files if not f.scanned]


#: {node class: the checks to run on it}
DispatchTable = Dict[Type[ast.AST], Tuple[Check, ...]]


def dispatch_of(rules: Iterable[Rule]) -> DispatchTable:
    """The dispatch table of `rules`: a check runs once per node even when several of its rules
    are among them."""
    table: Dict[Type[ast.AST], List[Check]] = {}
    for check in iter_rules_checks(rules):
        for node_type in check.node_types:
            table.setdefault(node_type, []).append(check)
    return {node_type: tuple(checks) for node_type, checks in table.items()}


def iter_rules_checks(rules: Iterable[Rule]) -> Iterator[Check]:
    """Each distinct Check of `rules`, once, in first-seen order."""
    seen: set = set()
    for rule in rules:
        for entry in rule.checks:
            if id(entry) not in seen:
                seen.add(id(entry))
                yield entry
