"""A Flask diagnostics service that carries each request's fields in a dataclass: the checks its
`__post_init__` makes, and the defaults its `field()`s give, hold for every object it builds."""

import os
import shlex
from dataclasses import dataclass, field

from flask import Flask, abort, jsonify, request

app = Flask(__name__)
RECORD_TYPES = frozenset({"A", "AAAA", "MX"})


@dataclass(frozen=True)
class Lookup:
    domain: str
    record: str = "A"
    flags: tuple = field(default=("+short", "+time=2"))

    def __post_init__(self):
        # a record type not in the list never makes an object
        if self.record not in RECORD_TYPES:
            raise ValueError("unsupported record type")

    def command(self) -> str:
        return f"dig {' '.join(self.flags)} -t {self.record} {shlex.quote(self.domain)}"


@dataclass
class Trace:
    host: str
    hops: int = field(default=8)

    def command(self) -> str:
        return f"traceroute -m {self.hops} {self.host}"


def lookup_from_request() -> Lookup:
    payload = request.get_json(silent=True) or {}
    try:
        return Lookup(domain=str(payload.get("domain", "")), record=str(payload.get("type", "A")))
    except ValueError:
        abort(400)


@app.post("/dns")
def dns():
    # the record type passed __post_init__'s check, the domain is quoted, the flags are fixed
    return jsonify(status=os.system(lookup_from_request().command()))  # expect: B605:LOW


@app.post("/trace")
def trace():
    hops = Trace(host=request.form["host"])
    return jsonify(status=os.system(hops.command()))  # expect: B605:HIGH<54


@dataclass
class Archive:
    # a default, not the value: each object holds what it was built with
    name: str = "backup"

    def command(self) -> str:
        return f"tar czf /srv/exports/{self.name}.tgz /srv/data"


@app.post("/archive")
def archive():
    return jsonify(status=os.system(Archive(name=request.form["name"]).command()))  # expect: B605:HIGH<69


@app.post("/archive-default")
def archive_default():
    return jsonify(status=os.system(Archive().command()))  # expect: B605:LOW
