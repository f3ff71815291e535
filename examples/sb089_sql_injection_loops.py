"""Loops whose rounds the code's own values decide: a counter's test, a literal list searched
with a break. Run round by round, a value the rounds never reach is not reported."""

import logging
import sqlite3

from flask import Flask, request

app = Flask(__name__)
log = logging.getLogger(__name__)


@app.route("/members/first-short")
def first_short():
    asked = request.args.get("name", "")
    chosen = "guest"
    for candidate in ["alice", "bob", asked]:
        if len(candidate) == 3:  # "bob" is found first, every time
            chosen = candidate
            break
    rows = sqlite3.connect("app.db").execute("SELECT * FROM members WHERE name = '%s'" % chosen)  # expect: B608:LOW
    return str(rows.fetchall())


@app.route("/members/first-long")
def first_long():
    asked = request.args.get("name", "")
    chosen = "guest"
    for candidate in ["alice", "bob", asked]:
        if len(candidate) > 5:  # only the asked name can be this long
            chosen = candidate
            break
    rows = sqlite3.connect("app.db").execute("SELECT * FROM members WHERE name = '%s'" % chosen)  # expect: B608:HIGH<27
    return str(rows.fetchall())


@app.route("/notes/retry")
def retry():
    note = request.cookies.get("note", "")
    attempt = 0
    message = "retrying"
    while attempt < 3:
        if attempt == 5:  # never: attempt is 0, 1, 2
            message = note
        attempt += 1
    log.info(message)
    return "ok"


@app.route("/notes/retry-last")
def retry_last():
    note = request.cookies.get("note", "")
    attempt = 0
    message = "retrying"
    while attempt < 3:
        if attempt == 2:
            message = note
        attempt += 1
    log.info(message)  # expect: SB117:HIGH<52
    return "ok"
