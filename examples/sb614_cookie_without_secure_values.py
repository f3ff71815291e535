"""A Flask sign-in service whose cookie flags come from helpers, option tables, objects and
enums: data flow works out the value each flag has at the set_cookie call."""

import secrets
from dataclasses import dataclass
from enum import Enum

from flask import Flask, jsonify

app = Flask(__name__)

COOKIE_DEFAULTS = {"httponly": True, "samesite": "Lax"}
COOKIE_PROFILES = {
    "plain": {"secure": False, "httponly": True},
    "tls": {"secure": True, "httponly": True},
}
BEHIND_PROXY = False


def cookie_options(secure):
    options = dict(COOKIE_DEFAULTS)
    options["secure"] = secure
    return options


class Issuer:
    def __init__(self, name, secure_only=True):
        self.name = name
        self.secure_only = secure_only


legacy = Issuer("legacy_sid", secure_only=False)
current = Issuer("sid")


@dataclass
class CookieSpec:
    name: str
    secure: bool = False
    httponly: bool = True


PLAIN_SPEC = CookieSpec("cart")
TLS_SPEC = CookieSpec("cart", secure=True)


class ScriptAccess(Enum):
    READABLE = False
    HIDDEN = True


@app.post("/helper")
def from_helper():
    resp = jsonify(ok=True)
    resp.set_cookie("remember", secrets.token_hex(), **cookie_options(secure=False))  # expect: SB614:HIGH
    resp.set_cookie("remember", secrets.token_hex(), **cookie_options(secure=not BEHIND_PROXY))
    return resp


@app.post("/table")
def from_table():
    resp = jsonify(ok=True)
    resp.set_cookie("checkout_sid", secrets.token_hex(), **COOKIE_PROFILES["plain"])  # expect: SB614:HIGH
    resp.set_cookie("checkout_sid", secrets.token_hex(), **COOKIE_PROFILES["tls"])
    return resp


@app.post("/object")
def from_object():
    resp = jsonify(ok=True)
    resp.set_cookie(legacy.name, secrets.token_hex(), secure=legacy.secure_only, httponly=True)  # expect: SB614:HIGH
    resp.set_cookie(current.name, secrets.token_hex(), secure=current.secure_only, httponly=True)
    return resp


@app.post("/dataclass")
def from_dataclass():
    resp = jsonify(ok=True)
    spec = PLAIN_SPEC
    resp.set_cookie(spec.name, "1", secure=spec.secure, httponly=spec.httponly)  # expect: SB614:HIGH
    spec = TLS_SPEC
    resp.set_cookie(spec.name, "1", secure=spec.secure, httponly=spec.httponly)
    return resp


@app.post("/enum")
def from_enum():
    resp = jsonify(ok=True)
    resp.set_cookie("session_id", "1", secure=True, httponly=ScriptAccess.READABLE.value)  # expect: SB1004:HIGH
    resp.set_cookie("session_id", "1", secure=True, httponly=ScriptAccess.HIDDEN.value)
    return resp


BASE_COOKIE = {"httponly": True, "samesite": "Lax"}


def cookie_options(**overrides):
    return {**BASE_COOKIE, **overrides}


@app.post("/options")
def from_options():
    resp = jsonify(ok=True)
    resp.set_cookie("csrf", secrets.token_hex(), **cookie_options(secure=False))  # expect: SB614:HIGH
    resp.set_cookie("csrf", secrets.token_hex(), **cookie_options(secure=True))
    return resp
