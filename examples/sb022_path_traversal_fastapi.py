"""Thumbnails of a small FastAPI image service, and its aiohttp twin: path and query parameters
reach the file system."""

import os
from pathlib import Path

from aiohttp import web
from fastapi import FastAPI, HTTPException, Query
from fastapi.responses import FileResponse

api = FastAPI()
THUMBS = "/srv/images/thumbs"
SIZES = ("small", "large")
EXPORTS = Path("/srv/images/exports").resolve()


@api.get("/thumbs/{name}")
def thumb(name: str):
    return FileResponse(os.path.join(THUMBS, name))  # expect: SB022:HIGH<18


@api.get("/thumbs/by-id/{image_id}")
def thumb_by_id(image_id: int):
    return FileResponse(os.path.join(THUMBS, f"{image_id}.png"))


@api.get("/thumbs")
def thumb_query(size: str, name: str):
    if size not in SIZES:
        raise HTTPException(status_code=400)
    return FileResponse(f"{THUMBS}/{size}/{name}")  # expect: SB022:HIGH<28


@api.get("/thumbs-safe")
def thumb_query_safe(size: str, name: str):
    if size not in SIZES:
        raise HTTPException(status_code=400)
    if ".." in name or "/" in name:
        raise HTTPException(status_code=400)
    return FileResponse(f"{THUMBS}/{size}/{name}")


@api.delete("/thumbs/{name}")
def drop(name: str, dry_run: bool = False):
    target = THUMBS
    target += "/" + name
    if not dry_run:
        os.unlink(target)  # expect: SB022:HIGH<44
    return {"dropped": not dry_run}


@api.delete("/thumbs-safe/{name}")
def drop_safe(name: str, dry_run: bool = False):
    target = THUMBS
    target += "/" + os.path.basename(name)
    if not dry_run:
        os.unlink(target)
    return {"dropped": not dry_run}


@api.get("/exports/{name:path}")
def export(name: str):
    target = (EXPORTS / name).resolve()
    if not target.is_relative_to(EXPORTS):
        raise HTTPException(status_code=404)
    return FileResponse(target)


@api.get("/exports-raw/{name:path}")
def export_raw(name: str):
    target = (EXPORTS / name).resolve()
    return FileResponse(target)  # expect: SB022:HIGH<70


async def fetch_thumb(request):
    name = request.match_info["name"]
    with open(os.path.join(THUMBS, name), "rb") as handle:  # expect: SB022:HIGH<76
        return web.Response(body=handle.read(), content_type="image/png")


async def fetch_thumb_safe(request):
    name = request.match_info["name"]
    full = os.path.realpath(os.path.join(THUMBS, name))
    if not full.startswith(THUMBS + "/"):
        raise web.HTTPForbidden()
    with open(full, "rb") as handle:
        return web.Response(body=handle.read(), content_type="image/png")


app = web.Application()
app.router.add_get("/thumb/{name}", fetch_thumb)
app.router.add_get("/thumb-safe/{name}", fetch_thumb_safe)


exports = FastAPI()


@exports.get("/exports/named")
def named_export(name: str = Query(pattern=r"^[A-Za-z0-9_-]+\.csv$")):
    # one file name: no separator can get through, and the pattern cannot match `..`
    return FileResponse(os.path.join("/srv/exports", name))


@exports.get("/exports/dotted")
def dotted_export(name: str = Query(pattern=r"^[A-Za-z0-9_.-]+$")):
    return FileResponse(os.path.join("/srv/exports", name))  # expect: SB022:HIGH<105
