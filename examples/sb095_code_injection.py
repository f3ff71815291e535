"""Rule expressions of a small pricing service (Flask and FastAPI): request data compiled and run
as Python code."""

import ast
import json

from fastapi import FastAPI
from flask import Flask, abort, jsonify, request

app = Flask(__name__)
api = FastAPI()
OPERATORS = {"+": "add", "-": "sub"}
FIELDS = ("price", "weight", "quantity")


@app.route("/rule", methods=["POST"])
def check_rule():
    expr = request.form["expr"]
    code = compile(expr, "<rule>", "eval")  # expect: SB095:HIGH<18
    return jsonify(names=list(code.co_names))


@app.route("/rule-safe", methods=["POST"])
def check_rule_safe():
    value = ast.literal_eval(request.form["expr"])
    return jsonify(value=repr(value))


@app.route("/field")
def field():
    name = request.args.get("field", "price")
    code = compile("item." + name + " * 2", "<field>", "eval")  # expect: SB095:HIGH<31
    return jsonify(names=list(code.co_names))


@app.route("/field-safe")
def field_safe():
    name = request.args.get("field", "price")
    if name not in FIELDS:
        abort(400)
    code = compile("item." + name + " * 2", "<field>", "eval")
    return jsonify(names=list(code.co_names))


@app.route("/discount")
def discount():
    percent = request.args["percent"]
    return jsonify(value=eval("price * (100 - %s) / 100" % percent, {"price": 10}))  # expect: B307<47


@app.route("/discount-safe")
def discount_safe():
    percent = float(request.args["percent"])
    return jsonify(value=eval("price * (100 - %s) / 100" % percent, {"price": 10}))  # expect: B307


@api.post("/formula")
def formula(body: str):
    settings = {"mode": "strict", "formula": body}
    code = compile(settings["formula"], "<formula>", "exec")  # expect: SB095:HIGH<58
    return {"names": list(code.co_names)}


@api.post("/formula-safe")
def formula_safe(body: str):
    settings = {"mode": "strict", "formula": body}
    code = compile(settings["mode"], "<formula>", "eval")
    return {"names": list(code.co_names), "data": json.loads(body)}


class Calculator:
    SYMBOLS = frozenset({"+", "-", "*"})

    def compute(self, left, symbol, right):
        if symbol not in self.SYMBOLS:
            raise ValueError("unknown operator")
        return eval(f"{float(left)} {symbol} {float(right)}")  # expect: B307:LOW

    def compute_any(self, left, symbol, right):
        return eval(f"{float(left)} {symbol} {float(right)}")  # expect: B307:HIGH


@app.route("/calculate")
def calculate():
    left, symbol, right = request.args["l"], request.args["op"], request.args["r"]
    checked = Calculator().compute(left, symbol, right)
    unchecked = Calculator().compute_any(left, symbol, right)  # expect: SB095:HIGH<85
    return jsonify(checked=checked, unchecked=unchecked)


PRICE_RULES = {"basic": "seats * 5", "team": "seats * 4 + 20"}


@app.route("/plan-price")
def plan_price():
    plan, seats = request.args["plan"], int(request.args["seats"])
    listed = eval(PRICE_RULES.get(plan, "seats * 5"), {}, {"seats": seats})  # expect: B307:LOW
    given = eval(PRICE_RULES.get(plan, plan), {}, {"seats": seats})  # expect: B307:HIGH<96
    return jsonify(listed=listed, given=given)


@app.route("/formula/spelled")
def formula_spelled():
    # the text is copied character by character from the code's own constant
    formula = ""
    for char in "2 * 21":
        formula += char
    return jsonify(value=eval(formula))  # expect: B307:LOW


@app.route("/formula/copied")
def formula_copied():
    formula = ""
    for char in request.args.get("formula", ""):
        formula += char
    return jsonify(value=eval(formula))  # expect: B307:HIGH<114


@app.route("/layout")
def layout():
    # a repr is a Python literal of the text: the code cannot be broken out of
    name = request.args.get("layout", "default")
    scope: dict = {}
    exec(f"selected = {name!r}", {}, scope)  # expect: B102:LOW
    exec(f"selected = '{name}'", {}, scope)  # expect: B102:HIGH<122
    return jsonify(scope)


from typing import Literal  # noqa: E402

from pydantic import BaseModel  # noqa: E402


class Threshold(BaseModel):
    field: Literal["amount", "quantity"]
    op: Literal["<", ">", "=="]
    limit: int


class Freeform(BaseModel):
    expression: str


class RuleRunner:
    def run_threshold(self, rule: Threshold, sample: dict) -> bool:
        # pydantic let only the declared choices into the rule's fields
        condition = " ".join([rule.field, rule.op, str(rule.limit)])
        return bool(eval(condition, {"__builtins__": {}}, sample))  # expect: B307:LOW

    def run_freeform(self, rule: Freeform, sample: dict) -> bool:
        return bool(eval(rule.expression, {"__builtins__": {}}, sample))  # expect: B307


@api.post("/rules/threshold")
def threshold_rule(rule: Threshold):
    return {"matched": RuleRunner().run_threshold(rule, {"amount": 3, "quantity": 1})}


@api.post("/rules/freeform")
def freeform_rule(rule: Freeform):
    return {"matched": RuleRunner().run_freeform(rule, {"amount": 3})}  # expect: SB095:HIGH


class RuleName(str, Enum):
    BULK = "bulk"
    LOYALTY = "loyalty"


#: the service's own rules, compiled once, by name
COMPILED_RULES = {
    RuleName.BULK: compile("discount = 0.1 if qty >= 10 else 0.0", "<bulk>", "exec"),
    RuleName.LOYALTY: compile("discount = min(0.05 * years, 0.25)", "<loyalty>", "exec"),
}


@api.post("/discounts/{rule}")
def named_discount(rule: RuleName, qty: int = 1, years: int = 0):
    scope = {"qty": qty, "years": years}
    exec(COMPILED_RULES[rule], {"__builtins__": {}}, scope)  # expect: B102:LOW
    return {"discount": scope.get("discount", 0.0)}


@api.post("/discounts-custom")
def custom_discount(source: str, qty: int = 1):
    scope = {"qty": qty}
    exec(compile(source, "<custom>", "exec"), {"__builtins__": {}}, scope)  # expect: B102, SB095:HIGH<184
    return {"discount": scope.get("discount", 0.0)}


from enum import Enum  # noqa: E402


# a match object's group 0 is text the pattern matched whole: sums of digits only, or anything
SUMS = re.compile(r"\s*[0-9]{1,9}(?:\s*[-+]\s*[0-9]{1,9}){0,20}\s*")


@app.post("/sum")
def add_up():
    if (found := SUMS.fullmatch(request.form.get("expr", "0"))) is None:
        abort(400)
    return jsonify(total=eval(found.group(0), {"__builtins__": {}}))  # expect: B307:LOW


@app.post("/sum-loose")
def add_up_loosely():
    found = re.match(r"(.+)", request.form.get("expr", "0"))
    if found is None:
        abort(400)
    return jsonify(total=eval(found.group(0), {"__builtins__": {}}))  # expect: B307:HIGH<206


import re  # noqa: E402
