"""Encoded input in a page: base64 and hex text hold no markup, until the code decodes them."""

import base64
import binascii
import html
import json
import logging

from flask import Flask, request

app = Flask(__name__)
log = logging.getLogger(__name__)


@app.route("/token")
def token():
    name = request.args.get("name", "")
    shown = base64.b64encode(name.encode()).decode()
    return "<p>Token: " + shown + "</p>"


@app.route("/token-hex")
def token_hex():
    name = request.args.get("name", "")
    return "<p>Id: " + binascii.hexlify(name.encode()).decode() + "</p>"


@app.route("/token-back")
def token_back():
    name = request.args.get("name", "")
    shown = base64.b64decode(base64.b64encode(name.encode())).decode()
    return "<p>Token: " + shown + "</p>"  # expect: SB079:HIGH<30


@app.route("/unescaped")
def unescaped():
    # escaping undone: html.unescape gives back the markup html.escape took out
    bio = html.unescape(html.escape(request.args.get("bio", "")))
    return "<p>" + bio + "</p>"  # expect: SB079:HIGH<38


@app.route("/audit", methods=["POST"])
def audit():
    # a JSON round trip gives the list back: its constant item stays constant, the other
    # is the request's text again, line breaks and all
    items = json.loads(json.dumps([request.form.get("note", ""), "audit entry"]))
    log.warning(items[1])
    log.warning(items[0])  # expect: SB117:HIGH<46
    return "ok"


@app.route("/audit-text", methods=["POST"])
def audit_text():
    # JSON text itself has its line breaks escaped: one log line
    log.warning(json.dumps({"note": request.form.get("note", "")}))
    return "ok"
