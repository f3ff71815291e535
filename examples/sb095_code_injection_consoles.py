"""A debugging console and an expression checker behind a Flask admin page."""

import ast
import code

from flask import Flask, request

app = Flask(__name__)


@app.route("/console", methods=["POST"])
def console():
    # each line typed runs as Python on the server
    interpreter = code.InteractiveInterpreter()
    interpreter.runsource(request.form.get("line", ""))  # expect: SB095:HIGH<15
    return "ran"


@app.route("/check")
def check():
    # a syntax tree only: nothing of the text runs
    tree = compile(request.args.get("expr", ""), "<expr>", "eval", ast.PyCF_ONLY_AST)
    return str(len(tree.body))


RULES = {"none": "price", "loyal": "price * 0.9"}


@app.route("/quote")
def quote():
    # one of the rules the code holds, compiled and run: exec is judged by the compiled text
    scope = {"price": float(request.args.get("price", "0"))}
    exec(compile(f"total = {RULES.get(request.args.get('rule', ''), 'price')}", "<rule>", "exec"), {}, scope)  # expect: B102:LOW
    return str(scope["total"])


@app.route("/quote-raw")
def quote_raw():
    scope = {"price": 1.0}
    exec(compile(request.args.get("rule", "price"), "<rule>", "exec"), {}, scope)  # expect: B102, SB095:HIGH<40
    return str(scope.get("total"))


@app.route("/check-typed")
def check_typed():
    # a syntax tree with type comments on request: still nothing of the text runs
    flags = ast.PyCF_ONLY_AST
    if request.args.get("comments"):
        flags |= ast.PyCF_TYPE_COMMENTS
    tree = compile(request.args.get("expr", ""), "<expr>", "exec", flags)
    return str(len(tree.body))


@app.route("/check-await")
def check_await():
    # flags that ask for no tree: the text compiles to code that can be run
    flags = ast.PyCF_TYPE_COMMENTS | ast.PyCF_ALLOW_TOP_LEVEL_AWAIT
    compiled = compile(request.args.get("expr", ""), "<expr>", "exec", flags)  # expect: SB095:HIGH<58
    return compiled.co_name
