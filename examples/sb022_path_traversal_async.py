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
