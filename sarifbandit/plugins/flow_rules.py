"""The data-flow rules, SB022–SB1336: untrusted input traced into a dangerous call.

Each rule names one sink class of the taint models (design notes §3) and reports the flows the
file's analysis found into a sink of that class; the check is the one generic `flow_check`, the
rules differ only in their class and their documentation. A finding carries the path from the
source to the sink (SARIF `codeFlows`), so a user sees where the data came from.

Ids are `SB` and the most specific CWE number; Bandit's numbers are never reused. For the classes
Bandit also covers (commands, SQL, code evaluation, deserialization), a flow into a call that a
Bandit check already reports is attached to that Bandit finding; the SB rule reports only the
sinks no Bandit check flags.
"""

from __future__ import annotations

from ..analysis.taint.check import flow_check
from ..model import HIGH, LOW, MEDIUM, Rule

_FLOW = """A data-flow rule: the finding is reported only when untrusted input (request parameters,
form fields, headers, cookies, URL path segments, the body, `input()`, `sys.argv`) reaches the
sink along a path the analysis followed, through assignments, string building, containers and
calls of functions of the same file. The finding carries that path, source first; in SARIF it is
the result's `codeFlows`. Confidence is HIGH when the path was followed exactly, MEDIUM when it
crossed an unknown call or a container whose keys could not be told apart."""

SB022 = Rule(
    id="SB022",
    name="path_traversal",
    severity=HIGH,
    confidence=HIGH,
    cwe=22,
    cwe_title="Path Traversal",
    short="Untrusted input reaches a file system path.",
    test_name="path_traversal",
    family="dataflow",
    what=f"""Reports a path to a file opened, written, deleted, listed or sent (`open`, `os.remove`,
`shutil.copy`, `pathlib.Path` methods, Flask's `send_file`, Django's `FileResponse`...) that
holds untrusted input.

{_FLOW}

A path checked after the input was joined in (`os.path.realpath(p).startswith(base)`, or
`Path.resolve().is_relative_to(base)`, with an early exit on failure), a value rejected when it
holds `..` or a separator, a value reduced to its last component (`os.path.basename`,
Werkzeug's `secure_filename`) or checked against an allow-list is no longer reported.""",
    why="""A name like `../../etc/passwd`, or an absolute path, which `os.path.join` lets replace the base
entirely, makes the program read or overwrite files outside the folder it meant to serve:
credentials, configuration, source code.""",
    example="""```python
import os
from flask import Flask, request

app = Flask(__name__)
UPLOADS = "/srv/app/uploads"

@app.route("/delete", methods=["POST"])
def delete():
    os.remove(os.path.join(UPLOADS, request.form["name"]))
    return "deleted"
```""",
    use_instead="""Keep only the last component of the name, or check the resolved path against the base:
```python
import os
from flask import Flask, request

app = Flask(__name__)
UPLOADS = "/srv/app/uploads"

@app.route("/delete", methods=["POST"])
def delete():
    os.remove(os.path.join(UPLOADS, os.path.basename(request.form["name"])))
    return "deleted"
```""",
    references=(
        ("OWASP: Path Traversal", "https://owasp.org/www-community/attacks/Path_Traversal"),
    ),
)
flow_check(SB022, "path")

SB079 = Rule(
    id="SB079",
    name="cross_site_scripting",
    severity=HIGH,
    confidence=HIGH,
    cwe=79,
    cwe_title="Cross-site Scripting",
    short="Untrusted input reaches an HTML response without escaping.",
    test_name="cross_site_scripting",
    family="dataflow",
    what=f"""Reports untrusted input that reaches the body of an HTML response unescaped: the string a view
returns, `make_response`, Django's `HttpResponse`, text wrapped in `Markup` or `mark_safe`,
and a template rendered from a string (`render_template_string`). The finding points at the
`return` or the call.

{_FLOW}

`html.escape`, `markupsafe.escape` and Django's `escape` make a value safe for this rule (and
for no other: an escaped value reaching SQL is still an injection). Templates rendered from
files with autoescaping are not reported. A flow into `Markup` or `mark_safe` is also attached
to the B704, B308 or B703 finding of that call.""",
    why="""Markup in the input becomes part of the page: a `<script>` in a name runs in the browser of
everyone who views it, with their session (cross-site scripting).""",
    example="""```python
from flask import Flask, request

app = Flask(__name__)

@app.route("/hello")
def hello():
    name = request.args.get("name", "")
    return "<h1>Hello " + name + "</h1>"
```""",
    use_instead="""Escape the value for HTML, or render a template that autoescapes:
```python
import html
from flask import Flask, request

app = Flask(__name__)

@app.route("/hello")
def hello():
    name = request.args.get("name", "")
    return "<h1>Hello " + html.escape(name) + "</h1>"
```""",
    references=(
        (
            "OWASP: Cross Site Scripting Prevention Cheat Sheet",
            "https://cheatsheetseries.owasp.org/cheatsheets/Cross_Site_Scripting_Prevention_Cheat_Sheet.html",
        ),
    ),
)
flow_check(SB079, "xss")

SB601 = Rule(
    id="SB601",
    name="open_redirect",
    severity=MEDIUM,
    confidence=HIGH,
    cwe=601,
    cwe_title="Open Redirect",
    short="Untrusted input chooses the target of a redirect.",
    test_name="open_redirect",
    family="dataflow",
    what=f"""Reports a redirect (`flask.redirect`, Django's `HttpResponseRedirect` and `redirect`,
Starlette's `RedirectResponse`, a `Location` header) whose target holds untrusted input at its
start, where it can choose the host.

{_FLOW}

A target checked with `urlparse(target).netloc` (and `.scheme`) against constants, compared
with an allow-list, or put after a constant path of this site (`"/items/" + item`) is not
reported.""",
    why="""A link to the trusted site that sends the user on to an address the attacker chose (`?next=
https://evil.example`) lends the site's name to phishing pages and can leak tokens carried in
the URL.""",
    example="""```python
from flask import Flask, redirect, request

app = Flask(__name__)

@app.route("/login", methods=["POST"])
def login():
    return redirect(request.args.get("next", "/"))
```""",
    use_instead="""Follow only targets on this site:
```python
from urllib.parse import urlparse
from flask import Flask, redirect, request

app = Flask(__name__)

@app.route("/login", methods=["POST"])
def login():
    target = request.args.get("next", "/")
    if urlparse(target).netloc or urlparse(target).scheme:
        target = "/"
    return redirect(target)
```""",
    references=(
        (
            "OWASP: Unvalidated Redirects and Forwards Cheat Sheet",
            "https://cheatsheetseries.owasp.org/cheatsheets/Unvalidated_Redirects_and_Forwards_Cheat_Sheet.html",
        ),
    ),
)
flow_check(SB601, "redirect")

SB643 = Rule(
    id="SB643",
    name="xpath_injection",
    severity=HIGH,
    confidence=HIGH,
    cwe=643,
    cwe_title="XPath Injection",
    short="Untrusted input is pasted into an XPath expression.",
    test_name="xpath_injection",
    family="dataflow",
    what=f"""Reports an XPath expression evaluated by lxml (`tree.xpath`, `etree.XPath`, `XPathEvaluator`)
or ElementTree (`find`, `findall`, `iterfind`) that was built with untrusted input.

{_FLOW}

Values passed as XPath variables (`tree.xpath("//user[@name=$name]", name=value)`), values
checked against an allow-list, and values rejected when they hold a quote are not reported.""",
    why="""A quote in the input ends the string literal of the expression and lets the rest rewrite the
query (`' or '1'='1`), selecting nodes the code never meant to expose, such as every user's
record.""",
    example="""```python
from flask import Flask, request
from lxml import etree

app = Flask(__name__)
DIRECTORY = etree.parse("staff.xml")

@app.route("/phone")
def phone():
    name = request.args["name"]
    found = DIRECTORY.xpath(f"//person[@name='{name}']/phone/text()")
    return {"phones": [str(p) for p in found]}
```""",
    use_instead="""Pass the value as an XPath variable:
```python
from flask import Flask, request
from lxml import etree

app = Flask(__name__)
DIRECTORY = etree.parse("staff.xml")

@app.route("/phone")
def phone():
    name = request.args["name"]
    found = DIRECTORY.xpath("//person[@name=$name]/phone/text()", name=name)
    return {"phones": [str(p) for p in found]}
```""",
    references=(("lxml: XPath variables", "https://lxml.de/xpathxslt.html#the-xpath-method"),),
)
flow_check(SB643, "xpath")

SB090 = Rule(
    id="SB090",
    name="ldap_injection",
    severity=HIGH,
    confidence=HIGH,
    cwe=90,
    cwe_title="LDAP Injection",
    short="Untrusted input is pasted into an LDAP filter or DN.",
    test_name="ldap_injection",
    family="dataflow",
    what=f"""Reports an LDAP search filter or distinguished name (`ldap3` `Connection.search`, python-ldap
`search_s` and friends) built with untrusted input.

{_FLOW}

Values escaped with `ldap3.utils.conv.escape_filter_chars` or `ldap.filter.escape_filter_chars`
(filters) and `ldap.dn.escape_dn_chars` (DNs), or checked against an allow-list, are not
reported.""",
    why="""`*`, `(`, `)` and `\\` in the input change the filter: `*)(uid=*` turns a lookup of one user
into a search of the whole directory, and can make a bind check pass for anyone.""",
    example="""```python
import ldap3
from flask import Flask, request

app = Flask(__name__)

@app.route("/member")
def member():
    conn = ldap3.Connection(ldap3.Server("ldap://dir.internal"), auto_bind=True)
    uid = request.args["uid"]
    conn.search("ou=people,dc=corp", f"(uid={uid})", attributes=["cn"])
    return {"count": len(conn.entries)}
```""",
    use_instead="""Escape the value for a filter:
```python
import ldap3
from ldap3.utils.conv import escape_filter_chars
from flask import Flask, request

app = Flask(__name__)

@app.route("/member")
def member():
    conn = ldap3.Connection(ldap3.Server("ldap://dir.internal"), auto_bind=True)
    uid = escape_filter_chars(request.args["uid"])
    conn.search("ou=people,dc=corp", f"(uid={uid})", attributes=["cn"])
    return {"count": len(conn.entries)}
```""",
    references=(
        (
            "OWASP: LDAP Injection Prevention Cheat Sheet",
            "https://cheatsheetseries.owasp.org/cheatsheets/LDAP_Injection_Prevention_Cheat_Sheet.html",
        ),
    ),
)
flow_check(SB090, "ldap")

SB501 = Rule(
    id="SB501",
    name="trust_boundary_violation",
    severity=MEDIUM,
    confidence=HIGH,
    cwe=501,
    cwe_title="Trust Boundary Violation",
    short="Untrusted input is stored in the session as if it were trusted.",
    test_name="trust_boundary_violation",
    family="dataflow",
    what=f"""Reports untrusted input stored in the server-side state that later code trusts: Flask's
`session[...]`, Django's `request.session[...]`.

{_FLOW}

A value checked against an allow-list or equal to a constant, or converted to a number, is not
reported.""",
    why="""Code that reads the session assumes the values were put there by the application after its own
checks (a role, a user id, a verified address). Copying request data straight in mixes trusted
and untrusted data, and a later reader grants what the user merely asked for.""",
    example="""```python
from flask import Flask, request, session

app = Flask(__name__)

@app.route("/prefs", methods=["POST"])
def prefs():
    session["role"] = request.form["role"]
    return "saved"
```""",
    use_instead="""Store only values the application chose or checked:
```python
from flask import Flask, abort, request, session

app = Flask(__name__)
ROLES = {"reader", "editor"}

@app.route("/prefs", methods=["POST"])
def prefs():
    role = request.form["role"]
    if role not in ROLES:
        abort(400)
    session["role"] = role
    return "saved"
```""",
    references=(
        (
            "OWASP: Trust Boundary Violation",
            "https://owasp.org/www-community/vulnerabilities/Trust_Boundary_Violation",
        ),
    ),
)
flow_check(SB501, "trust_boundary")

SB918 = Rule(
    id="SB918",
    name="server_side_request_forgery",
    severity=HIGH,
    confidence=HIGH,
    cwe=918,
    cwe_title="Server-Side Request Forgery",
    short="Untrusted input chooses the address of an outgoing request.",
    test_name="server_side_request_forgery",
    family="dataflow",
    what=f"""Reports an outgoing request (`requests`, `httpx`, `urllib3`, `urllib.request.urlopen`,
`aiohttp.ClientSession`) whose URL holds untrusted input in its scheme or host part.

{_FLOW}

A flow into `urllib.request.urlopen`, which B310 reports, is attached to that finding instead.
A URL whose host the input cannot change (`"https://api.example.com/items/" + item`), a host
checked with `urlparse(url).netloc` against an allow-list, or a value checked against an
allow-list is not reported.""",
    why="""The server makes the request from inside the network: the attacker reaches internal services,
cloud metadata endpoints (`http://169.254.169.254/`) and admin interfaces that are not exposed,
and reads the answers.""",
    example="""```python
import requests
from flask import Flask, request

app = Flask(__name__)

@app.route("/preview")
def preview():
    page = requests.get(request.args["url"], timeout=5)
    return {"status": page.status_code}
```""",
    use_instead="""Fix the host and let the input choose only a path below it, or check the host:
```python
from urllib.parse import urlparse

import requests
from flask import Flask, abort, request

app = Flask(__name__)
ALLOWED_HOSTS = {"images.example.com"}

@app.route("/preview")
def preview():
    url = request.args["url"]
    if urlparse(url).netloc not in ALLOWED_HOSTS:
        abort(400)
    page = requests.get(url, timeout=5)
    return {"status": page.status_code}
```""",
    references=(
        (
            "OWASP: SSRF Prevention Cheat Sheet",
            "https://cheatsheetseries.owasp.org/cheatsheets/Server_Side_Request_Forgery_Prevention_Cheat_Sheet.html",
        ),
    ),
)
flow_check(SB918, "ssrf")

SB1336 = Rule(
    id="SB1336",
    name="template_injection",
    severity=HIGH,
    confidence=HIGH,
    cwe=1336,
    cwe_title="Server-Side Template Injection",
    short="Untrusted input is used as the source of a template.",
    test_name="template_injection",
    family="dataflow",
    what=f"""Reports a template whose source text holds untrusted input: `render_template_string`,
`jinja2.Template(...)`, `Environment.from_string`, Mako's `Template`, Django's
`Template(...)`/`engines[...].from_string`.

{_FLOW}

Untrusted values passed as the template's context (`render_template_string(TEMPLATE,
name=name)`) are the intended use and are not reported.""",
    why="""Template languages are programming languages: `{{ ... }}` in the input is evaluated on the
server, and from Jinja2 expressions an attacker reaches Python objects and runs code
(server-side template injection).""",
    example="""```python
from flask import Flask, render_template_string, request

app = Flask(__name__)

@app.route("/greet")
def greet():
    name = request.args.get("name", "")
    return render_template_string("<p>Hello " + name + "</p>")
```""",
    use_instead="""Keep the template constant and pass the value as a variable:
```python
from flask import Flask, render_template_string, request

app = Flask(__name__)

@app.route("/greet")
def greet():
    name = request.args.get("name", "")
    return render_template_string("<p>Hello {{ name }}</p>", name=name)
```""",
    references=(("Jinja2: Sandbox", "https://jinja.palletsprojects.com/en/stable/sandbox/"),),
)
flow_check(SB1336, "template")

SB113 = Rule(
    id="SB113",
    name="http_header_injection",
    severity=MEDIUM,
    confidence=HIGH,
    cwe=113,
    cwe_title="HTTP Response Splitting",
    short="Untrusted input is written into an HTTP response header.",
    test_name="http_header_injection",
    family="dataflow",
    what=f"""Reports a response header set from untrusted input: `response.headers[...] = value`,
`headers.add`/`set`, Django's `response[...] = value`, a `headers=` argument of a response.

{_FLOW}

A value with line breaks removed or rejected (`"\\r" in v or "\\n" in v` with an early exit),
checked against an allow-list, or converted to a number is not reported.""",
    why="""A carriage return and line feed in the value end the header: the attacker adds headers of
their own (a `Set-Cookie`) or a whole body (response splitting), or poisons caches between the
user and the server. Servers that reject such values turn the attack into an error page.""",
    example="""```python
from flask import Flask, make_response, request

app = Flask(__name__)

@app.route("/download")
def download():
    response = make_response(b"report")
    response.headers["X-Report-Name"] = request.args["title"]
    return response
```""",
    use_instead="""Allow only known values, or strip line breaks:
```python
from flask import Flask, make_response, request

app = Flask(__name__)
TITLES = {"monthly", "yearly"}

@app.route("/download")
def download():
    response = make_response(b"report")
    title = request.args["title"]
    response.headers["X-Report-Name"] = title if title in TITLES else "report"
    return response
```""",
    references=(
        (
            "OWASP: HTTP Response Splitting",
            "https://owasp.org/www-community/attacks/HTTP_Response_Splitting",
        ),
    ),
)
flow_check(SB113, "header")

SB117 = Rule(
    id="SB117",
    name="log_injection",
    severity=LOW,
    confidence=HIGH,
    cwe=117,
    cwe_title="Improper Output Neutralization for Logs",
    short="Untrusted input is written to a log message.",
    test_name="log_injection",
    family="dataflow",
    what=f"""Reports a log message (`logging` and `Logger` methods) that holds untrusted input, pasted
into its text with `+`, `%`, `.format` or an f-string, or passed as an argument of the message
with `%s` (`log.info("login %s", name)`): logging's default formatter writes it as it is, line
breaks included (`%r` writes its repr, which has none).

{_FLOW}

Values with line breaks removed (`.replace("\\n", "")`, `re.sub(r"[\\r\\n]", "", x)`) or
checked against an allow-list are not reported.""",
    why="""A line break in the input starts a forged log line (`ok\\nINFO admin logged in`), misleading
whoever reads the log and the tools that parse it; control sequences can also attack the
terminal of whoever views it.""",
    example="""```python
import logging
from flask import Flask, request

app = Flask(__name__)
log = logging.getLogger(__name__)

@app.route("/login", methods=["POST"])
def login():
    log.warning("failed login for " + request.form["user"])
    return "denied", 403
```""",
    use_instead="""Strip line breaks (and pass the value as an argument of the message):
```python
import logging
from flask import Flask, request

app = Flask(__name__)
log = logging.getLogger(__name__)

@app.route("/login", methods=["POST"])
def login():
    user = request.form["user"].replace("\\r", "").replace("\\n", "")
    log.warning("failed login for %s", user)
    return "denied", 403
```""",
    references=(("OWASP: Log Injection", "https://owasp.org/www-community/attacks/Log_Injection"),),
)
flow_check(SB117, "log")

SB078 = Rule(
    id="SB078",
    name="command_injection",
    severity=HIGH,
    confidence=HIGH,
    cwe=78,
    cwe_title="OS Command Injection",
    short="Untrusted input reaches a shell command.",
    test_name="command_injection",
    family="dataflow",
    what=f"""Reports a shell command holding untrusted input, where no Bandit check reports the call:
`asyncio.create_subprocess_shell`, `pty.spawn`, an argument list starting with a shell and
`-c`, and the shell commands of SSH and task-runner libraries.

{_FLOW}

A flow into a call that a Bandit check already reports (B602–B607 for `subprocess` and `os`, B601 for paramiko) is attached to that Bandit
finding as its path instead of giving a second result; this rule reports the sinks no Bandit
check flags.

A value quoted with `shlex.quote`, checked against an allow-list or converted to a number, or
passed as one element of an argument list run without a shell, is not reported.""",
    why="""The shell interprets `;`, `|`, `&&`, `$(...)` and backquotes in the input: an attacker runs
commands of their own with the rights of the application.""",
    example="""```python
import asyncio
from aiohttp import web

async def archive(request):
    name = request.query["name"]
    proc = await asyncio.create_subprocess_shell(f"tar czf /tmp/out.tgz {name}")
    await proc.wait()
    return web.Response(text="done")
```""",
    use_instead="""Quote the value for the shell, or run the program with an argument list:
```python
import asyncio
import shlex
from aiohttp import web

async def archive(request):
    name = shlex.quote(request.query["name"])
    proc = await asyncio.create_subprocess_shell(f"tar czf /tmp/out.tgz {name}")
    await proc.wait()
    return web.Response(text="done")
```""",
    references=(("shlex.quote", "https://docs.python.org/3/library/shlex.html#shlex.quote"),),
)
flow_check(SB078, "command")

SB089 = Rule(
    id="SB089",
    name="sql_injection",
    severity=HIGH,
    confidence=HIGH,
    cwe=89,
    cwe_title="SQL Injection",
    short="Untrusted input reaches the text of an SQL statement.",
    test_name="sql_injection",
    family="dataflow",
    what=f"""Reports the text of an SQL statement (`cursor.execute`, `executemany`, `executescript`,
SQLAlchemy's `text` and `Connection.execute`, Django's `raw`, `extra` and `RawSQL`) holding
untrusted input, where no Bandit check reports it.

{_FLOW}

A flow into a call that a Bandit check already reports (B608 where the statement text is built with `+`, `%`, `.format` or an f-string on the path, B610 and B611 for Django) is attached to that Bandit
finding as its path instead of giving a second result; this rule reports the sinks no Bandit
check flags.

Values passed as query parameters (`cur.execute("... WHERE id = ?", (value,))`), checked
against an allow-list (a column name for `ORDER BY`), or converted to a number are not
reported. HTML escaping does not make a value safe for SQL.""",
    why="""A quote in the input ends the string literal of the statement and the rest becomes SQL of the
attacker's: conditions that match every row, `UNION SELECT` of other tables, or statements that
change or destroy data.""",
    example="""```python
import sqlite3
from flask import Flask, request

app = Flask(__name__)

@app.route("/search")
def search():
    db = sqlite3.connect("notes.db")
    where = request.args["filter"]
    rows = db.execute(where).fetchall()
    return {"count": len(rows)}
```""",
    use_instead="""Keep the statement constant and pass the values as parameters:
```python
import sqlite3
from flask import Flask, request

app = Flask(__name__)

@app.route("/search")
def search():
    db = sqlite3.connect("notes.db")
    rows = db.execute("SELECT id FROM notes WHERE tag = ?", (request.args["tag"],)).fetchall()
    return {"count": len(rows)}
```""",
    references=(("PEP 249: parameters of execute()", "https://peps.python.org/pep-0249/#id15"),),
)
flow_check(SB089, "sql")

SB095 = Rule(
    id="SB095",
    name="code_injection",
    severity=HIGH,
    confidence=HIGH,
    cwe=95,
    cwe_title="Eval Injection",
    short="Untrusted input is evaluated as Python code.",
    test_name="code_injection",
    family="dataflow",
    what=f"""Reports Python source holding untrusted input that is compiled or run where no Bandit check
reports the call: `compile`, `code.InteractiveInterpreter.runsource`, `timeit`, and the like.

{_FLOW}

A flow into a call that a Bandit check already reports (B307 for `eval`, B102 for `exec`) is attached to that Bandit
finding as its path instead of giving a second result; this rule reports the sinks no Bandit
check flags.

A value checked against an allow-list, converted to a number, or parsed as data
(`ast.literal_eval`, `json.loads`) is not reported.""",
    why="""The input is code: `__import__("os").system(...)` in it runs with the rights of the
application.""",
    example="""```python
from flask import Flask, request

app = Flask(__name__)

@app.route("/rule", methods=["POST"])
def check_rule():
    code = compile(request.form["expr"], "<rule>", "eval")
    return {"names": list(code.co_names)}
```""",
    use_instead="""Parse literals with `ast.literal_eval`, or dispatch to known functions:
```python
import ast
from flask import Flask, request

app = Flask(__name__)

@app.route("/rule", methods=["POST"])
def check_rule():
    value = ast.literal_eval(request.form["expr"])
    return {"value": repr(value)}
```""",
    references=(
        ("ast.literal_eval", "https://docs.python.org/3/library/ast.html#ast.literal_eval"),
    ),
)
flow_check(SB095, "code")

SB502 = Rule(
    id="SB502",
    name="unsafe_deserialization",
    severity=HIGH,
    confidence=HIGH,
    cwe=502,
    cwe_title="Deserialization of Untrusted Data",
    short="Untrusted input is deserialized by a loader that can build arbitrary objects.",
    test_name="unsafe_deserialization",
    family="dataflow",
    what=f"""Reports untrusted input given to a deserializer that can build arbitrary objects, where no
Bandit check reports the call: `yaml.unsafe_load`, `yaml.load_all` with an unsafe loader,
`numpy.load(..., allow_pickle=True)`, `joblib.load` and the like.

{_FLOW}

A flow into a call that a Bandit check already reports (B301 for pickle, B302 for marshal, B506 for `yaml.load`, B614 for `torch.load`) is attached to that Bandit
finding as its path instead of giving a second result; this rule reports the sinks no Bandit
check flags.

Data parsed with a data-only loader (`json.loads`, `yaml.safe_load`) is not reported.""",
    why="""The serialized form names classes and calls to make: a crafted document runs code of the
attacker's while it is loaded.""",
    example="""```python
import yaml
from flask import Flask, request

app = Flask(__name__)

@app.route("/import", methods=["POST"])
def import_settings():
    settings = yaml.unsafe_load(request.get_data())
    return {"keys": len(settings)}
```""",
    use_instead="""Use a loader that builds only plain data:
```python
import yaml
from flask import Flask, request

app = Flask(__name__)

@app.route("/import", methods=["POST"])
def import_settings():
    settings = yaml.safe_load(request.get_data())
    return {"keys": len(settings)}
```""",
    references=(("PyYAML: Loading YAML", "https://pyyaml.org/wiki/PyYAMLDocumentation"),),
)
flow_check(SB502, "deserialization")
