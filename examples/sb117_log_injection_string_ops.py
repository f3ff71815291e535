"""String operations whose result the code's own text decides, and their twins that give the
input back: the last field after a constant separator, a replace that finds nothing."""

import logging
import os

from flask import Flask, request, session

app = Flask(__name__)
log = logging.getLogger(__name__)


@app.route("/note-owner", methods=["POST"])
def note_owner():
    note = request.form.get("note", "")
    owner = f"{note}|anonymous".split("|")[-1]  # "anonymous", whatever the note holds
    log.info("owner %s", owner)
    return "ok"


@app.route("/note-head", methods=["POST"])
def note_head():
    note = request.form.get("note", "")
    head = f"{note}|anonymous".split("|")[0]
    log.info("note %s", head)  # expect: SB117:HIGH<23
    return "ok"


@app.route("/report")
def report():
    folder = request.args.get("folder", "")
    name = "/".join([folder, "report.txt"]).rsplit("/", 1)[1]  # "report.txt"
    with open(os.path.join("/srv/reports", name)) as handle:
        return handle.read()


@app.route("/report-folder")
def report_folder():
    folder = request.args.get("folder", "")
    name = "/".join([folder, "report.txt"]).rsplit("/", 1)[0]
    with open(os.path.join("/srv/reports", name)) as handle:  # expect: SB022:HIGH<39
        return handle.read()


@app.route("/role")
def role():
    session["role"] = "ROLE".replace("NONE", request.args.get("role", ""))
    return "ok"


@app.route("/role-chosen")
def role_chosen():
    session["role"] = "ROLE".replace("ROLE", request.args.get("role", ""))  # expect: SB501:HIGH<53
    return "ok"


@app.route("/search-audit")
def search_audit():
    query = request.args.get("q", "")
    log.info("search query={query} from {addr}".format(query=query, addr="web"))  # expect: SB117:HIGH<59
    return "ok"


@app.route("/search-audit-repr")
def search_audit_repr():
    # a repr writes a line break as the two characters `\n`: one log line whatever the query
    query = request.args.get("q", "")
    log.info("search query={query!r} from {addr}".format(query=query, addr="web"))
    log.info("search query " + repr(query))
    return "ok"
