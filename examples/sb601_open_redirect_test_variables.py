"""A Flask app whose checks keep their answer in a variable first (`ok = ...`, then `if not ok`):
the answer stands for the test while what the test read is unchanged."""

import os
from urllib.parse import urlparse

from flask import Flask, abort, redirect, request

app = Flask(__name__)
TRUSTED_HOSTS = {"shop.example", "help.shop.example"}


@app.route("/continue")
def continue_to():
    target = request.args["next"]
    trusted = urlparse(target).netloc in TRUSTED_HOSTS
    if not trusted:
        abort(400)
    return redirect(target)


@app.route("/continue/other")
def continue_to_other():
    target = request.args["next"]
    trusted = urlparse(target).netloc in TRUSTED_HOSTS
    target = request.args.get("then", target)  # changed after the test
    if not trusted:
        abort(400)
    return redirect(target)  # expect: SB601:MEDIUM<26


@app.route("/continue/forced")
def continue_forced():
    target = request.args["next"]
    trusted = urlparse(target).netloc in TRUSTED_HOSTS
    if request.args.get("force"):
        trusted = True  # no longer the test's answer on this way
    if not trusted:
        abort(400)
    return redirect(target)  # expect: SB601:HIGH<34


def is_trusted(target):
    host_ok = urlparse(target).netloc in TRUSTED_HOSTS
    return host_ok and target.startswith("https://")


@app.route("/continue/checked")
def continue_checked():
    target = request.args["next"]
    if is_trusted(target):
        return redirect(target)
    return redirect("/")


@app.route("/greet")
def greet():
    name = request.args["name"]
    plain = name.isalnum()
    if plain:
        os.system("banner " + name)  # expect: B605:LOW
    return "ok"


@app.route("/continue/both")
def continue_both():
    # an answer built on itself (`ok = ok and ...`) is kept for no test: it would stand for
    # itself, without end
    first = request.args["next"]
    second = request.args["then"]
    ok = urlparse(first).netloc in TRUSTED_HOSTS
    ok = ok and urlparse(second).netloc in TRUSTED_HOSTS
    if not ok:
        abort(400)
    return redirect(second)  # expect: SB601:HIGH<70


@app.route("/continue/either")
def continue_either():
    # answers that stand for each other are each followed once
    target = request.args["next"]
    near = urlparse(target).netloc in TRUSTED_HOSTS
    far = near or target.startswith("https://help.")
    near = far or target.endswith(".example")
    if not near:
        abort(400)
    return redirect(target)  # expect: SB601:HIGH<81


@app.route("/continue/configured")
def continue_configured():
    # the hosts the operator configured hold nothing of the request
    target = request.args["next"]
    if urlparse(target).netloc not in app.config["TRUSTED_HOSTS"]:
        abort(400)
    return redirect(target)


@app.route("/continue/asked")
def continue_asked():
    target = request.args["next"]
    if urlparse(target).netloc not in request.args.getlist("hosts"):
        abort(400)
    return redirect(target)  # expect: SB601:HIGH<101
