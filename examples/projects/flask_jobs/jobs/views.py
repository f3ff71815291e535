"""The views: each passes its helper a checked value, but one."""

import re

from flask import Flask, abort, jsonify, request

from jobs.tasks import archive, compress, purge, reports

app = Flask(__name__)
ARCHIVE_KINDS = ("daily", "weekly")
ORDERS = {"name": "name", "newest": "id DESC"}


@app.post("/archive")
def run_archive():
    kind = request.form.get("kind", "daily")
    if kind not in ARCHIVE_KINDS:
        abort(400)
    archive(kind)
    return "queued"


@app.post("/archive/nightly")
def nightly_archive():
    archive("daily")
    return "queued"


@app.post("/compress")
def run_compress():
    compress(request.form.get("level", "1"))  # expect: SB078:HIGH<31
    return "queued"


@app.post("/purge")
def run_purge():
    purge(int(request.form.get("days", "30")))
    return "queued"


@app.get("/jobs")
def list_jobs():
    order = ORDERS.get(request.args.get("order", "name"), "name")
    return jsonify(reports.sorted_rows(order))


@app.get("/jobs/named")
def list_named_jobs():
    order = request.args.get("order", "name")
    if not re.fullmatch(r"[a-z_]+", order):
        abort(400)
    return jsonify(reports.sorted_rows(order))


@app.get("/jobs/search")
def search_jobs():
    return jsonify(reports.matching(request.args.get("name", "")))  # expect: SB089:HIGH<57
