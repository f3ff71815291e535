"""Backup and diagnostics endpoints of an aiohttp service and a Flask admin app: request data
reaches shell commands."""

import asyncio
import os
import shlex

from aiohttp import web
from flask import Flask, abort, request

app = Flask(__name__)
VOLUMES = ("data", "logs")


async def archive(request):
    name = request.query["name"]
    proc = await asyncio.create_subprocess_shell(f"tar czf /backups/out.tgz {name}")  # expect: SB078:HIGH<16
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
    proc = await asyncio.create_subprocess_shell(command)  # expect: SB078:HIGH<30
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
    proc = await asyncio.create_subprocess_shell("logrotate --keep " + days)  # expect: SB078:HIGH<48
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
    proc = await asyncio.create_subprocess_shell(listing(folder))  # expect: SB078:HIGH<76
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
    os.system("ping -c " + count + " gateway.internal")  # expect: B605<93
    return "sent"


@app.route("/ping-safe")
def ping_safe():
    count = request.args["count"]
    if not count.isdigit():
        abort(400)
    os.system("ping -c " + count + " gateway.internal")  # expect: B605
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
