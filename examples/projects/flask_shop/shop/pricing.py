"""Prices worked out by evaluating a formula chosen from another module's table."""

from . import formulas
from .formulas import FORMULAS, TUNED


def apply(rule, price):
    return eval(FORMULAS[rule], {}, {"price": price})  # expect: B307:LOW


def apply_named(rule, price):
    return eval(formulas.FORMULAS.get(rule, "price"), {}, {"price": price})  # expect: B307:LOW


def apply_tuned(rule, price):
    return eval(TUNED[rule], {}, {"price": price})  # expect: B307:HIGH
