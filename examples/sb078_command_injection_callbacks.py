"""A Flask backup service whose command builders take the quoting function as a parameter: each
call is answered for the function it passes (shlex.quote, one of this file's, or none)."""

import os
import shlex

from flask import Flask, request

app = Flask(__name__)


def archive_command(label, quote=None):
    target = f"/srv/archives/{label}.tgz"
    if quote is not None:
        target = quote(target)
    return "tar -czf " + target + " /srv/data"


def listing_command(name, quoter=lambda text: text):
    return "tar -tzf /srv/archives/" + quoter(name)


def quoted(text):
    return shlex.quote(text.strip())


@app.post("/archives")
def create_archive():
    os.system(archive_command(request.form["label"]))  # expect: B605:HIGH<29
    return "started"


@app.post("/archives/quoted")
def create_archive_quoted():
    os.system(archive_command(request.form["label"], quote=shlex.quote))  # expect: B605:LOW
    return "started"


@app.post("/archives/list")
def list_archive():
    os.system(listing_command(request.form["name"]))  # expect: B605:MEDIUM<41
    return "listed"


@app.post("/archives/list-clean")
def list_archive_clean():
    os.system(listing_command(request.form["name"], quoter=quoted))  # expect: B605:LOW
    return "listed"
