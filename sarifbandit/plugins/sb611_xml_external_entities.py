"""SB611 xml_external_entities: An XML parser is configured to resolve external entities or fetch DTDs."""

from __future__ import annotations

import ast
from typing import Iterator, Optional

from ..analysis.context import FileContext
from ..analysis.nodes import argument, keyword, last_name
from ..analysis.taint.check import flow_check
from ..analysis.taint.library import DTD_LOADING, LXML_PARSERS, SAX_READER
from ..model import HIGH, MEDIUM, Finding, Rank, Rule

RULE = Rule(
    id="SB611",
    name="xml_external_entities",
    severity=HIGH,
    confidence=HIGH,
    cwe=611,
    cwe_title="Improper Restriction of XML External Entity Reference",
    short="An XML parser is configured to resolve external entities or fetch DTDs.",
    test_name="xml_external_entities",
    what="""Flags XML parsers configured to resolve external entities:

- lxml parsers (`lxml.etree.XMLParser`, `XMLPullParser`, `ETCompatXMLParser`, `iterparse`,
  `lxml.objectify.makeparser`) created with `resolve_entities=True`;
- the same parsers with `no_network=False` when they also load a DTD (`load_dtd`,
  `dtd_validation` or `attribute_defaults` turned on) or resolve entities: the document's
  DTD or entity URLs are then fetched over the network;
- `xml.sax` parsers (`xml.sax.make_parser()`, the parser given to `xml.dom.pulldom`) on which
  `setFeature(feature_external_ges, True)` or `setFeature(feature_external_pes, True)` is
  called (also written as the feature's URL).

The finding points at the flag's value and names the flag. Its confidence is HIGH when the
value is the constant `True` (or `False` for `no_network`), also when read from a name (or
`not` of one) that every assignment reaching it gives that constant, and MEDIUM when it is
computed. A name that holds the safe constant (`EXPAND = False`) is not reported. A parser that
comes from `defusedxml` is not reported.

With data flow on, an lxml parser is judged by what it parses. Where untrusted input reaches a
parse by such a parser (`fromstring`, `XML`, `parse`, `iterparse`, a parser's `feed`), the
finding is at that parse, with the path the input took; a parser whose every parse in the
function that makes it (in the module, for a module's parser) reads text the code fixes is not
reported. A parser the data flow cannot follow to a parse keeps the finding at its flag.

lxml 5.0 changed the default of `resolve_entities` from `True` to `'internal'` (entities
declared in the document itself, never external ones), and `no_network` defaults to `True`,
so only a flag turned on explicitly is reported. `huge_tree=True` is not reported: it lifts
libxml2's size limits (a denial-of-service concern, CWE-776) but resolves nothing external.
Neither is `load_dtd=True` on its own: with entities kept internal and the network closed,
it only reads a DTD.""",
    why="""An external entity (`<!ENTITY x SYSTEM "file:///etc/passwd">`) makes the parser read the file
or URL it names and put its content into the document: an attacker who controls the XML reads
files from the server, reaches internal services through it (server-side request forgery) or
exhausts it by pointing at an endless stream.""",
    example="""```python
from lxml import etree
parser = etree.XMLParser(resolve_entities=True)
tree = etree.fromstring(data, parser)

import xml.sax
from xml.sax.handler import feature_external_ges
reader = xml.sax.make_parser()
reader.setFeature(feature_external_ges, True)
```""",
    use_instead="""```python
from lxml import etree
parser = etree.XMLParser(resolve_entities=False, no_network=True)
tree = etree.fromstring(data, parser)

import defusedxml.sax
reader = defusedxml.sax.make_parser()   # forbids external entities
```""",
    references=(
        ("lxml: Parser options", "https://lxml.de/parsing.html#parser-options"),
        (
            "Python: XML vulnerabilities",
            "https://docs.python.org/3/library/xml.html#xml-vulnerabilities",
        ),
        (
            "OWASP: XML External Entity Prevention Cheat Sheet",
            "https://cheatsheetseries.owasp.org/cheatsheets/XML_External_Entity_Prevention_Cheat_Sheet.html",
        ),
    ),
)

#: SAX feature names (constants of xml.sax.handler) and the URLs they stand for
_SAX_FEATURES = {
    "feature_external_ges": "feature_external_ges",
    "feature_external_pes": "feature_external_pes",
    "http://xml.org/sax/features/external-general-entities": "feature_external_ges",
    "http://xml.org/sax/features/external-parameter-entities": "feature_external_pes",
}


def _flag(node: Optional[ast.AST], ctx: FileContext) -> Optional[bool]:
    """The flag `node` sets where the code fixes it (a constant, `not` of one, an expression of
    constants, a name every assignment reaching it gives one: see FileContext.constant_of);
    None when it is computed. Text is off: `resolve_entities="internal"` keeps external
    entities out."""
    known, value = ctx.constant_of(node)
    if not known:
        return None
    return False if isinstance(value, (str, bytes)) else bool(value)


def _turned_on(node: Optional[ast.AST], ctx: FileContext) -> bool:
    return node is not None and _flag(node, ctx) is not False


def _confidence(node: ast.AST, ctx: FileContext) -> Rank:
    return MEDIUM if _flag(node, ctx) is None else HIGH


@RULE.check(
    ast.Call,
    calls=("XMLParser", "XMLPullParser", "ETCompatXMLParser", "iterparse", "makeparser"),
)
def check_lxml(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    qualname = ctx.qualname(node)
    if qualname not in LXML_PARSERS or _judged_by_its_data(node, ctx):
        return
    resolve = keyword(node, "resolve_entities")
    if _turned_on(resolve, ctx):
        assert resolve is not None
        yield ctx.finding(
            RULE,
            resolve,
            f"{qualname}(resolve_entities=...) lets the document's external entities read "
            "files and URLs",
            confidence=_confidence(resolve, ctx),
        )
    network = keyword(node, "no_network")
    if network is None or _flag(network, ctx) is True:
        return
    loading = [name for name in DTD_LOADING if _turned_on(keyword(node, name), ctx)]
    if _turned_on(resolve, ctx):
        loading.append("resolve_entities")
    if loading:
        yield ctx.finding(
            RULE,
            network,
            f"{qualname}(no_network=...) with {', '.join(loading)} lets the document make the "
            "server fetch the DTD or entity URLs it names",
            confidence=_confidence(network, ctx),
        )


def _judged_by_its_data(parser: ast.Call, ctx: FileContext) -> bool:
    """Whether the parses of the function making the parser (of the module, for a module's
    parser) tell more than its flags: input reaches one (reported there, with its path), or
    each reads text the code fixes (no document of an attacker's is ever parsed)."""
    flows = ctx.flows
    if flows is None:
        return False
    flows.ensure([(parser.lineno, parser.col_offset)])
    scope = ctx.enclosing_function(parser)
    first = getattr(scope, "lineno", 1)
    last = getattr(scope, "end_lineno", None) or (first if scope else 1 << 30)

    def here(call: ast.AST) -> bool:
        return first <= getattr(call, "lineno", 0) <= last

    def lxml_parse(call: ast.AST) -> bool:  # not the standard library's parsers (B313-B319)
        func = getattr(call, "func", None)
        return ctx.qualname(call).startswith("lxml.") or getattr(func, "attr", "") == "feed"

    hits = flows.all_hits()
    if any(h.sink_class == "xxe" and h.sink.startswith("lxml.") and here(h.anchor) for h in hits):
        return True
    parsed = [v for call, v in flows.sink_arguments("xxe") if here(call) and lxml_parse(call)]
    return bool(parsed) and all(value.known for value in parsed)


def _defused(receiver: ast.AST, node: ast.Call, ctx: FileContext) -> bool:
    """Whether the parser `receiver` was made by defusedxml: the call itself, or a name bound
    to such a call in the same function (or module)."""
    if isinstance(receiver, ast.Call):
        return ctx.qualname(receiver).startswith("defusedxml.")
    if not isinstance(receiver, ast.Name):
        return False
    scope = ctx.enclosing_function(node) or ctx.tree
    for statement in ast.walk(scope):
        if (
            isinstance(statement, ast.Assign)
            and isinstance(statement.value, ast.Call)
            and any(isinstance(t, ast.Name) and t.id == receiver.id for t in statement.targets)
            and ctx.qualname(statement.value).startswith("defusedxml.")
        ):
            return True
    return False


def _feature(node: Optional[ast.AST]) -> Optional[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return _SAX_FEATURES.get(node.value)
    if node is not None and last_name(node).startswith("feature_external_"):
        return _SAX_FEATURES.get(last_name(node))
    return None


@RULE.check(ast.Call, calls=("setFeature",))
def check_sax(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    if not isinstance(node.func, ast.Attribute) or node.func.attr != "setFeature":
        return
    feature = _feature(argument(node, 0, "name"))
    state = argument(node, 1, "state")
    if feature is None or not _turned_on(state, ctx) or _defused(node.func.value, node, ctx):
        return
    assert state is not None
    yield ctx.finding(
        RULE,
        state,
        f"setFeature({feature}, ...) makes the SAX parser resolve external entities",
        confidence=_confidence(state, ctx),
    )


# untrusted input parsed by a parser that resolves external entities: reported at the parse
flow_check(RULE, "xxe", only=lambda hit: hit.sink.startswith(("lxml.", SAX_READER)))
