"""Cookies without `Secure` (SB614) or `HttpOnly` (SB1004): one matcher for both, since both
read the same `set_cookie` calls and framework session settings.

Werkzeug/Flask, Django and Starlette all default `secure` and `httponly` to False in
`set_cookie` (and Django's `set_signed_cookie`, which passes them on), so what is reported is:

- the keyword turned off explicitly with the constant `False`, or given a value data flow finds
  False on every run (a helper's result, an object's attribute, a dataclass default, an Enum
  member's value, an item of a table of options spread with `**`): HIGH confidence;
- the keyword left out on a cookie whose constant name looks like a session or credential
  (`session`, `sessid`, `sid`, `token`, `auth`, `jwt`, `remember`): MEDIUM confidence. A left-out keyword
  on any other cookie, or a value not known (`secure=request.is_secure`), is not reported: a
  preference cookie sent over plain HTTP is no finding, and a computed value is usually the
  right one. Calls that pass `**kwargs` and calls on a test client (`client.set_cookie`, the
  browser side) are skipped;
- Starlette's `SessionMiddleware` (added with `add_middleware`, listed as `Middleware(...)` or
  wrapping an app), whose session cookie has `Secure` only with `https_only=True`: HIGH when
  turned off with `False`, MEDIUM when left out (its cookie is always a session cookie; its
  `HttpOnly` is always on);
- the framework settings turned off with the constant `False`: Flask's `app.config[...] =` /
  `app.config.update(...)` / `from_mapping(...)` for `SESSION_COOKIE_*` and Flask-Login's
  `REMEMBER_COOKIE_*`, and module-level assignments in a Django settings module (a file named
  `settings*.py`, one inside a `settings/` package, or one that assigns `INSTALLED_APPS`).
"""

from __future__ import annotations

import ast
from pathlib import PurePosixPath
from typing import Dict, Iterator, Optional, Tuple, cast

from ..analysis.context import FileContext
from ..analysis.nodes import argument, keyword
from ..analysis.taint.interpret import COOKIE_FLAGS
from ..model import HIGH, MEDIUM, Finding, Rule, register
from ..regex import lazy

_REFERENCES = (
    (
        "OWASP: Session Management Cheat Sheet, Cookies",
        "https://cheatsheetseries.owasp.org/cheatsheets/Session_Management_Cheat_Sheet.html#cookies",
    ),
    (
        "Flask: Set-Cookie options",
        "https://flask.palletsprojects.com/en/stable/security/#set-cookie-options",
    ),
    (
        "Django: settings, SESSION_COOKIE_SECURE and SESSION_COOKIE_HTTPONLY",
        "https://docs.djangoproject.com/en/stable/ref/settings/#session-cookie-secure",
    ),
    ("Starlette: Response.set_cookie", "https://www.starlette.io/responses/#set-cookie"),
)

SB614 = Rule(
    id="SB614",
    name="cookie_without_secure",
    severity=MEDIUM,
    confidence=HIGH,
    cwe=614,
    cwe_title="Sensitive Cookie in HTTPS Session Without 'Secure' Attribute",
    short="A cookie is set without the Secure attribute, so it is also sent over plain HTTP.",
    test_name="cookie_without_secure",
    what="""Flags cookies set with `secure=False` (Flask/Werkzeug, Django and Starlette `set_cookie`, and
Django's `set_signed_cookie`), session or credential cookies (a constant name holding
`session`, `sessid`, `sid`, `token`, `auth`, `jwt` or `remember`) set without `secure=` at all (all three
frameworks default it to False), and the session cookie settings turned off:
`SESSION_COOKIE_SECURE = False` and `CSRF_COOKIE_SECURE = False` in a Django settings module,
`app.config["SESSION_COOKIE_SECURE"] = False` (or `REMEMBER_COOKIE_SECURE`, or through
`app.config.update(...)`) in Flask.

An explicit `False` (also a variable every assignment reaching the call sets to `False`, or
`**{...}` written out) is reported with HIGH confidence, a left-out keyword on a session-like
cookie with MEDIUM. A left-out keyword on another cookie, or a computed value such as
`secure=request.is_secure`, is not reported; neither are calls passing `**kwargs` or made on a
test client. The finding points at the `False` value, or at the cookie's name.""",
    why="""A cookie without `Secure` is sent on every plain-HTTP request to the site too: anyone on the
network path (public Wi-Fi, a proxy) can read a session or token cookie and take over the
session, even when the site itself redirects to HTTPS.""",
    example="""```python
response.set_cookie("session_id", token, secure=False, httponly=True)
response.set_cookie("auth_token", token, httponly=True)
app.config["SESSION_COOKIE_SECURE"] = False
```""",
    use_instead="""```python
response.set_cookie("session_id", token, secure=True, httponly=True, samesite="Lax")
app.config["SESSION_COOKIE_SECURE"] = True
```
In Django settings: `SESSION_COOKIE_SECURE = True` and `CSRF_COOKIE_SECURE = True`.""",
    references=_REFERENCES,
)

SB1004 = Rule(
    id="SB1004",
    name="cookie_without_httponly",
    severity=MEDIUM,
    confidence=HIGH,
    cwe=1004,
    cwe_title="Sensitive Cookie Without 'HttpOnly' Flag",
    short="A cookie is set without the HttpOnly attribute, so page scripts can read it.",
    test_name="cookie_without_httponly",
    what="""Flags cookies set with `httponly=False` (Flask/Werkzeug, Django and Starlette `set_cookie`,
and Django's `set_signed_cookie`), session or credential cookies (a constant name holding
`session`, `sessid`, `sid`, `token`, `auth`, `jwt` or `remember` (a remember-me login), but not a CSRF token cookie, which
scripts must read) set without `httponly=` at all (all three frameworks default it to False),
and the session settings turned off: `SESSION_COOKIE_HTTPONLY = False` in a Django settings
module, `app.config["SESSION_COOKIE_HTTPONLY"] = False` (or `REMEMBER_COOKIE_HTTPONLY`, or
through `app.config.update(...)`) in Flask.

An explicit `False` (also a variable every assignment reaching the call sets to `False`, or
`**{...}` written out) is reported with HIGH confidence, a left-out keyword on a session-like
cookie with MEDIUM. A left-out keyword on another cookie, or a computed value, is not
reported; neither are calls passing `**kwargs` or made on a test client. Django's
`CSRF_COOKIE_HTTPONLY = False` is its default and by design, so it is not reported.""",
    why="""A cookie without `HttpOnly` can be read by JavaScript on the page (`document.cookie`): one
cross-site scripting flaw anywhere on the site then hands the session or token to the
attacker, who can use it from elsewhere long after the page is closed.""",
    example="""```python
response.set_cookie("session_id", token, secure=True, httponly=False)
response.set_cookie("jwt", token, secure=True)
app.config.update(SESSION_COOKIE_HTTPONLY=False)
```""",
    use_instead="""```python
response.set_cookie("session_id", token, secure=True, httponly=True, samesite="Lax")
app.config.update(SESSION_COOKIE_HTTPONLY=True)   # Flask's default
```""",
    references=_REFERENCES,
)

#: per rule: the set_cookie keyword and its position (the same in all three frameworks)
_KEYWORDS: Tuple[Tuple[Rule, str, int], ...] = tuple(
    (rule, flag, position) for rule, (flag, position) in zip((SB614, SB1004), COOKIE_FLAGS)
)
#: framework settings that turn the attribute off when False
_SETTINGS: Dict[str, Rule] = {
    "SESSION_COOKIE_SECURE": SB614,
    "CSRF_COOKIE_SECURE": SB614,
    "REMEMBER_COOKIE_SECURE": SB614,
    "SESSION_COOKIE_HTTPONLY": SB1004,
    "REMEMBER_COOKIE_HTTPONLY": SB1004,
}
#: Django's settings only: these names are read from the settings module, not Flask's config
_FLASK_SETTINGS = frozenset(k for k in _SETTINGS if not k.startswith("CSRF_"))
_SESSION_NAME = lazy(r"session|sessid|(?<![a-z])sid(?![a-z])|token|auth(?!or)|jwt|remember")
_CSRF_NAME = lazy(r"csrf|xsrf")


def _false(node: Optional[ast.AST], ctx: Optional[FileContext] = None) -> bool:
    """The constant False, or (given the file's index) a value the code fixes to False: a name
    every binding that reaches it sets so, an expression of constants (`len("ab") > 5`)."""
    if isinstance(node, ast.Constant):
        return node.value is False
    if ctx is None:
        return False
    known, value = ctx.constant_of(node)
    return known and value is False


def _flag(node: ast.Call, flag: str, position: int) -> Optional[ast.AST]:
    """The value given for `flag`: by keyword or position (set_signed_cookie(key, value, salt,
    **kwargs) takes its flags by keyword only), or in a `**{...}` written out."""
    func = cast(ast.Attribute, node.func)
    found = argument(node, position, flag) if func.attr == "set_cookie" else keyword(node, flag)
    if found is not None:
        return found
    for spread in node.keywords:
        if spread.arg is None and isinstance(spread.value, ast.Dict):
            for key, value in zip(spread.value.keys, spread.value.values):
                if isinstance(key, ast.Constant) and key.value == flag:
                    return value
    return None


def _cookie_name(node: ast.Call) -> Optional[ast.Constant]:
    name = argument(node, 0, "key")
    if isinstance(name, ast.Constant) and isinstance(name.value, str):
        return name
    return None


def _test_client(receiver: ast.AST) -> bool:
    while isinstance(receiver, ast.Call):
        receiver = receiver.func
    name = receiver.attr if isinstance(receiver, ast.Attribute) else getattr(receiver, "id", "")
    return name.lower().endswith("client")


@register((ast.Call,), (SB614, SB1004), calls=("set_cookie", "set_signed_cookie"))
def check_set_cookie(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    func = node.func
    if not isinstance(func, ast.Attribute) or func.attr not in ("set_cookie", "set_signed_cookie"):
        return
    if _test_client(func.value):
        return
    spread = any(kw.arg is None for kw in node.keywords)
    name = _cookie_name(node)
    label = repr(name.value) if name is not None else "a cookie"
    for rule, flag, position in _KEYWORDS:
        value = _flag(node, flag, position)
        if _false(value, ctx):
            assert value is not None
            yield ctx.finding(
                rule, value, f"{func.attr}({label}, {flag}=False) turns the {flag} flag off"
            )
        elif (value is not None or spread) and _fixed_false(node, flag, ctx):
            yield ctx.finding(
                rule,
                value if value is not None else node,
                f"{func.attr}({label}) turns the {flag} flag off: the code gives {flag} the "
                "value False",
            )
        elif (
            value is None and not spread and name is not None and _sensitive(str(name.value), rule)
        ):
            yield ctx.finding(
                rule,
                name,
                f"{func.attr}({label}) leaves out {flag}=True on a session or credential cookie "
                f"(the default is {flag}=False)",
                confidence=MEDIUM,
            )


def _fixed_false(call: ast.Call, flag: str, ctx: FileContext) -> bool:
    """Whether data flow finds the flag False on every run that reaches the call: a helper's
    result, an object's attribute, an item of a table of options (`**COOKIE_OPTIONS["plain"]`)."""
    flows = ctx.flows
    value = flows.cookie_flag(call, flag) if flows is not None else None
    return value is not None and value.known and value.const is False


def _sensitive(cookie: str, rule: Rule) -> bool:
    lowered = cookie.lower()
    if rule is SB1004 and _CSRF_NAME.search(lowered):
        return False  # a CSRF token cookie is meant to be read by the page's scripts
    return bool(_SESSION_NAME.search(lowered))


def _setting_finding(key: str, value: ast.AST, ctx: FileContext, where: str) -> Optional[Finding]:
    rule = _SETTINGS[key]
    cookie, _, flag = key.partition("_COOKIE_")
    return ctx.finding(
        rule,
        value,
        f"{where}{key} = False turns the {flag.lower()} flag of the {cookie.lower()} cookie off",
    )


def _config_object(node: ast.AST) -> bool:
    """`app.config`, `self.config`, `config` ... : what Flask settings are written into."""
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")
    return name in ("config", "app_config")


@register((ast.Assign,), (SB614, SB1004))
def check_config_item(node: ast.Assign, ctx: FileContext) -> Iterator[Optional[Finding]]:
    if not _false(node.value):
        return
    for target in node.targets:
        if (
            isinstance(target, ast.Subscript)
            and _config_object(target.value)
            and isinstance(target.slice, ast.Constant)
            and target.slice.value in _FLASK_SETTINGS
        ):
            yield _setting_finding(target.slice.value, node.value, ctx, "config: ")
        elif (
            isinstance(target, ast.Name)
            and target.id in _SETTINGS
            and ctx.parent(node) is ctx.tree
            and _django_settings(ctx)
        ):
            yield _setting_finding(target.id, node.value, ctx, "Django settings: ")


@register((ast.Call,), (SB614, SB1004), calls=("update", "from_mapping"))
def check_config_update(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    func = node.func
    if not isinstance(func, ast.Attribute) or not _config_object(func.value):
        return
    for kw in node.keywords:
        if kw.arg in _FLASK_SETTINGS and _false(kw.value):
            yield _setting_finding(kw.arg, kw.value, ctx, "config: ")
    for mapping in node.args:
        if not isinstance(mapping, ast.Dict):
            continue
        for key, value in zip(mapping.keys, mapping.values):
            if isinstance(key, ast.Constant) and key.value in _FLASK_SETTINGS and _false(value):
                yield _setting_finding(key.value, value, ctx, "config: ")


def _django_settings(ctx: FileContext) -> bool:
    """A Django settings module: settings*.py, a module of a settings/ package, or one that
    assigns INSTALLED_APPS (looked up once per file)."""
    return ctx.memo(_is_django_settings)


def _is_django_settings(ctx: FileContext) -> bool:
    path = PurePosixPath(ctx.path.replace("\\", "/"))
    return (
        path.name.startswith("settings")
        or "settings" in path.parts[:-1]
        or any(
            isinstance(statement, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "INSTALLED_APPS" for t in statement.targets)
            for statement in ctx.tree.body
        )
    )


#: Starlette's session middleware: the one whose cookie's Secure flag is an argument
_SESSION_MIDDLEWARE = "SessionMiddleware"


@register((ast.Call,), (SB614,), calls=("add_middleware", "Middleware", "SessionMiddleware"))
def check_session_middleware(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    """`app.add_middleware(SessionMiddleware, ...)`, `Middleware(SessionMiddleware, ...)` and
    `SessionMiddleware(app, ...)`: every form takes the cookie's flags as keywords."""
    func = node.func
    called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    if called == _SESSION_MIDDLEWARE:
        target = ctx.qualname(node)
    elif called in ("add_middleware", "Middleware") and node.args:
        target = ctx.index.qualname(node.args[0])  # the class given, by its import
    else:
        return
    if not target.startswith(("starlette.", "fastapi.")) or not target.endswith(
        "." + _SESSION_MIDDLEWARE
    ):
        return
    if any(kw.arg is None for kw in node.keywords):
        return  # `**options`: the flag may be among them
    value = keyword(node, "https_only")
    if _false(value, ctx):
        assert value is not None
        yield ctx.finding(
            SB614, value, "SessionMiddleware(https_only=False) sends the session cookie over HTTP"
        )
    elif value is None:
        yield ctx.finding(
            SB614,
            node,
            "SessionMiddleware leaves out https_only=True: its session cookie is sent over plain "
            "HTTP too (the default is https_only=False)",
            confidence=MEDIUM,
        )
