"""Plugins loaded by name and expressions checked by a Flask service."""

import ast
import importlib

from flask import Flask, abort, request

app = Flask(__name__)
PLUGINS = {"csv": "exporters.csv", "pdf": "exporters.pdf"}


@app.route("/export")
def export():
    # a module named by the client runs when it is imported
    module = importlib.import_module(request.args.get("plugin", ""))  # expect: SB095:HIGH<15
    return module.render()


@app.route("/export-listed")
def export_listed():
    name = request.args.get("plugin", "csv")
    if name not in PLUGINS:
        abort(400)
    return importlib.import_module(PLUGINS[name]).render()


@app.route("/check")
def check():
    # a syntax tree only: nothing of the text runs
    tree = compile(request.args.get("expr", ""), "<expr>", "eval", ast.PyCF_ONLY_AST)
    return str(len(tree.body))
