"""B201 flask_debug_true: A Flask app run with debug=True exposes the Werkzeug debugger and its console."""

from __future__ import annotations

import ast
from typing import Iterator, Optional

from ..analysis.context import FileContext
from ..analysis.nodes import keyword, value_of
from ..model import HIGH, MEDIUM, Finding, Rule

RULE = Rule(
    id="B201",
    name="flask_debug_true",
    severity=HIGH,
    confidence=MEDIUM,
    cwe=489,
    cwe_title="Active Debug Code",
    short="A Flask app run with debug=True exposes the Werkzeug debugger and its console.",
    test_name="flask_debug_true",
    what="""Flags `.run(debug=True)` calls in a file that imports Flask, e.g. `app.run(debug=True)`. Any
call whose resolved name ends in `.run` counts once `flask` appears in an import. The finding
points at the `debug=` value.""",
    why="""Flask's debug mode serves the Werkzeug debugger: when a request fails, the error page offers an
interactive Python console. Anyone who can reach the server and get past (or guess) its PIN can
run arbitrary code with the application's rights.""",
    example="""```python
from flask import Flask
app = Flask(__name__)
app.run(debug=True)
```""",
    use_instead="""Turn debugging on only in development, from the environment:
```python
app.run(debug=os.environ.get("FLASK_DEBUG") == "1")
```
or use `flask --app app run --debug` locally and a WSGI server in production.""",
    references=(("Flask: Debug Mode", "https://flask.palletsprojects.com/en/stable/debugging/"),),
)


@RULE.check(ast.Call, calls=("run",))
def check(node: ast.Call, ctx: FileContext) -> Iterator[Optional[Finding]]:
    qualname = ctx.qualname(node)
    if not qualname.endswith(".run") or not ctx.imported_like("flask", node):
        return
    debug = keyword(node, "debug")
    # Bandit compares the argument's text form, so the string "True" counts as well
    if debug is not None and value_of(debug) == "True":
        yield ctx.finding(
            RULE, debug, f"{qualname}(debug=True) serves the Werkzeug debugger's Python console"
        )
