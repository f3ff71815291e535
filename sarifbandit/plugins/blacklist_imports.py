"""Deny-listed imports, B401–B415: one table, one matcher.

An imported dotted name (`m` for `import m`, `m.n` for `from m import n`, the relative level
dropped) is reported when it starts with a prefix of an entry, so `import pickletools` is B403
as in Bandit. Each alias of a statement is matched on its own: `import subprocess, pickle`
reports B404 and B403, where Bandit reports only the first. An alias gets at most one id, the
lowest that matches, and aliases of one deny-listed module share one finding. `__import__("m")`, importlib loaders and calls named exactly like an entry
are matched by the call matcher in blacklist_calls.
"""

from __future__ import annotations

import ast
from typing import Dict, Iterator, List, Optional, Tuple

from ..analysis.context import FileContext
from ..model import HIGH, LOW, Finding, Rule, register
from .denylist import FAMILY_IMPORT, DenyEntry, deny_rule, first_prefix_match, imported_names

_CLEAR_TEXT_WHY = (
    "The protocol has no encryption: credentials and data cross the network in clear text, "
    "readable and changeable by anyone on the path."
)
_XML_WHY = (
    "The standard-library XML parsers expand entities, so a small hostile document can exhaust "
    "memory and CPU; importing them is where untrusted XML parsing usually starts."
)
_XML_FIX = "Import the `defusedxml` equivalent, or make sure only trusted XML is parsed."
_DEFUSEDXML = (("defusedxml", "https://pypi.org/project/defusedxml/"),)


def _xml(
    rule_id: str, label: str, name: str, modules: Tuple[str, ...], bad: str, good: str
) -> DenyEntry:
    """An XML-module row: the same reason and remedy, different modules."""
    return DenyEntry(
        id=rule_id,
        name=name,
        names=modules,
        cwe=776,
        severity=LOW,
        short=f"The {label} parsers are open to entity-expansion attacks on untrusted XML.",
        why=_XML_WHY,
        bad=bad,
        good=good,
        fix=_XML_FIX,
        references=_DEFUSEDXML,
    )


IMPORTS: Tuple[DenyEntry, ...] = (
    DenyEntry(
        id="B401",
        name="import_telnetlib",
        names=("telnetlib",),
        cwe=319,
        severity=HIGH,
        short="Telnet sends everything, passwords included, in clear text.",
        why=_CLEAR_TEXT_WHY,
        bad="import telnetlib",
        good="import paramiko",
        fix="Use SSH instead of Telnet.",
    ),
    DenyEntry(
        id="B402",
        name="import_ftplib",
        names=("ftplib",),
        cwe=319,
        severity=HIGH,
        short="FTP sends credentials and data in clear text.",
        why=_CLEAR_TEXT_WHY,
        bad="from ftplib import FTP",
        good="import paramiko  # SFTP",
        fix="Use SFTP, or FTP over TLS (`ftplib.FTP_TLS` with `prot_p()`) and mark the import "
        "reviewed with `# nosec B402`.",
    ),
    DenyEntry(
        id="B403",
        name="import_pickle",
        names=("pickle", "cPickle", "dill", "shelve"),
        cwe=502,
        severity=LOW,
        short="Pickle-based modules can run arbitrary code when loading data.",
        why="`pickle`, `dill` and `shelve` rebuild objects by calling whatever the data names; "
        "loading data someone else controls gives them code execution.",
        bad="import pickle",
        good="import json",
        fix="Exchange data as JSON or another format that cannot carry code.",
        references=(("pickle security", "https://docs.python.org/3/library/pickle.html"),),
    ),
    DenyEntry(
        id="B404",
        name="import_subprocess",
        names=("subprocess",),
        cwe=78,
        severity=LOW,
        short="subprocess runs external commands; check how each call builds its command.",
        why="Commands built from outside input can run programs the author never intended, "
        "above all with `shell=True`. The import marks where to review the calls "
        "(B602–B607 check them one by one).",
        bad="import subprocess",
        good="import shlex\nimport subprocess  # nosec B404 - commands are fixed lists",
        fix="Pass commands as lists of fixed strings without a shell, and mark the reviewed "
        "import with `# nosec B404`.",
    ),
    _xml(
        "B405",
        "ElementTree",
        "import_xml_etree",
        ("xml.etree.cElementTree", "xml.etree.ElementTree"),
        bad="import xml.etree.ElementTree as ET",
        good="import defusedxml.ElementTree as ET",
    ),
    _xml(
        "B406",
        "SAX",
        "import_xml_sax",
        ("xml.sax",),
        bad="import xml.sax",
        good="import defusedxml.sax",
    ),
    _xml(
        "B407",
        "expatbuilder",
        "import_xml_expat",
        ("xml.dom.expatbuilder",),
        bad="from xml.dom import expatbuilder",
        good="from defusedxml import expatbuilder",
    ),
    _xml(
        "B408",
        "minidom",
        "import_xml_minidom",
        ("xml.dom.minidom",),
        bad="from xml.dom import minidom",
        good="from defusedxml import minidom",
    ),
    _xml(
        "B409",
        "pulldom",
        "import_xml_pulldom",
        ("xml.dom.pulldom",),
        bad="from xml.dom import pulldom",
        good="from defusedxml import pulldom",
    ),
    DenyEntry(
        id="B411",
        name="import_xmlrpclib",
        names=("xmlrpc",),
        cwe=776,
        severity=HIGH,
        short="XML-RPC parses untrusted XML with the vulnerable standard-library parser.",
        why="`xmlrpc` (and Python 2's `xmlrpclib`) decode requests and responses with expat, "
        "open to entity-expansion attacks from the other side of the connection.",
        bad="from xmlrpc.server import SimpleXMLRPCServer",
        good="import defusedxml.xmlrpc\ndefusedxml.xmlrpc.monkey_patch()",
        fix="Call `defusedxml.xmlrpc.monkey_patch()` before using XML-RPC, or use another "
        "protocol.",
        references=_DEFUSEDXML,
    ),
    DenyEntry(
        id="B412",
        name="import_httpoxy",
        names=(
            "wsgiref.handlers.CGIHandler",
            "twisted.web.twcgi.CGIScript",
            "twisted.web.twcgi.CGIDirectory",
        ),
        cwe=284,
        severity=HIGH,
        short="CGI handlers are exposed to httpoxy: the Proxy header becomes HTTP_PROXY.",
        why="Under CGI a request's `Proxy:` header arrives as the `HTTP_PROXY` environment "
        "variable, which HTTP clients honour; an attacker can route the application's "
        "outgoing requests through a proxy of their choosing.",
        bad="from wsgiref.handlers import CGIHandler",
        good="from wsgiref.simple_server import make_server",
        fix="Serve the application with a WSGI server rather than a CGI handler.",
        references=(("httpoxy", "https://httpoxy.org/"),),
    ),
    DenyEntry(
        id="B413",
        name="import_pycrypto",
        names=tuple(
            f"Crypto.{package}"
            for package in "Cipher Hash IO Protocol PublicKey Random Signature Util".split()
        ),
        cwe=1104,
        severity=HIGH,
        short="PyCrypto is unmaintained and has known vulnerabilities.",
        why="The `pycrypto` package has had no release since 2013 and has unfixed security "
        "bugs, such as a heap overflow in its AES code (CVE-2013-7459).",
        bad="from Crypto.Cipher import AES",
        good="from cryptography.hazmat.primitives.ciphers.aead import AESGCM",
        fix="Use `cryptography`, or `pycryptodomex` (imported as `Cryptodome`).",
        references=(("CVE-2013-7459", "https://nvd.nist.gov/vuln/detail/CVE-2013-7459"),),
    ),
    DenyEntry(
        id="B415",
        name="import_pyghmi",
        names=("pyghmi",),
        cwe=319,
        severity=HIGH,
        short="IPMI, spoken by pyghmi, has weak authentication and encryption.",
        why="IPMI exposes server management with protocol-level weaknesses (such as handing "
        "out password hashes before authentication); it should not cross untrusted networks.",
        bad="from pyghmi.ipmi import command",
        good="import redfish  # the Redfish API over HTTPS",
        fix="Manage hardware over Redfish/HTTPS, or keep IPMI on an isolated network and mark "
        "the import reviewed.",
    ),
)

RULES: Tuple[Rule, ...] = tuple(deny_rule(entry, FAMILY_IMPORT) for entry in IMPORTS)
_HITS = tuple(zip(RULES, IMPORTS))
_BY_ID = {rule.id: (rule, entry) for rule, entry in _HITS}


@register([ast.Import, ast.ImportFrom], RULES)
def check(node: ast.AST, ctx: FileContext) -> Iterator[Optional[Finding]]:
    # one finding per deny-listed module a statement imports, at its first alias:
    # `from subprocess import Popen, run` is one B404, `import pickle, telnetlib` is B403 and B401
    found: Dict[Tuple[str, str], Tuple[ast.AST, List[str]]] = {}
    for where, name in imported_names(node):
        hit = first_prefix_match(name, _HITS)
        if hit is not None:
            module = next(prefix for prefix in hit[1].names if name.startswith(prefix))
            found.setdefault((hit[0].id, module), (where, []))[1].append(name)
    for (rule_id, _), (where, names) in found.items():
        rule, entry = _BY_ID[rule_id]
        yield ctx.finding(
            rule, where, f"{', '.join(names)} imported: {entry.short_reason}", confidence=HIGH
        )
