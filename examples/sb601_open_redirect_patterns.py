"""A Flask app that lets a `next` address through only when a pattern matches all of it: a
path on this site, or, by a pattern that allows more, another host."""

import re

from flask import Flask, redirect, request

app = Flask(__name__)

#: a path from the root; "//evil.example" matches it too, so the code rules that out apart
SITE_PATH = re.compile(r"/[A-Za-z0-9_/-]*")
#: a path from the root whose second character is no "/"
SINGLE_SLASH = re.compile(r"/[A-Za-z0-9_-][A-Za-z0-9_/-]*")
#: path segments, each of one or more characters: never "//"
SEGMENTS = re.compile(r"/[A-Za-z0-9_\-]+(?:/[A-Za-z0-9_\-]+)*/?")
#: a segment may be empty: "//evil.example" matches
#: a lookahead keeps the second character from being a "/"
NOT_TWO = re.compile(r"/(?!/)[A-Za-z0-9_/-]*")
LOOSE_SEGMENTS = re.compile(r"/[A-Za-z0-9_\-]*(?:/[A-Za-z0-9_\-]+)*/?")


@app.route("/continue")
def continue_to():
    target = request.args.get("next", "")
    if not SITE_PATH.fullmatch(target) or target.startswith("//"):
        target = "/"
    return redirect(target)


@app.route("/continue-any")
def continue_any():
    target = request.args.get("next", "")
    if not SITE_PATH.fullmatch(target):
        target = "/"
    return redirect(target)  # expect: SB601:HIGH<32


@app.route("/resume")
def resume():
    target = request.args.get("next", "")
    if SINGLE_SLASH.fullmatch(target) is None:
        return redirect("/")
    return redirect(target)


@app.route("/resume-searched")
def resume_searched():
    target = request.args.get("next", "")
    if SINGLE_SLASH.match(target) is None:  # from the start, not to the end
        return redirect("/")
    return redirect(target)  # expect: SB601:HIGH<48


@app.route("/return")
def return_to():
    target = request.args.get("next", "")
    if not SEGMENTS.fullmatch(target):
        target = "/"
    return redirect(target)


@app.route("/return-loose")
def return_loose():
    target = request.args.get("next", "")
    if not LOOSE_SEGMENTS.fullmatch(target):
        target = "/"
    return redirect(target)  # expect: SB601:HIGH<64


@app.route("/return-lookahead")
def return_lookahead():
    target = request.args.get("next", "")
    if not NOT_TWO.fullmatch(target):
        target = "/"
    return redirect(target)


#: "/" alone, or "/" and a path whose first character is no "/"
ROOT_OR_PATH = re.compile(r"/(?:[A-Za-z0-9_-][A-Za-z0-9_/.-]*)?")
#: the same, but the first character after "/" may be one: "//evil.example" matches
ROOT_OR_ANY = re.compile(r"/(?:[A-Za-z0-9_/-][A-Za-z0-9_/.-]*)?")


@app.route("/return-optional")
def return_optional():
    target = request.args.get("next", "")
    if not ROOT_OR_PATH.fullmatch(target):
        target = "/"
    return redirect(target)


@app.route("/return-optional-any")
def return_optional_any():
    target = request.args.get("next", "")
    if not ROOT_OR_ANY.fullmatch(target):
        target = "/"
    return redirect(target)  # expect: SB601:HIGH<94


#: a path from the root whose next character is neither "/" nor "\": no host can follow
NO_SECOND_SLASH = re.compile(r"^/(?![/\\])[A-Za-z0-9/_.-]*$")
#: the lookahead rules out letters only: "//evil.example" matches
NO_LETTER_NEXT = re.compile(r"^/(?![a-z])[A-Za-z0-9/_.-]*$")


@app.route("/return-set-lookahead")
def return_set_lookahead():
    target = request.args.get("next", "")
    return redirect(target if NO_SECOND_SLASH.fullmatch(target) else "/")


@app.route("/return-letter-lookahead")
def return_letter_lookahead():
    target = request.args.get("next", "")
    return redirect(target if NO_LETTER_NEXT.fullmatch(target) else "/")  # expect: SB601:HIGH<114


# alternatives, each starting with "/" and a character other than "/": a path on this site
SEGMENTS = re.compile(r"/|(?:/[A-Za-z0-9_.~-]+)+/?")
# the second alternative lets "//host" through
LOOSE_PATH = re.compile(r"/|/[A-Za-z0-9_.~/-]+")


@app.route("/return-segments")
def return_segments():
    target = request.args.get("next", "/")
    if not SEGMENTS.fullmatch(target):
        target = "/"
    return redirect(target)


@app.route("/return-segments-loose")
def return_segments_loose():
    target = request.args.get("next", "/")
    if not LOOSE_PATH.fullmatch(target):
        target = "/"
    return redirect(target)  # expect: SB601:HIGH<134
