"""Mirrored results: the allow-list of hosts is the settings module's."""

from urllib.parse import urlparse

import requests
from flask import request

from search import app
from search.settings import MIRROR_HOSTS


@app.route("/mirror")
def mirror():
    # checked against another module's allow-list: read from that module at the link step
    url = request.args.get("url", "")
    if urlparse(url).hostname not in MIRROR_HOSTS:
        return "unknown mirror", 400
    return requests.get(url, timeout=5).text


@app.route("/mirror-any")
def mirror_any():
    url = request.args.get("url", "")
    return requests.get(url, timeout=5).text  # expect: SB918:HIGH<23
