"""Notes served by aiohttp handlers that read files with aiofiles: the name asked for reaches the
path, or only its last part does."""

import os

import aiofiles
from aiohttp import web

NOTES = "/srv/notes"


async def read_note(request):
    name = request.query.get("name", "index.txt")
    async with aiofiles.open(os.path.join(NOTES, name)) as handle:  # expect: SB022:HIGH<13
        return web.Response(text=await handle.read())


async def read_note_safe(request):
    name = os.path.basename(request.query.get("name", "index.txt"))
    async with aiofiles.open(os.path.join(NOTES, name)) as handle:
        return web.Response(text=await handle.read())


app = web.Application()
app.router.add_get("/note", read_note)
app.router.add_get("/note-safe", read_note_safe)


# a resolved path whose parents hold the share's folder lies inside it
SHARE = Path(os.environ.get("SHARE_ROOT", "/srv/share")).resolve()


async def shared_file(request):
    full = (SHARE / request.query.get("name", "")).resolve()
    if SHARE not in full.parents:
        raise web.HTTPNotFound()
    return web.FileResponse(full)


async def shared_file_unresolved(request):
    full = SHARE / request.query.get("name", "")  # `..` left in: parents are the text's
    if SHARE not in full.parents:
        raise web.HTTPNotFound()
    return web.FileResponse(full)  # expect: SB022:MEDIUM<41


app.router.add_get("/shared", shared_file)
app.router.add_get("/shared-unresolved", shared_file_unresolved)


from pathlib import Path  # noqa: E402
