"""Reports read into pandas: the query text pandas runs."""

import sqlite3

import pandas as pd
from flask import Flask, request

app = Flask(__name__)


@app.route("/sales")
def sales():
    region = request.args.get("region", "")
    frame = pd.read_sql(f"SELECT * FROM sales WHERE region = '{region}'", sqlite3.connect("s.db"))  # expect: B608:HIGH<13
    return frame.to_json()


@app.route("/sales-bound")
def sales_bound():
    region = request.args.get("region", "")
    frame = pd.read_sql("SELECT * FROM sales WHERE region = ?", sqlite3.connect("s.db"), params=[region])
    return frame.to_json()
