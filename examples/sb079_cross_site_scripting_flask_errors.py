"""Error pages of a Flask catalogue: a view returns (body, status), the body built from input."""

import html

from flask import Flask, request

app = Flask(__name__)


@app.route("/item")
def item():
    sku = request.args.get("sku", "")
    return f"<p>No item {sku}</p>", 404  # expect: SB079:HIGH<12


@app.route("/item-escaped")
def item_escaped():
    sku = request.args.get("sku", "")
    return f"<p>No item {html.escape(sku)}</p>", 404


@app.route("/item-json")
def item_json():
    sku = request.args.get("sku", "")
    return {"missing": sku}, 404, {"Cache-Control": "no-store"}
