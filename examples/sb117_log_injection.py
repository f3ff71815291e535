"""Audit logging of a Flask app, a FastAPI app and a command-line tool: untrusted text pasted
into log messages."""

import logging
import re
import sys

from fastapi import FastAPI, Query
from flask import Flask, request

app = Flask(__name__)
api = FastAPI()
log = logging.getLogger("audit")


@app.route("/login", methods=["POST"])
def login():
    user = request.form["user"]
    log.warning("failed login for " + user)  # expect: SB117:HIGH<18
    return "denied", 403


@app.route("/login-lazy", methods=["POST"])
def login_lazy_format():
    user = request.form["user"]
    log.warning("failed login for %s", user)  # expect: SB117:HIGH<25
    return "denied", 403


CONTROL_CHARACTERS = re.compile(r"[\x00-\x1f\x7f]")
TABS = re.compile(r"\t")


def printable(text):
    return CONTROL_CHARACTERS.sub("?", str(text))[:200]


def visible(text):
    # each character kept only where it prints: no line break gets through
    return "".join(ch if ch.isprintable() else "?" for ch in str(text))


def unquoted(text):
    return "".join(ch if ch != '"' else "'" for ch in str(text))


@app.route("/search-compiled")
def search_compiled():
    # a pattern compiled once, its text shown: every line break replaced, also in a helper
    query = request.args.get("q", "")
    log.info("search for %s", CONTROL_CHARACTERS.sub("", query))
    log.info("search for %s", printable(query))
    log.info("search for %s", visible(query))
    log.info("search for %s", unquoted(query))  # expect: SB117:HIGH<50
    log.info("search for %s", TABS.sub(" ", query))  # expect: SB117:MEDIUM<50
    return "ok"


@app.route("/search")
def search():
    terms = request.args.get("q", "")
    logging.info(f"search for {terms}")  # expect: SB117:HIGH<61
    return "ok"


@app.route("/search-safe")
def search_safe():
    terms = request.args.get("q", "").replace("\r", "").replace("\n", "")
    logging.info(f"search for {terms}")
    return "ok"


@app.route("/agent")
def agent():
    details = {"agent": request.headers.get("User-Agent", ""), "kind": "browser"}
    log.info("client kind %s" % details["kind"])
    log.info("client agent %s" % details["agent"])  # expect: SB117:HIGH<75
    return "ok"


@app.route("/search")
def search():
    words = re.sub(r"[\r\n]+", " ", request.args.get("q", ""))
    log.info("search for " + words)
    agent = " ".join(request.headers.get("User-Agent", "").splitlines())
    log.info(f"agent={agent}")
    raw = re.sub(r"\n", "", request.args.get("q", ""))
    log.info("search for " + raw)  # expect: SB117:MEDIUM<87
    first = request.args.get("q", "").split()[0]
    log.info("first word " + first)
    head = request.args.get("q", "").split(" ")[0]
    log.info("first word " + head)  # expect: SB117:HIGH<91
    return "ok"


@app.route("/user-checked")
def user_checked():
    user = request.args.get("user", "")
    if re.fullmatch(r"[a-z]+", user):
        log.info("user " + user)
    if re.match(r"^[a-z]+$", user):  # `$` matches before a final line break: "bob\n" passes
        log.info("user " + user)  # expect: SB117:HIGH<98
    return "ok"


@api.get("/orders/{order_id}")
def order(order_id: int):
    log.info("order %d viewed" % order_id)
    return {"order": order_id}


@api.get("/orders/by-ref/{ref}")
def order_by_ref(ref: str):
    log.info("order {} viewed".format(ref))  # expect: SB117:HIGH<113
    return {"ref": ref}


def main():
    name = sys.argv[1]
    log.error("cannot open " + name)  # expect: SB117:MEDIUM<119
    log.error("cannot open %r", name)
    answer = input("continue? ")
    log.info("answer was " + answer)  # expect: SB117:MEDIUM<122
    answer = "yes"
    log.info("answer was " + answer)


if __name__ == "__main__":
    main()


@app.route("/failed-login")
def failed_login():
    # the peer's address is the server's to set; the client's headers are the client's
    log.warning("failed login from " + request.environ.get("REMOTE_ADDR", "?"))
    log.warning("failed login by " + request.environ.get("HTTP_USER_AGENT", "?"))  # expect: SB117:HIGH
    return "no"


@app.route("/search-logged")
def search_logged():
    # unicode_escape writes a line break as the two characters \\n: one log line stays one
    term = request.args.get("q", "")
    log.info("search: " + term.encode("unicode_escape").decode("ascii"))
    log.info("search: " + term.encode("utf-8").decode("ascii"))  # expect: SB117:HIGH<143
    return "ok"


@api.get("/audit/tag")
def audit_tag(tag: str = Query(pattern=r"^[a-z0-9-]{1,20}$")):
    # pydantic 2 matches `pattern=` with a `$` that is the end of the text: no line break
    log.info("tag %s", tag)
    return {"ok": True}


@api.get("/audit/tag-legacy")
def audit_tag_legacy(tag: str = Query(regex=r"^[a-z0-9-]{1,20}$")):
    # the older `regex=` is Python's re: its `$` also matches before a final line break
    log.info("tag %s", tag)  # expect: SB117:HIGH<157
    return {"ok": True}


@app.route("/audit/page")
def audit_page():
    # Werkzeug converts with `type=int`: a number, or the default when the text is not one
    page = request.args.get("page", 1, type=int)
    log.info("page %s", page)
    size = request.args.get("size", "20")
    log.info("size %s", size)  # expect: SB117:HIGH<168
    return "ok"


#: CR and LF shown as the two characters `\r` and `\n`
NEUTRALIZE = str.maketrans({"\r": "\\r", "\n": "\\n"})
#: LF only: a CR still starts a line in many log viewers
NEWLINES_ONLY = str.maketrans({"\n": " "})


@app.route("/coupon", methods=["POST"])
def coupon():
    code = request.form.get("code", "")
    log.warning("rejected coupon %s", code.translate(NEUTRALIZE))
    return "no"


@app.route("/coupon-half", methods=["POST"])
def coupon_half():
    code = request.form.get("code", "")
    log.warning("rejected coupon %s", code.translate(NEWLINES_ONLY))  # expect: SB117:HIGH<188
    return "no"


from pydantic import BaseModel, HttpUrl  # noqa: E402


class Hook(BaseModel):
    url: HttpUrl
    name: str


@api.post("/hooks")
def add_hook(hook: Hook):
    # pydantic parses the URL as browsers do, dropping tabs and line breaks
    log.info("hook added for %s", hook.url.host)
    log.info("hook named %s", hook.name)  # expect: SB117:HIGH<202
    return {"ok": True}


class Reminder(BaseModel):
    task: int
    when: str


@api.post("/reminders")
def add_reminders(items: list[Reminder]):
    # each item is checked as a Reminder: its task is a number, its time the client's text
    for item in items:
        log.info("reminder for task %d at %s", item.task, item.when)  # expect: SB117:HIGH<215
    return {"ok": True}


@api.post("/reminders/parsed")
def add_reminders_parsed(items: list[Reminder]):
    for item in items:
        # a time parsed from the text: its isoformat() is digits and separators
        log.info("reminder for task %d at %s", item.task, datetime.fromisoformat(item.when).isoformat())
    return {"ok": True}


@app.route("/tags")
def tag_audit():
    # every character but letters, digits and "_" taken out: no line break is left
    log.info("tag %s", re.sub(r"[^\w]+", "", request.args.get("tag", "")))
    log.info("tag %s", re.sub(r"[<>]+", "", request.args.get("tag", "")))  # expect: SB117:MEDIUM<234
    return "ok"


from datetime import datetime  # noqa: E402
