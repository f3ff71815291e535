"""A search page whose templates decide what reaches the page unescaped: one writes the query
with |safe, one escapes it, and a text template Flask escapes nothing of."""

from flask import Flask, render_template, request

app = Flask(__name__)


@app.route("/search")
def search():
    query = request.args.get("q", "")
    return render_template("results.html", query=query, count=0)  # expect: SB079:HIGH<11


@app.route("/search-escaped")
def search_escaped():
    query = request.args.get("q", "")
    return render_template("results.html", title=query, count=0)


@app.route("/search.txt")
def search_text():
    query = request.args.get("q", "")
    return render_template("results.txt", query=query)  # expect: SB079:HIGH<23
