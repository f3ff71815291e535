"""Hard-coded credentials, B105–B107: one name matcher for passwords, tokens and secrets.

A name counts as a credential when, ignoring case, it is one of the words `password` (and its
misspellings `passwd`, `pasword`, `passsword` ...), `pass`, `passphrase`, `pwd`, `token`,
`secret` or `secrete`, or contains one of them as a whole `_`-separated part (`db_password`,
`PASSWORD_HASH`, `user_pwd_old`); `tokens` or `passwords` do not count.

The value reported is always a literal. Every finding Bandit makes is kept; the confidence
says what the context shows (and the message says why): LOW for an empty string, a placeholder
(`"<password>"`, `"***"`, `"${TOKEN}"`), a non-string dict value (`{"token": None}`), a name
that holds a field, key, header or type name rather than a secret (`PASSWORD_FIELD =
"password"`, `token_type = "Bearer"`), a comparison with a lexer or parser token's type
(`token_type == "lparen"`), and an entry of a mapping of labels, widgets or messages
(`labels["password"] = "Password"`). Otherwise Bandit's MEDIUM.
"""

from __future__ import annotations

import ast
import re
from typing import Any, Iterator, Optional, Tuple

from ..analysis.context import FileContext
from ..analysis.nodes import positional_defaults
from ..model import LOW, MEDIUM, Finding, Rank, Rule
from ..regex import lazy

_WORDS = r"pas+wo?r?d|pass(?:phrase)?|pwd|token|secrete?"
#: the word alone, or as a part delimited by `_` or the ends of the name
_CREDENTIAL_NAME = lazy(rf"(?:^|_)(?:{_WORDS})(?:_|$)", re.IGNORECASE)

_REFERENCES = (
    (
        "OWASP: Use of hard-coded password",
        "https://owasp.org/www-community/vulnerabilities/Use_of_hard-coded_password",
    ),
)

B105 = Rule(
    id="B105",
    name="hardcoded_password_string",
    severity=LOW,
    confidence=MEDIUM,
    cwe=259,
    cwe_title="Use of Hard-coded Password",
    short="A string literal is assigned to, compared with, or stored under a credential name.",
    test_name="hardcoded_password_string",
    what="""Flags a string literal that a credential-like name (see below) receives or is checked against:
- assigned to it: `password = "hunter2"`, `self.api_token = "abc"` (plain `=` only);
- stored under such a key: `{"password": "hunter2"}` (any literal value is reported),
  `settings["secret"] = "abc"`;
- compared with it: `if password == "hunter2":` (the name on the left).

A name is credential-like when it is, or contains as a `_`-separated part, one of `password`
(and misspellings such as `passwd`), `pass`, `passphrase`, `pwd`, `token`, `secret`.

Every such literal is reported, as Bandit does; the confidence says what the context shows, and
the message says why it is LOW: an empty string or a placeholder (`"<password>"`, `"***"`,
`"${TOKEN}"`), a dict value that is not a string, a name that holds a field, header, type or URL
rather than the secret (`PASSWORD_FIELD = "password"`, `token_type = "Bearer"`, `TOKEN_URL`), a
value that is the name itself (`PASSWORD = "password"`), a token's type compared with a literal
(`token_type == "lparen"`, a lexer's token), and entries of mappings that describe form fields
(`labels["password"] = "Password"`). Otherwise MEDIUM.""",
    why="""A secret in the source is shared with everyone who can read the repository, its history, the
built package or a stack trace, and it cannot be rotated without a release.""",
    example="""```python
DATABASE_PASSWORD = "s3cr3t"
```""",
    use_instead="""Read it from the environment or a secret store at run time:
```python
import os
DATABASE_PASSWORD = os.environ["DATABASE_PASSWORD"]
```""",
    references=_REFERENCES,
)

B106 = Rule(
    id="B106",
    name="hardcoded_password_funcarg",
    severity=LOW,
    confidence=MEDIUM,
    cwe=259,
    cwe_title="Use of Hard-coded Password",
    short="A string literal is passed as a keyword argument with a credential name.",
    test_name="hardcoded_password_funcarg",
    what="""Flags calls passing a string literal to a keyword argument with a credential-like name
(`connect(password="hunter2")`, `Client(api_token="abc")`); every such argument of the call is
reported, at the literal. The names are matched, and the confidence set, as for B105 (LOW for
an empty string, a placeholder, `token_type="bearer"`).""",
    why="""The secret is written into the code, visible to anyone with access to the source or the
package, and the same everywhere the code runs.""",
    example="""```python
db = connect(host="db", user="app", password="s3cr3t")
```""",
    use_instead="""```python
import os
db = connect(host="db", user="app", password=os.environ["DB_PASSWORD"])
```""",
    references=_REFERENCES,
)

B107 = Rule(
    id="B107",
    name="hardcoded_password_default",
    severity=LOW,
    confidence=MEDIUM,
    cwe=259,
    cwe_title="Use of Hard-coded Password",
    short="A function parameter with a credential name has a string literal as its default.",
    test_name="hardcoded_password_default",
    what="""Flags `def` statements whose positional parameters with credential-like names (matched as for
B105) default to a string literal, e.g. `def login(user, password="admin")`. Each such default
is reported, at the literal. Keyword-only parameters and `async def` are not checked; the
confidence is set as for B105 (LOW for an empty string, a placeholder, `token_type="Bearer"`).""",
    why="""A caller that leaves the argument out silently uses a credential everybody can read in the
source, often a well-known default that attackers try first.""",
    example="""```python
def connect(host, password="admin"):
    ...
```""",
    use_instead="""Make the credential a required argument, or default to None and fetch it when missing:
```python
def connect(host, password=None):
    password = password or os.environ["DB_PASSWORD"]
```""",
    references=_REFERENCES,
)


#: words of a credential-like name that make it the name of a field, key, header, setting or
#: type, whose value is a name, not a secret (`PASSWORD_FIELD`, `token_type`, `SECRET_ENV_VAR`)
_NAMING_WORDS = frozenset(
    """field fields name names param params parameter input attr attribute column label
    header type types kind kinds env var setting settings option url uri endpoint path prefix
    suffix pattern regex format fmt template length placeholder prompt message msg text help
    title widget""".split()
)
#: the words of a name that, compared with a literal, is a token's type
_TOKEN_KINDS = frozenset({"type", "kind", "tag", "category", "name"})
#: words of a mapping whose entries are descriptions of fields, not credentials
_DESCRIBING_MAPPINGS = frozenset(
    """label labels widget widgets field fields type types kind kinds name names title titles
    help placeholder placeholders message messages msg errors error attrs columns column
    choices verbose translations descriptions description schema properties form forms
    prompts prompt""".split()
)
_PLACEHOLDER = lazy(
    r"""^(\s*|(.)\2{2,}|<[^<>]*>|\{\{?[^{}]*\}\}?|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|%\([a-z_]+\)s
    |(?i:.*\byour[\s_-].*|todo|fixme|tbd|redacted|placeholder|dummy|none|null|n/a))$""",
    re.VERBOSE,
)
_WORD = lazy(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def _words(name: Optional[str]) -> frozenset:
    return frozenset(w.lower() for w in _WORD.findall(name or ""))


def _rating(
    value: Any, name: Optional[str], mapping: Optional[str] = None
) -> Tuple[Optional[Rank], str]:
    """(confidence, reason) for a literal given to a credential-like `name` (in `mapping`, for
    dict entries): LOW with the reason when the context shows it is no secret, else (None, "")."""
    if not isinstance(value, str):
        return LOW, "; rated LOW: not a string"
    if value == "":
        return LOW, "; rated LOW: an empty string is a placeholder, not a secret"
    if _PLACEHOLDER.match(value):
        return LOW, "; rated LOW: the value looks like a placeholder"
    if name and value.lower().replace("-", "_") == name.lower():
        return LOW, f"; rated LOW: the value is the name `{name}` itself (a key or field name)"
    naming = _words(name) & _NAMING_WORDS
    if naming:
        word = sorted(naming)[0]
        return LOW, f"; rated LOW: the name `{name}` says the value is its {word}, not the secret"
    describing = _words(mapping) & _DESCRIBING_MAPPINGS
    if describing:
        return LOW, f"; rated LOW: an entry of `{mapping}`, a mapping that describes fields"
    return None, ""


def _shown(value: Any) -> str:
    return repr(value) if len(str(value)) <= 40 else repr(str(value)[:37] + "...")


def _is_credential(name: Optional[str]) -> bool:
    return name is not None and _CREDENTIAL_NAME.search(name) is not None


def _literal_secret(value: ast.expr, name: Optional[str]) -> Optional[str]:
    """The text of `value` when it is a string literal given to the credential-like `name`."""
    if isinstance(value, ast.Constant) and type(value.value) is str and _is_credential(name):
        return value.value
    return None


def _target_name(node: ast.AST) -> Optional[str]:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


@B105.check(ast.Constant)
def check_string(node: ast.Constant, ctx: FileContext) -> Iterator[Optional[Finding]]:
    if type(node.value) is not str:
        return
    parent = ctx.parent(node)
    value: Optional[ast.Constant] = None
    what = ""
    rating: Tuple[Optional[Rank], str] = (None, "")
    if isinstance(parent, ast.Assign):
        for target in parent.targets:
            name = _target_name(target)
            if _is_credential(name):
                value, what = node, f"assigned to {name}"
                rating = _rating(node.value, name)
                break
    elif isinstance(parent, ast.Dict):
        # the regex first: scanning the keys of a huge dict for every string would be quadratic
        if _is_credential(node.value):
            for key, paired in zip(parent.keys, parent.values):
                if key is node:
                    if isinstance(paired, ast.Constant):
                        value, what = paired, f"stored under the key {node.value!r}"
                        rating = _rating(paired.value, None, _dict_name(parent, ctx))
                    break
    elif isinstance(parent, ast.Subscript):
        store = ctx.parent(parent)
        if (
            isinstance(store, ast.Assign)
            and isinstance(store.value, ast.Constant)
            and isinstance(store.value.value, str)
            and _is_credential(node.value)
        ):
            value, what = store.value, f"stored under the key {node.value!r}"
            rating = _rating(store.value.value, None, _target_name(parent.value))
    elif isinstance(parent, ast.Compare) and parent.comparators[0] is node:
        name = _target_name(parent.left)
        if _is_credential(name):
            value, what = node, f"compared with {name}"
            rating = _compared(node.value, name)
    if value is None:
        return
    confidence, reason = rating
    yield ctx.finding(
        B105,
        value,
        f"possible hard-coded password {_shown(value.value)} {what}{reason}",
        confidence=confidence,
        scope=parent,
    )


def _dict_name(literal: ast.Dict, ctx: FileContext) -> Optional[str]:
    """The name a dict literal is assigned to or passed as (`labels = {...}`, `attrs={...}`)."""
    holder = ctx.parent(literal)
    if isinstance(holder, ast.Assign) and holder.targets:
        return _target_name(holder.targets[0])
    if isinstance(holder, ast.keyword):
        return holder.arg
    return None


def _compared(value: str, name: Optional[str]) -> Tuple[Optional[Rank], str]:
    """A comparison: a token's type or kind (`token_type == "lparen"`) is a lexer's or
    parser's token, not a credential."""
    kind = _words(name) & _TOKEN_KINDS
    if kind:
        return LOW, (
            f"; rated LOW: `{name}` is a token's {min(kind)} (a lexer or parser token), "
            "not a secret"
        )
    return _rating(value, name)


@B106.check(ast.Call)
def check_keyword(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    for kw in node.keywords:
        literal = kw.value
        value = _literal_secret(literal, kw.arg)
        if value is not None:
            confidence, reason = _rating(value, kw.arg)
            yield ctx.finding(
                B106,
                literal,
                f"possible hard-coded password {_shown(value)} passed as {kw.arg}={reason}",
                confidence=confidence,
            )


@B107.check(ast.FunctionDef)
def check_default(node: ast.FunctionDef, ctx: FileContext) -> Iterator[Optional[Finding]]:
    for param, default in positional_defaults(node.args):
        value = _literal_secret(default, param.arg)
        if value is not None:
            confidence, reason = _rating(value, param.arg)
            yield ctx.finding(
                B107,
                default,
                f"possible hard-coded password {_shown(value)} "
                f"as the default of {param.arg} in {node.name}(){reason}",
                confidence=confidence,
            )
