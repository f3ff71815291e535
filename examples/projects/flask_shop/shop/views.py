"""Views: each reads the request and hands the value to a helper of another module."""

import os

from flask import Flask, request, session

from . import checks, exporter
from .accounts import Accounts
from .settings import QUOTED_REPORTS, RAW_REPORTS
from .exporter import Archive, export_orders_quoted

app = Flask(__name__)


@app.route("/export")
def export():
    customer = request.args["customer"]
    exporter.export_orders(customer)  # expect: SB078:HIGH<17
    return "queued"


@app.route("/export-quoted")
def export_quoted():
    customer = request.args["customer"]
    export_orders_quoted(customer)
    return "queued"


@app.route("/archive")
def archive():
    folder = request.args.get("folder", "exports")
    Archive(folder).pack("orders")  # expect: SB078:HIGH<31
    return "packed"


@app.route("/archive-fixed")
def archive_fixed():
    Archive("/srv/archive").pack("orders")
    return "packed"


def queue_export(customer):
    """A helper of this module between the view and the other module's shell."""
    exporter.export_orders(customer)


@app.route("/export-later")
def export_later():
    queue_export(request.args["customer"])  # expect: SB078:HIGH<49
    return "queued"


@app.route("/export-mine")
def export_mine():
    queue_export(session_customer())
    return "queued"


def session_customer():
    return "c-1001"


@app.route("/report-known")
def report_known():
    customer = request.args["customer"]
    if not checks.known_customer(customer):  # a predicate of another module
        return "unknown customer", 404
    return str(os.system("report --customer=" + customer))  # expect: B605:LOW


@app.route("/report-any")
def report_any():
    customer = request.args["customer"]
    return str(os.system("report --customer=" + customer))  # expect: B605:HIGH<73


@app.route("/report-raw")
def report_raw():
    # the switch is off where it is defined: the command is always the summary
    customer = request.args["customer"]
    if RAW_REPORTS:
        command = "report --customer=" + customer
    else:
        command = "report --summary"
    return str(os.system(command))  # expect: B605:LOW


@app.route("/report-quoted")
def report_quoted():
    customer = request.args["customer"]
    if QUOTED_REPORTS:
        command = "report --customer=" + customer
    else:
        command = "report --summary"
    return str(os.system(command))  # expect: B605:HIGH<90


@app.route("/archive-shared")
def archive_shared():
    # a method of an object another module made at its top level
    exporter.shared_archive.pack(request.args.get("name", "orders"))  # expect: SB078:HIGH<101
    return "packed"


@app.route("/archive-shared-fixed")
def archive_shared_fixed():
    exporter.shared_archive.pack("orders")
    return "packed"


@app.route("/login", methods=["POST"])
def login():
    row = Accounts().sign_in(request.form["name"])
    session["uid"] = row[0]
    return "signed in"


@app.route("/login-named", methods=["POST"])
def login_named():
    name = request.form["name"]
    Accounts().sign_in(name)
    session["name"] = name  # expect: SB501:HIGH<120
    return "signed in"
