"""Flask views with code their own constants rule out: a check's finding in a branch no run
takes is LOW, and says which test decides; the same code in a branch that runs keeps its rating."""

import hashlib
import os
import subprocess  # expect: B404

from flask import Flask, request

app = Flask(__name__)

LEGACY_EXPORT = False
SHOW_BANNER = True


@app.route("/export")
def export():
    name = request.args.get("name", "")
    if LEGACY_EXPORT:
        os.system("export-tool " + name)  # expect: B605:LOW
    else:
        subprocess.run(["export-tool", "--", name], check=True)  # expect: B603:LOW, B607
    return "ok"


@app.route("/export-live")
def export_live():
    name = request.args.get("name", "")
    if not LEGACY_EXPORT:
        os.system("export-tool " + name)  # expect: B605:HIGH<28
    return "ok"


@app.route("/digest", methods=["POST"])
def digest():
    password = request.form["password"]
    if (7 * 18) - 106 > 200:
        return hashlib.md5(password.encode()).hexdigest()  # expect: B324:LOW
    elif SHOW_BANNER:
        return hashlib.sha256(password.encode()).hexdigest()
    return hashlib.sha1(password.encode()).hexdigest()  # expect: B324:HIGH


@app.route("/digest-live", methods=["POST"])
def digest_live():
    password = request.form["password"]
    if (7 * 18) - 106 < 200:
        return hashlib.md5(password.encode()).hexdigest()  # expect: B324:HIGH
    return hashlib.sha256(password.encode()).hexdigest()


@app.route("/mode")
def mode():
    name = request.args.get("name", "")
    for legacy in (False, True):  # each round takes another branch: both run
        if legacy:
            os.system("export-tool " + name)  # expect: B605:HIGH<54
    return "ok"


DEPLOYMENT = "production-eu"


@app.route("/reindex")
def reindex():
    name = request.args.get("name", "")
    if DEPLOYMENT.startswith("dev"):
        os.system("reindex " + name)  # expect: B605:LOW
    return "ok"


@app.route("/reindex-live")
def reindex_live():
    name = request.args.get("name", "")
    if DEPLOYMENT.startswith("production"):
        os.system("reindex " + name)  # expect: B605:HIGH<74
    return "ok"


@app.route("/export-flagged")
def export_flagged():
    name = request.args.get("name", "")
    if name and LEGACY_EXPORT:  # false whatever the name: the flag is
        os.system("export-tool " + name)  # expect: B605:LOW
    return "ok"


@app.route("/export-flagged-live")
def export_flagged_live():
    name = request.args.get("name", "")
    if name and SHOW_BANNER:
        os.system("export-tool " + name)  # expect: B605:HIGH<90
    return "ok"
