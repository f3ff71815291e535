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
