"""A Flask app checking where its `next` addresses go against hosts it lists: the operator's
configured patterns, or its own host; and the checks that are none."""

from fnmatch import fnmatch
from urllib.parse import urlparse

import requests
from flask import Flask, abort, current_app, redirect, request

app = Flask(__name__)


def is_safe_next(url):
    parsed = urlparse(url)
    hosts = current_app.config.get("SAFE_HOSTS") or [urlparse(request.host_url).netloc]
    host_ok = not parsed.netloc or any(fnmatch(parsed.netloc, pattern) for pattern in hosts)
    return host_ok and parsed.scheme in ("", "http", "https")


def is_safe_next_loose(url):
    parsed = urlparse(url)
    host_ok = not parsed.netloc or parsed.netloc.endswith("example.com")  # evilexample.com
    return host_ok and parsed.scheme in ("", "http", "https")


@app.route("/login")
def login():
    target = request.args.get("next", "/")
    if not is_safe_next(target):
        abort(400)
    return redirect(target)


@app.route("/login/loose")
def login_loose():
    target = request.args.get("next", "/")
    if not is_safe_next_loose(target):
        abort(400)
    return redirect(target)  # expect: SB601:HIGH<36


@app.route("/login/asked")
def login_asked():
    target = request.args.get("next", "/")
    netloc = urlparse(target).netloc
    if not any(fnmatch(netloc, pattern) for pattern in request.args.getlist("hosts")):
        abort(400)
    return redirect(target)  # expect: SB601:HIGH<44


@app.route("/again")
def again():
    # the address the browser asked for: this site
    return redirect(request.url)


@app.route("/fetch")
def fetch():
    # the site's own host is no check for a request the server makes: a client names it
    url = request.args["url"]
    if urlparse(url).netloc not in [urlparse(request.host_url).netloc]:
        abort(400)
    return requests.get(url, timeout=5).text  # expect: SB918:HIGH<60


@app.route("/login/exact")
def login_exact():
    target = request.args.get("next", "/")
    netloc = urlparse(target).netloc
    if netloc and not any(netloc == host for host in current_app.config["SAFE_HOSTS"]):
        abort(400)
    return redirect(target)


@app.route("/login/exact-asked")
def login_exact_asked():
    target = request.args.get("next", "/")
    netloc = urlparse(target).netloc
    if netloc and not any(netloc == host for host in request.args.getlist("hosts")):
        abort(400)
    return redirect(target)  # expect: SB601:HIGH<77


@app.route("/again/path")
def again_path():
    # the path alone may be //evil.example, which a browser takes for another host
    return redirect(request.path)  # expect: SB601:HIGH<87


@app.route("/login/listed")
def login_listed():
    # urlparse's hostname of https://evil.example\@shop.example/ is shop.example; a
    # browser reads the backslash as a slash and goes to evil.example
    target = request.args.get("next", "/")
    host = urlparse(target).hostname
    if host not in ["shop.example", "help.shop.example"]:
        abort(400)
    return redirect(target)  # expect: SB601:MEDIUM<94


@app.route("/login/listed-strict")
def login_listed_strict():
    target = request.args.get("next", "/")
    if "\\" in target:
        abort(400)
    host = urlparse(target).hostname
    if host not in ["shop.example", "help.shop.example"]:
        abort(400)
    return redirect(target)


@app.route("/login/listed-asked")
def login_listed_asked():
    target = request.args.get("next", "/")
    host = urlparse(target).hostname
    if host not in [request.args.get("host"), "shop.example"]:
        abort(400)
    return redirect(target)  # expect: SB601:HIGH<114


LANDING = "/home"
TRUSTED = frozenset({"shop.example", "help.shop.example"})


def safe_next(target, default=LANDING):
    # five returns, three of them the default: three ways out, each kept apart
    if not target or "\\" in target:
        return default
    parts = urlparse(target)
    if parts.scheme or parts.netloc:
        if parts.scheme == "https" and parts.netloc in TRUSTED:
            return target
        return default
    if target.startswith("/") and not target.startswith("//"):
        return target
    return default


def loose_next(target, default=LANDING):
    if not target:
        return default
    if urlparse(target).scheme in ("http", "https"):
        return target
    return default


@app.route("/signed-in")
def signed_in():
    return redirect(safe_next(request.args.get("next")))


@app.route("/signed-in-loose")
def signed_in_loose():
    return redirect(loose_next(request.args.get("next")))  # expect: SB601:HIGH<154


def tidy_target(target: str) -> bool:
    # browsers read a backslash as a slash: the host is checked as they would read it
    parts = urlparse(target.replace("\\", "/").strip())
    return parts.scheme in ("", "https") and parts.netloc in TRUSTED


@app.route("/signed-out")
def signed_out():
    target = request.args.get("next", "")
    if not tidy_target(target):
        target = "/"
    return redirect(target)


@app.route("/signed-out-loose")
def signed_out_loose():
    target = request.args.get("next", "")
    if not target.startswith(("/", "https://")):
        target = "/"
    return redirect(target)  # expect: SB601:HIGH<173
