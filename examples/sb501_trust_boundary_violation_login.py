"""A Flask sign-in: the session keeps a row the database gave back, or the name the user typed."""

import sqlite3

from flask import Flask, request, session

app = Flask(__name__)


@app.route("/login", methods=["POST"])
def login():
    name = request.form["name"]
    db = sqlite3.connect("accounts.db")
    row = db.execute("SELECT id FROM users WHERE name = ?", (name,)).fetchone()
    if row is None:
        return "unknown user", 403
    session["user_id"] = row[0]
    session["display_name"] = name  # expect: SB501:HIGH<12
    return "ok"
