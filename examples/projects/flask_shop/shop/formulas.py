"""Pricing formulas the shop evaluates: every one of them is written here."""

import os

FORMULAS = {"double": "price * 2", "half": "price / 2"}
#: one formula comes from the environment: the operator's, not the code's
TUNED = {"base": "price", "tuned": os.environ.get("SHOP_TUNED_FORMULA", "price")}
