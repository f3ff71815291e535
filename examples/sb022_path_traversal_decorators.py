"""Views whose arguments a decorator of the module fills from the request, and handlers a
factory makes: the wrapper and the nested handler are run as the framework runs them, the
wrapper's call of the view as a call of each function it decorates."""

import functools
import os

from aiohttp import web
from flask import Flask, abort, request, send_file

app = Flask(__name__)
DOCS = os.path.realpath("/srv/docs")


def with_document(view):
    @functools.wraps(view)
    def wrapper(*args, **kwargs):
        kwargs["path"] = os.path.join(DOCS, request.args.get("doc", ""))
        return view(*args, **kwargs)  # expect: SB022:HIGH<18

    return wrapper


@app.get("/docs")
@with_document
def download(path):
    return send_file(path)


@app.get("/docs/checked")
@with_document
def download_checked(path):
    real = os.path.realpath(path)
    if not real.startswith(DOCS + os.sep):
        abort(404)
    return send_file(real)


def bucket(root: str):
    async def handler(request: web.Request) -> web.StreamResponse:
        return web.FileResponse(os.path.join(root, request.query.get("key", "")))  # expect: SB022:HIGH

    return handler


def checked_bucket(root: str):
    root = os.path.realpath(root)

    async def handler(request: web.Request) -> web.StreamResponse:
        candidate = os.path.realpath(os.path.join(root, request.query.get("key", "")))
        if not candidate.startswith(root + os.sep):
            raise web.HTTPNotFound()
        return web.FileResponse(candidate)

    return handler


shelves = web.Application()
shelves.router.add_get("/reports", bucket("/srv/buckets/reports"))
shelves.router.add_get("/reports/checked", checked_bucket("/srv/buckets/reports"))
