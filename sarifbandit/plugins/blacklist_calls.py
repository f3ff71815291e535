"""Deny-listed calls, B301–B323: one table, one matcher.

A call whose resolved name equals a name of an entry is reported (confidence HIGH, the entry's
severity). The same matcher compares `__import__("m")` / `importlib.import_module("m")`, and any
call named exactly like an import entry (`wsgiref.handlers.CGIHandler()`), with the import table
of blacklist_imports, as Bandit does. Adding an entry is adding one row to CALLS.
"""

from __future__ import annotations

import ast
from typing import Iterator, Optional, Tuple, cast

from ..analysis.context import FileContext
from ..model import HIGH, LOW, Finding, Rule, register
from . import blacklist_imports, random_use
from .denylist import (
    FAMILY_CALL,
    IMPORT_FUNCTIONS,
    DenyEntry,
    called_name,
    deny_rule,
    exact_index,
    loader_of,
)

_PICKLE_WHY = (
    "Unpickling runs whatever the byte stream tells it to: a crafted payload can call any "
    "function, so loading data that someone else controls (a file, a socket, a request, a "
    "cache) hands them code execution."
)
_XML_WHY = (
    "The standard-library XML parsers expand entities, so a small hostile document can exhaust "
    "memory and CPU (billion laughs, quadratic blowup); parsing XML from an untrusted source "
    "with them is a denial-of-service risk."
)
_XML_FIX = (
    "Parse untrusted XML with `defusedxml`, which rejects entity bombs and external entities."
)
_DEFUSEDXML = (("defusedxml", "https://pypi.org/project/defusedxml/"),)
_CRYPTO_REFS = (
    (
        "OWASP Cryptographic Storage Cheat Sheet",
        "https://cheatsheetseries.owasp.org/cheatsheets/Cryptographic_Storage_Cheat_Sheet.html",
    ),
)


def _xml(rule_id: str, name: str, module: str, functions: str, bad: str, good: str) -> DenyEntry:
    """An XML-parser row: the same reason and remedy, different module and functions."""
    return DenyEntry(
        id=rule_id,
        name=name,
        names=tuple(f"{module}.{function}" for function in functions.split()),
        cwe=776,
        short=f"{module} parses XML without protection against entity-expansion attacks.",
        why=_XML_WHY,
        bad=bad,
        good=good,
        fix=_XML_FIX,
        references=_DEFUSEDXML,
    )


def _each(prefixes: str, names: str) -> Tuple[str, ...]:
    """Every `prefix.name` combination, for rows that list the same names under several modules."""
    return tuple(f"{p}.{n}" for p in prefixes.split() for n in names.split())


_URLLIB_NAMES = "urlopen urlretrieve URLopener FancyURLopener"
# Bandit lists Random and ten functions; every other generator of the module is as predictable
_RANDOM_NAMES = " ".join(["Random", *sorted(random_use.GENERATORS)])

CALLS: Tuple[DenyEntry, ...] = (
    DenyEntry(
        id="B301",
        name="pickle",
        names=(
            *_each("pickle dill", "loads load Unpickler"),
            "shelve.open",
            "shelve.DbfilenameShelf",
            "jsonpickle.decode",
            "jsonpickle.unpickler.decode",
            "jsonpickle.unpickler.Unpickler",
            "pandas.read_pickle",
        ),
        cwe=502,
        short="Unpickling data can run arbitrary code.",
        why=_PICKLE_WHY,
        bad="import pickle\nsession = pickle.loads(cookie_bytes)",
        good="import json\nsession = json.loads(cookie_bytes)",
        fix="Exchange data in a format that cannot carry code, such as JSON; if pickles must "
        "cross a trust boundary, authenticate them (HMAC) before loading.",
        references=(("pickle security", "https://docs.python.org/3/library/pickle.html"),),
    ),
    DenyEntry(
        id="B302",
        name="marshal",
        names=("marshal.load", "marshal.loads"),
        cwe=502,
        short="marshal is not safe for data from untrusted sources.",
        why="`marshal` is Python's internal code-object format: it makes no attempt to resist "
        "malformed or malicious input, and a crafted stream can crash the interpreter or build "
        "code objects.",
        bad="import marshal\nvalue = marshal.loads(payload)",
        good="import json\nvalue = json.loads(payload)",
        fix="Use a data format meant for interchange, such as JSON.",
        references=(("marshal", "https://docs.python.org/3/library/marshal.html"),),
    ),
    DenyEntry(
        id="B303",
        name="md5",
        names=(
            *_each("Crypto.Hash Cryptodome.Hash", "MD2.new MD4.new MD5.new SHA.new"),
            "cryptography.hazmat.primitives.hashes.MD5",
            "cryptography.hazmat.primitives.hashes.SHA1",
        ),
        cwe=328,
        short="MD2, MD4, MD5 and SHA-1 are broken hash functions.",
        why="Collisions for these hashes can be computed cheaply, so they cannot vouch for the "
        "integrity of data or serve as signatures, and they are far too fast for passwords.",
        bad="from Crypto.Hash import MD5\ndigest = MD5.new(data).hexdigest()",
        good="import hashlib\ndigest = hashlib.sha256(data).hexdigest()",
        fix="Use SHA-256 or better (or a password hash such as scrypt or argon2 for passwords).",
        references=_CRYPTO_REFS,
    ),
    DenyEntry(
        id="B304",
        name="ciphers",
        names=(
            *_each(
                "Crypto.Cipher Cryptodome.Cipher",
                "ARC2.new ARC4.new Blowfish.new DES.new XOR.new",
            ),
            *_each(
                "cryptography.hazmat.primitives.ciphers.algorithms",
                "ARC4 Blowfish CAST5 IDEA SEED TripleDES",
            ),
        ),
        cwe=327,
        severity=HIGH,
        short="The cipher used is broken or has too small a block or key size.",
        why="RC2, RC4, Blowfish, DES, 3DES, CAST5, IDEA, SEED and XOR are broken or have "
        "64-bit blocks or short keys that make practical attacks possible.",
        bad="from Crypto.Cipher import DES\ncipher = DES.new(key, DES.MODE_CBC, iv)",
        good="from cryptography.hazmat.primitives.ciphers.aead import AESGCM\n"
        "sealed = AESGCM(key).encrypt(nonce, data, None)",
        fix="Use AES (in an authenticated mode such as GCM) or ChaCha20-Poly1305.",
        references=_CRYPTO_REFS,
    ),
    DenyEntry(
        id="B305",
        name="cipher_modes",
        names=("cryptography.hazmat.primitives.ciphers.modes.ECB",),
        cwe=327,
        short="ECB mode encrypts equal blocks to equal ciphertext.",
        why="Electronic codebook mode encrypts every block independently, so patterns in the "
        "plaintext show through in the ciphertext and blocks can be reordered unnoticed.",
        bad="from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes\n"
        "cipher = Cipher(algorithms.AES(key), modes.ECB())",
        good="from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes\n"
        "cipher = Cipher(algorithms.AES(key), modes.GCM(nonce))",
        fix="Use an authenticated mode such as GCM (or CTR/CBC with a MAC).",
        references=_CRYPTO_REFS,
    ),
    DenyEntry(
        id="B306",
        name="mktemp_q",
        names=("tempfile.mktemp",),
        cwe=377,
        short="tempfile.mktemp() returns a name another process can take first.",
        why="`mktemp` only returns a file name that did not exist when it looked; between that "
        "moment and the file's creation an attacker can create it (or a symlink) themselves.",
        bad="import tempfile\npath = tempfile.mktemp()\nopen(path, 'w').write(data)",
        good="import tempfile\nwith tempfile.NamedTemporaryFile('w', delete=False) as handle:\n"
        "    handle.write(data)",
        fix="Let `tempfile` create the file atomically: `mkstemp`, `NamedTemporaryFile` or "
        "`TemporaryDirectory`.",
        references=(("tempfile.mktemp", "https://docs.python.org/3/library/tempfile.html"),),
    ),
    DenyEntry(
        id="B307",
        name="eval",
        names=("eval",),
        cwe=95,
        short="eval() runs any expression it is given.",
        why="`eval` evaluates arbitrary Python; input that reaches it can run any code, read "
        "files or call the operating system.",
        bad="value = eval(request.args['n'])",
        good="import ast\nvalue = ast.literal_eval(request.args['n'])",
        fix="Use `ast.literal_eval` for Python literals, or a real parser such as `json.loads`.",
    ),
    DenyEntry(
        id="B308",
        name="mark_safe",
        names=("django.utils.safestring.mark_safe",),
        cwe=79,
        short="mark_safe() turns off HTML escaping for its argument.",
        why="Django escapes everything it renders unless told a string is safe; marking text "
        "that contains user input as safe lets that input inject script into the page.",
        bad="from django.utils.safestring import mark_safe\nhtml = mark_safe(f'<b>{name}</b>')",
        good="from django.utils.html import format_html\nhtml = format_html('<b>{}</b>', name)",
        fix="Build HTML with `format_html` (which escapes its arguments) or in a template.",
        references=(
            (
                "Django: mark_safe",
                "https://docs.djangoproject.com/en/stable/ref/utils/#django.utils.safestring.mark_safe",
            ),
        ),
    ),
    DenyEntry(
        id="B310",
        name="urllib_urlopen",
        names=_each("urllib.request six.moves.urllib.request", _URLLIB_NAMES),
        cwe=22,
        short="urllib opens file: and other schemes as well as http(s).",
        why="`urlopen` and its relatives accept any scheme, including `file://`; a URL that "
        "comes from outside can make the program read local files instead of a web resource.",
        bad="import urllib.request\nbody = urllib.request.urlopen(url).read()",
        good="import urllib.request\nif not url.startswith(('https://', 'http://')):\n"
        "    raise ValueError(url)\nbody = urllib.request.urlopen(url).read()  # nosec B310",
        fix="Check the scheme against an allow list before opening, or use an HTTP client such "
        "as `requests` that only speaks HTTP.",
    ),
    DenyEntry(
        id="B311",
        name="random",
        names=_each("random", _RANDOM_NAMES),
        cwe=338,
        severity=LOW,
        short="The random module is predictable and unfit for security purposes.",
        why="`random` is a Mersenne Twister: after seeing some outputs anyone can predict the "
        "rest, so tokens, passwords, salts or nonces drawn from it can be guessed.\n\n"
        "Every generator function of the module is flagged (Bandit lists ten), and the methods "
        "of `random.Random` instances; `random.SystemRandom` is not. The confidence follows "
        "the value: HIGH when it is assigned to, passed as, or returned for a name of a "
        "token, password, secret, session, cookie, key, salt, nonce, OTP, CSRF or reset code "
        "(the message names it); LOW when it goes to jitter, a delay or backoff, a sleep, "
        "sampling, shuffling or colours, or in test code (tests/, test_*.py, *_test.py, "
        "conftest.py); otherwise HIGH, as in Bandit.",
        bad="import random\ntoken = ''.join(random.choice(ALPHABET) for _ in range(32))",
        good="import secrets\ntoken = secrets.token_urlsafe(32)",
        fix="Use `secrets` (or `random.SystemRandom`) wherever the value must be unguessable.",
        references=(("secrets", "https://docs.python.org/3/library/secrets.html"),),
    ),
    DenyEntry(
        id="B312",
        name="telnetlib",
        names=("telnetlib.Telnet",),
        cwe=319,
        severity=HIGH,
        short="Telnet sends everything, passwords included, in clear text.",
        why="Anyone on the network path can read and alter a Telnet session, including the "
        "credentials typed into it.",
        bad="import telnetlib\nsession = telnetlib.Telnet(host)",
        good="import paramiko\nclient = paramiko.SSHClient()\nclient.connect(host)",
        fix="Use SSH.",
    ),
    _xml(
        "B313",
        "xml_bad_cElementTree",
        "xml.etree.cElementTree",
        "parse iterparse fromstring XMLParser",
        bad="import xml.etree.cElementTree as ET\ntree = ET.fromstring(untrusted)",
        good="import defusedxml.ElementTree as ET\ntree = ET.fromstring(untrusted)",
    ),
    _xml(
        "B314",
        "xml_bad_ElementTree",
        "xml.etree.ElementTree",
        "parse iterparse fromstring XMLParser",
        bad="import xml.etree.ElementTree as ET\ntree = ET.fromstring(untrusted)",
        good="import defusedxml.ElementTree as ET\ntree = ET.fromstring(untrusted)",
    ),
    _xml(
        "B315",
        "xml_bad_expatreader",
        "xml.sax.expatreader",
        "create_parser",
        bad="from xml.sax import expatreader\nparser = expatreader.create_parser()",
        good="from defusedxml import expatreader\nparser = expatreader.create_parser()",
    ),
    _xml(
        "B316",
        "xml_bad_expatbuilder",
        "xml.dom.expatbuilder",
        "parse parseString",
        bad="from xml.dom import expatbuilder\ndoc = expatbuilder.parseString(untrusted)",
        good="from defusedxml import expatbuilder\ndoc = expatbuilder.parseString(untrusted)",
    ),
    _xml(
        "B317",
        "xml_bad_sax",
        "xml.sax",
        "parse parseString make_parser",
        bad="import xml.sax\nxml.sax.parseString(untrusted, handler)",
        good="import defusedxml.sax\ndefusedxml.sax.parseString(untrusted, handler)",
    ),
    _xml(
        "B318",
        "xml_bad_minidom",
        "xml.dom.minidom",
        "parse parseString",
        bad="from xml.dom import minidom\ndoc = minidom.parseString(untrusted)",
        good="from defusedxml import minidom\ndoc = minidom.parseString(untrusted)",
    ),
    _xml(
        "B319",
        "xml_bad_pulldom",
        "xml.dom.pulldom",
        "parse parseString",
        bad="from xml.dom import pulldom\nevents = pulldom.parseString(untrusted)",
        good="from defusedxml import pulldom\nevents = pulldom.parseString(untrusted)",
    ),
    DenyEntry(
        id="B321",
        name="ftplib",
        names=("ftplib.FTP",),
        cwe=319,
        severity=HIGH,
        short="FTP sends credentials and data in clear text.",
        why="Plain FTP has no encryption: the login and every transferred file can be read and "
        "changed by anyone on the network path.",
        bad="import ftplib\nserver = ftplib.FTP(host)\nserver.login(user, secret)",
        good="import ftplib\nserver = ftplib.FTP_TLS(host)\nserver.login(user, secret)\n"
        "server.prot_p()",
        fix="Use SFTP, or FTP over TLS (`ftplib.FTP_TLS` with `prot_p()`).",
    ),
    DenyEntry(
        id="B323",
        name="unverified_context",
        names=("ssl._create_unverified_context",),
        cwe=295,
        short="An unverified SSL context accepts any certificate.",
        why="`ssl._create_unverified_context()` checks neither the certificate chain nor the "
        "host name, so anyone able to intercept the connection can impersonate the server.",
        bad="import ssl\ncontext = ssl._create_unverified_context()",
        good="import ssl\ncontext = ssl.create_default_context()",
        fix="Use `ssl.create_default_context()`, adding your own CA file if needed.",
        references=(("PEP 476", "https://peps.python.org/pep-0476/"),),
    ),
)

RULES: Tuple[Rule, ...] = tuple(deny_rule(entry, FAMILY_CALL) for entry in CALLS)

# every entry of both lists, lowest id first, so a name in two rows reports the first only
_INDEX = exact_index(RULES + blacklist_imports.RULES, CALLS + blacklist_imports.IMPORTS)


@register([ast.Call], RULES + blacklist_imports.RULES)
def check(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    qualname = ctx.qualname(node)
    # almost every call is neither listed nor a loader: leave those after two set lookups
    if qualname not in _INDEX and qualname not in IMPORT_FUNCTIONS:
        func = node.func
        if not (isinstance(func, ast.Name) and func.id == "__import__"):
            method = random_use.instance_method(node, ctx)
            if method is not None:
                yield _random(node, ctx, method, "called on a random.Random instance")
            return
    name = called_name(node, ctx)
    hit = _INDEX.get(name) if name is not None else None
    if hit is None:
        return
    rule, entry = hit
    if rule is _B311:
        yield _random(node, ctx, cast(str, name), "called")
        return
    loader = loader_of(node, ctx)
    if loader is None:
        message = f"{name}() called: {entry.short_reason}"
    else:
        message = f"{name} loaded with {loader}(): {entry.short_reason}"
    yield ctx.finding(rule, node, message, confidence=HIGH)


_B311, _B311_ENTRY = _INDEX["random.random"]


def _random(node: ast.Call, ctx: FileContext, name: str, how: str) -> Optional[Finding]:
    """B311, rated by where the value goes (random_use): HIGH when it reaches a secret's name,
    LOW for jitter, sampling, shuffling or test code, Bandit's HIGH otherwise."""
    function = name.rsplit(".", 1)[-1]
    confidence, reason = random_use.rate(node, function, ctx)
    return ctx.finding(
        _B311,
        node,
        f"{name}() {how}: {_B311_ENTRY.short_reason.rstrip('.')}{reason}",
        confidence=confidence or HIGH,
    )
