"""Queries of a small notes service (Flask with sqlite3, FastAPI with SQLAlchemy, Django with its
cursor): request data reaches the text of SQL statements."""

import html
import sqlite3

from django.db import connection
from django.http import JsonResponse
from django.urls import path
from fastapi import FastAPI
from flask import Flask, abort, jsonify, request
from sqlalchemy import create_engine, text

app = Flask(__name__)
api = FastAPI()
engine = create_engine("sqlite:///notes.db")
COLUMNS = ("title", "created", "owner")
NOTES_QUERY = "SELECT id FROM notes WHERE "
SAVED = {"open": "SELECT id FROM notes WHERE archived = 0", "all": "SELECT id FROM notes"}


def db():
    return sqlite3.connect("notes.db")


@app.route("/notes")
def notes():
    owner = request.args["owner"]
    query = "SELECT id, title FROM notes WHERE owner = '" + owner + "'"  # expect: B608<28
    rows = db().execute(query).fetchall()
    return jsonify(count=len(rows))


@app.route("/notes-safe")
def notes_safe():
    owner = request.args["owner"]
    rows = db().execute("SELECT id, title FROM notes WHERE owner = ?", (owner,)).fetchall()
    return jsonify(count=len(rows))


@app.route("/sorted")
def sorted_notes():
    column = request.args.get("sort", "title")
    query = "SELECT id FROM notes ORDER BY {}".format(column)  # expect: B608<43
    return jsonify(count=len(db().execute(query).fetchall()))


@app.route("/sorted-safe")
def sorted_notes_safe():
    column = request.args.get("sort", "title")
    if column not in COLUMNS:
        abort(400)
    query = "SELECT id FROM notes ORDER BY {}".format(column)  # expect: B608
    return jsonify(count=len(db().execute(query).fetchall()))


@app.route("/tagged")
def tagged():
    tag = html.escape(request.args["tag"])
    query = f"SELECT id FROM notes WHERE tag = '{tag}'"  # expect: B608<59
    return jsonify(count=len(db().execute(query).fetchall()))


@app.route("/page")
def page():
    number = int(request.args.get("page", "1"))
    query = "SELECT id FROM notes LIMIT 20 OFFSET %d" % (number * 20)  # expect: B608
    return jsonify(count=len(db().execute(query).fetchall()))


@app.route("/page-raw")
def page_raw():
    number = request.args.get("page", "1")
    query = "SELECT id FROM notes LIMIT 20 OFFSET %s" % number  # expect: B608<73
    return jsonify(count=len(db().execute(query).fetchall()))


@app.route("/admin/query", methods=["POST"])
def admin_query():
    rows = db().execute(request.form["sql"]).fetchall()  # expect: SB089:HIGH<80
    return jsonify(count=len(rows))


@app.route("/admin/saved", methods=["POST"])
def admin_saved():
    name = request.form["report"]
    if name not in SAVED:
        abort(404)
    rows = db().execute(SAVED[name]).fetchall()
    return jsonify(count=len(rows))


@api.get("/api/notes/{owner}")
def api_notes(owner: str):
    where = " AND ".join(["archived = 0", "owner = '%s'" % html.escape(owner)])
    with engine.connect() as conn:
        rows = conn.execute(text(NOTES_QUERY + where)).fetchall()  # expect: SB089:HIGH<94
    return {"count": len(rows)}


@api.get("/api/notes/by-id/{note_id}")
def api_note(note_id: int):
    where = " AND ".join(["archived = 0", "id = %d" % note_id])
    with engine.connect() as conn:
        rows = conn.execute(text(NOTES_QUERY + where)).fetchall()
    return {"count": len(rows)}


def report(request):
    filters = {"owner": request.GET.get("owner", ""), "state": "open"}
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM notes WHERE state = '%s'" % filters["state"])  # expect: B608
        cursor.execute("SELECT count(*) FROM notes WHERE owner = '%s'" % filters["owner"])  # expect: B608<110
        return JsonResponse({"total": cursor.fetchone()[0]})


def report_safe(request):
    owner = request.GET.get("owner", "")
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM notes WHERE owner = %s", [owner])
        return JsonResponse({"total": cursor.fetchone()[0]})


@app.route("/sorted-pick")
def sorted_pick():
    wanted = request.args.get("sort", "title")
    column = wanted if wanted in COLUMNS else "title"
    query = "SELECT id FROM notes ORDER BY {}".format(column)  # expect: B608
    return jsonify(count=len(db().execute(query).fetchall()))


@app.route("/sorted-pick-raw")
def sorted_pick_raw():
    wanted = request.args.get("sort", "title")
    column = wanted if wanted not in COLUMNS else "title"
    query = "SELECT id FROM notes ORDER BY {}".format(column)  # expect: B608<134
    return jsonify(count=len(db().execute(query).fetchall()))


@app.route("/sorted-known")
def sorted_known():
    column = request.args.get("sort", "title")
    if column not in frozenset(COLUMNS):
        abort(400)
    return jsonify(rows=db().execute("SELECT id FROM notes ORDER BY " + column).fetchall())  # expect: B608:LOW


urlpatterns = [
    path("report/", report),
    path("report-safe/", report_safe),
]


@app.route("/tagged")
def tagged():
    tags = request.args.getlist("tag")
    marks = []
    for _ in tags:
        marks.append("?")
    query = "SELECT id FROM notes WHERE tag IN (" + ", ".join(marks) + ")"  # expect: B608:LOW
    found = db().execute(query, tags).fetchall()
    query = "SELECT id FROM notes WHERE tag IN ({})".format(",".join("?" * len(tags)))  # expect: B608:LOW
    found += db().execute(query, tags).fetchall()
    query = "SELECT id FROM notes WHERE tag IN (" + ", ".join(tags) + ")"  # expect: B608:HIGH<156
    found += db().execute(query).fetchall()
    return jsonify(count=len(found))


def report_owner(request, owner_id):
    # `<int:owner_id>`: Django's converter lets digits through only
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM notes WHERE owner_id = {owner_id}")  # expect: B608:LOW
        return JsonResponse({"total": cursor.fetchone()[0]})


def report_tag(request, tag):
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM notes WHERE tag = '{tag}'")  # expect: B608:HIGH<176
        return JsonResponse({"total": cursor.fetchone()[0]})


urlpatterns += [
    path("report/owner/<int:owner_id>/", report_owner),
    path("report/tag/<str:tag>/", report_tag),
]


@app.route("/members/by-email")
def member_by_email():
    # the address is bound as a parameter: it travels apart from the SQL text
    email = request.args["email"]
    query = text("SELECT id FROM members WHERE email = :email").bindparams(email=email)
    with engine.connect() as conn:
        return jsonify(conn.execute(query).fetchall())


@app.route("/members/by-email-built")
def member_by_email_built():
    email = request.args["email"]
    query = text(f"SELECT id FROM members WHERE email = '{email}'").bindparams()  # expect: B608:HIGH<199
    with engine.connect() as conn:
        return jsonify(conn.execute(query).fetchall())  # expect: SB089:HIGH<199


@app.route("/notes/cheaper")
def notes_cheaper():
    # float() called for its exception alone: past it, the text is a number's
    limit = request.args["below"]
    float(limit)
    return jsonify(db().execute("SELECT * FROM notes WHERE cost < " + limit).fetchall())  # expect: B608:LOW


@app.route("/notes/cheaper-unchecked")
def notes_cheaper_unchecked():
    limit = request.args["below"]
    try:
        float(limit)
    except ValueError:
        pass  # noted, and used anyway
    return jsonify(db().execute("SELECT * FROM notes WHERE cost < " + limit).fetchall())  # expect: B608:HIGH<215


NOTE_TAGS = ("work", "home", "urgent")


@app.route("/notes/tagged")
def notes_tagged():
    # only the tags that pass the comprehension's test are kept: each is one of NOTE_TAGS
    tags = [t for t in request.args.getlist("tag") if t in NOTE_TAGS]
    where = " OR ".join("tag = '" + t + "'" for t in tags) or "1 = 1"
    return jsonify(db().execute("SELECT * FROM notes WHERE " + where).fetchall())  # expect: B608:LOW


@app.route("/notes/tagged-any")
def notes_tagged_any():
    tags = [t for t in request.args.getlist("tag") if t]
    where = " OR ".join("tag = '" + t + "'" for t in tags) or "1 = 1"
    return jsonify(db().execute("SELECT * FROM notes WHERE " + where).fetchall())  # expect: B608:HIGH<236


@app.route("/notes/sorted")
def notes_sorted():
    # the client's options, with the sort order then set by the code: that key is a constant
    options = request.args.to_dict()
    options.update({"sort": "created"})
    column = options.setdefault("sort", "title")
    return jsonify(db().execute("SELECT * FROM notes ORDER BY " + column).fetchall())  # expect: B608:LOW


@app.route("/notes/sorted-asked")
def notes_sorted_asked():
    options = request.args.to_dict()
    options.update({"page": "1"})
    column = options.setdefault("sort", "title")
    return jsonify(db().execute("SELECT * FROM notes ORDER BY " + column).fetchall())  # expect: B608:HIGH<252


@app.route("/notes/by-owner", methods=["POST"])
def notes_by_owner():
    # a key the code sets leaves the body's other keys what the client sent
    body = request.get_json()
    body["owner"] = "me"
    tag = body.get("tag", "")
    return jsonify(db().execute("SELECT * FROM notes WHERE tag = '" + tag + "'").fetchall())  # expect: B608:HIGH<261


@app.route("/notes/mine", methods=["POST"])
def notes_mine():
    body = request.get_json()
    body["owner"] = "me"
    return jsonify(db().execute("SELECT * FROM notes WHERE owner = '" + body["owner"] + "'").fetchall())  # expect: B608:LOW


@app.route("/notes/by-tag")
def notes_by_tag():
    import re

    tag = request.args.get("tag", "")
    if not re.fullmatch(r"[a-z][a-z0-9 -]{0,30}", tag):
        abort(400)
    # between the query's quotes, a tag without a quote or backslash stays a literal
    return jsonify(db().execute("SELECT * FROM notes WHERE tag = '" + tag + "'").fetchall())  # expect: B608:LOW


@app.route("/notes/by-rank")
def notes_by_rank():
    import re

    rank = request.args.get("rank", "")
    if not re.fullmatch(r"[a-z][a-z0-9 -]{0,30}", rank):
        abort(400)
    # no quotes around it: `1 or rank` is letters and spaces
    return jsonify(db().execute("SELECT * FROM notes WHERE rank = " + rank).fetchall())  # expect: B608:HIGH<289


@app.route("/notes/matching")
def notes_matching():
    # a mapping built from the query string: its keys are the client's column names
    filters = {key: value for key, value in request.args.items()}
    where = " AND ".join(f"{column} = ?" for column in filters) or "1 = 1"
    sql = "SELECT id FROM notes WHERE " + where  # expect: B608:HIGH<299
    return jsonify(db().execute(sql, list(filters.values())).fetchall())


@app.route("/notes/matching-known")
def notes_matching_known():
    # only keys naming a known column are kept; the values go as parameters
    filters = {key.lower(): value for key, value in request.args.items() if key in COLUMNS}
    where = " AND ".join(f"{column} = ?" for column in filters) or "1 = 1"
    sql = "SELECT id FROM notes WHERE " + where  # expect: B608:LOW
    return jsonify(db().execute(sql, list(filters.values())).fetchall())
