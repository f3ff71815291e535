"""A Flask shop whose helpers read the request themselves (Flask's global `request`): views that
never mention the request still send the browser where the input says."""

from flask import Flask, redirect, request, url_for

app = Flask(__name__)


def return_to():
    return request.args.get("next", "/")


def home():
    return "/"


@app.route("/after-login")
def after_login():
    return redirect(return_to())  # expect: SB601:HIGH<10


@app.route("/after-logout")
def after_logout():
    return redirect(home())


@app.route("/cart/add", methods=["POST"])
def add_to_cart():
    # url_for builds a URL of this app: the item id is a path part, not a host
    return redirect(url_for("cart", added=request.form["item"]))


def local_target(target, default="/account"):
    """The target when it is a path of this site, else the default."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return default
    return target


def any_target(target, default="/account"):
    if not target:
        return default
    return target


@app.route("/continue")
def continue_to():
    # one return gives the caller's default, the other the checked target: neither undoes the
    # check of the other
    return redirect(local_target(request.args.get("next")))


@app.route("/continue-anywhere")
def continue_anywhere():
    return redirect(any_target(request.args.get("next")))  # expect: SB601:HIGH<55
