"""A Flask search over SQLAlchemy models: the expression API binds values as parameters, text
and strings pasted into SQL do not."""

from flask import Flask, jsonify, request
from sqlalchemy import String, cast, create_engine, or_, select, text
from sqlalchemy.orm import Session

from .models import Product

app = Flask(__name__)
engine = create_engine("sqlite:///shop.db")


@app.route("/search")
def search():
    term = request.args.get("q", "")
    stmt = select(Product).filter(
        or_(cast(Product.name, String).ilike(f"%{term}%"), Product.sku.in_([term]))
    )
    with Session(engine) as session:
        return jsonify([p.id for p in session.execute(stmt.limit(20)).scalars()])


@app.route("/search/by-owner")
def search_by_owner():
    owner = request.args.get("owner", "")
    with Session(engine) as session:
        rows = session.query(Product).filter_by(owner=owner).all()
        return jsonify([p.id for p in rows])


@app.route("/search/raw")
def search_raw():
    term = request.args.get("q", "")
    with Session(engine) as session:
        rows = session.execute(text(f"SELECT id FROM product WHERE name LIKE '%{term}%'"))  # expect: B608:HIGH<34
        return jsonify([r.id for r in rows])


@app.route("/search/contains")
def search_contains():
    # contains() and startswith() bind the term as a parameter, as ilike() does
    term = request.args.get("q", "")
    stmt = select(Product).where(Product.name.contains(term) | Product.sku.startswith(term))
    with Session(engine) as session:
        return jsonify([p.id for p in session.execute(stmt).scalars()])


@app.route("/search/where-text")
def search_where_text():
    # one result, at text(): the statement around it only carries its SQL on to execute()
    term = request.args.get("q", "")
    with Session(engine) as session:
        rows = session.execute(select(Product).where(text(f"name = '{term}'")))  # expect: SB089:HIGH<52
        return jsonify([p.id for p in rows.scalars()])
