"""Views: each reads the request and hands the value to a helper of another module."""

from flask import Flask, request

from . import exporter
from .exporter import Archive, export_orders_quoted

app = Flask(__name__)


@app.route("/export")
def export():
    customer = request.args["customer"]
    exporter.export_orders(customer)  # expect: SB078:HIGH<13
    return "queued"


@app.route("/export-quoted")
def export_quoted():
    customer = request.args["customer"]
    export_orders_quoted(customer)
    return "queued"


@app.route("/archive")
def archive():
    folder = request.args.get("folder", "exports")
    Archive(folder).pack("orders")  # expect: SB078:HIGH<27
    return "packed"


@app.route("/archive-fixed")
def archive_fixed():
    Archive("/srv/archive").pack("orders")
    return "packed"
