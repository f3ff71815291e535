"""Backup and diagnostics endpoints of an aiohttp service and a Flask admin app: request data
reaches shell commands."""

import asyncio
import os
import re
import shlex

from aiohttp import web
from flask import Flask, abort, request

app = Flask(__name__)
VOLUMES = ("data", "logs")
HOST_NAME = re.compile(r"[a-z0-9-]+")


async def archive(request):
    name = request.query["name"]
    proc = await asyncio.create_subprocess_shell(f"tar czf /backups/out.tgz {name}")  # expect: SB078:HIGH<18
    await proc.wait()
    return web.json_response({"code": proc.returncode})


async def archive_safe(request):
    name = shlex.quote(request.query["name"])
    proc = await asyncio.create_subprocess_shell(f"tar czf /backups/out.tgz {name}")
    await proc.wait()
    return web.json_response({"code": proc.returncode})


async def snapshot(request):
    volume = request.match_info["volume"]
    command = "lvcreate --snapshot --name snap "
    command += volume
    proc = await asyncio.create_subprocess_shell(command)  # expect: SB078:HIGH<32
    return web.json_response({"pid": proc.pid})


async def snapshot_safe(request):
    volume = request.match_info["volume"]
    if volume not in VOLUMES:
        raise web.HTTPNotFound()
    command = "lvcreate --snapshot --name snap "
    command += volume
    proc = await asyncio.create_subprocess_shell(command)
    return web.json_response({"pid": proc.pid})


async def rotate(request):
    keep = request.query.get("keep", "7")
    if 7 * 6 > 100:
        days = "30"
    else:
        days = keep
    proc = await asyncio.create_subprocess_shell("logrotate --keep " + days)  # expect: SB078:HIGH<50
    return web.json_response({"pid": proc.pid})


async def rotate_safe(request):
    keep = request.query.get("keep", "7")
    if 7 * 6 < 100:
        days = "30"
    else:
        days = keep
    proc = await asyncio.create_subprocess_shell("logrotate --keep " + days)
    return web.json_response({"pid": proc.pid})


def listing(name):
    return "ls -l /srv/share/" + name


def quoted_listing(name):
    return "ls -l /srv/share/" + shlex.quote(name)


async def share(request):
    folder = request.query["folder"]
    proc = await asyncio.create_subprocess_shell(listing(folder))  # expect: SB078:HIGH<78
    return web.json_response({"pid": proc.pid})


async def share_safe(request):
    proc = await asyncio.create_subprocess_shell(quoted_listing(request.query["folder"]))
    return web.json_response({"pid": proc.pid})


async def share_root(request):
    proc = await asyncio.create_subprocess_shell(listing("."))
    return web.json_response({"pid": proc.pid})


@app.route("/ping")
def ping():
    count = request.args["count"]
    os.system("ping -c " + count + " gateway.internal")  # expect: B605<95
    return "sent"


@app.route("/ping-safe")
def ping_safe():
    count = request.args["count"]
    if not count.isdigit():
        abort(400)
    os.system("ping -c " + count + " gateway.internal")  # expect: B605
    return "sent"


@app.route("/trace-safe")
def trace_safe():
    host = request.args["host"]
    if not re.fullmatch(r"[a-z0-9-]+", host):
        abort(400)
    os.system("traceroute " + host)  # expect: B605:LOW
    return "sent"


@app.route("/trace-compiled-safe")
def trace_compiled_safe():
    host = request.args["host"]
    if HOST_NAME.fullmatch(host):
        os.system("traceroute " + host)  # expect: B605:LOW
    return "sent"


@app.route("/trace-search")
def trace_search():
    host = request.args["host"]
    if not re.search(r"[a-z0-9.-]+", host):  # unanchored: "x; rm -rf /" contains a match
        abort(400)
    os.system("traceroute " + host)  # expect: B605:HIGH<128
    return "sent"


@app.route("/trace-dotted-safe")
def trace_dotted_safe():
    host = request.args["host"]
    if not re.fullmatch(r"[a-z0-9.-]+", host):
        abort(400)
    os.system("traceroute " + host)  # expect: B605:LOW
    with open("/srv/traces/" + host) as saved:  # expect: SB022:HIGH<137
        return saved.read()


@app.route("/trace-spaced")
def trace_spaced():
    host = request.args["host"]
    if not re.fullmatch(r"[a-z0-9. -]+", host):
        abort(400)
    os.system("traceroute " + host)  # expect: B605:HIGH<147
    return "sent"


web_app = web.Application()
web_app.router.add_get("/archive", archive)
web_app.router.add_get("/archive-safe", archive_safe)
web_app.router.add_get("/snapshot/{volume}", snapshot)
web_app.router.add_get("/snapshot-safe/{volume}", snapshot_safe)
web_app.router.add_get("/rotate", rotate)
web_app.router.add_get("/rotate-safe", rotate_safe)
web_app.router.add_get("/share", share)
web_app.router.add_get("/share-safe", share_safe)
web_app.router.add_get("/share-root", share_root)


async def folder_size(request):
    # an argument list, but its program is a shell given a command line with -c
    folder = request.query.get("folder", ".")
    process = await asyncio.create_subprocess_exec("sh", "-c", "du -sh " + folder)  # expect: SB078:HIGH<168
    return web.Response(text=str(await process.wait()))


async def folder_size_exec(request):
    folder = request.query.get("folder", ".")
    process = await asyncio.create_subprocess_exec("du", "-sh", "--", folder)
    return web.Response(text=str(await process.wait()))


SKU = re.compile(r"[A-Z0-9][A-Z0-9-]{2,31}")


def valid_sku(value):
    return bool(SKU.fullmatch(value or ""))


def present_sku(value):
    return bool(value)


@app.route("/labels/print")
def print_label():
    sku = request.args.get("sku", "")
    if not valid_sku(sku):
        abort(400)
    os.system(f"lp -d labels /srv/labels/{sku}.pdf")  # expect: B605:LOW
    return "queued"


@app.route("/labels/print-any")
def print_any_label():
    sku = request.args.get("sku", "")
    if not present_sku(sku):
        abort(400)
    os.system(f"lp -d labels /srv/labels/{sku}.pdf")  # expect: B605:HIGH<201
    return "queued"


from enum import Enum  # noqa: E402


class LabelSize(Enum):
    SMALL = "62x29"
    LARGE = "102x152"


@app.route("/labels/size")
def label_size():
    # an Enum built from the input is one of its members, or a ValueError
    size = LabelSize(request.args.get("size", "62x29"))
    os.system(f"lp -o media={size.value} /srv/labels/sample.pdf")  # expect: B605:LOW
    return "queued"


@app.route("/labels/size-raw")
def label_size_raw():
    size = request.args.get("size", "62x29")
    os.system(f"lp -o media={size} /srv/labels/sample.pdf")  # expect: B605:HIGH<226
    return "queued"


class PrintJob:
    def __init__(self, title):
        self.title = title

    def quoted_twice(self):
        # shlex.quote's own quotes inside the code's: a quote in the title closes them
        return f"lp -t '{shlex.quote(self.title)}' /srv/labels/sample.pdf"

    def quoted_once(self):
        return f"lp -t {shlex.quote(self.title)} /srv/labels/sample.pdf"


@app.route("/labels/print-titled")
def print_titled():
    job = PrintJob(request.args.get("title", ""))
    os.system(job.quoted_twice())  # expect: B605:HIGH<245
    return "queued"


@app.route("/labels/print-titled-safely")
def print_titled_safely():
    job = PrintJob(request.args.get("title", ""))
    os.system(job.quoted_once())  # expect: B605:LOW
    return "queued"
