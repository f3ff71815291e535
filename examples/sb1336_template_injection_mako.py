"""Greeting cards rendered with Mako: the template's text compiles to Python."""

from flask import Flask, request
from mako.template import Template

app = Flask(__name__)


@app.route("/card")
def card():
    source = request.args.get("template", "Hello ${name}")
    return Template(source).render(name="friend")  # expect: SB1336:HIGH<11, B702


@app.route("/card-fixed")
def card_fixed():
    return Template("Hello ${name | h}").render(name=request.args.get("name", ""))  # expect: B702
