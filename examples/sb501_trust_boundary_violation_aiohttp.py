"""An aiohttp sign-in with aiohttp_session: form data stored in the session that later
handlers trust."""

from aiohttp import web
from aiohttp_session import get_session, new_session

ROLES = {"reader", "editor"}


async def sign_in(request: web.Request) -> web.Response:
    form = await request.post()
    session = await new_session(request)
    session["user"] = form["user"]  # expect: SB501:HIGH<11
    return web.HTTPFound("/")


async def sign_in_safe(request: web.Request) -> web.Response:
    form = await request.post()
    session = await new_session(request)
    session["user_id"] = int(form["user_id"])
    return web.HTTPFound("/")


async def pick_role(request: web.Request) -> web.Response:
    session = await get_session(request)
    session.update({"role": request.query["role"]})  # expect: SB501:HIGH<26
    return web.Response(text="saved")


async def pick_role_safe(request: web.Request) -> web.Response:
    wanted = request.query["role"]
    if wanted not in ROLES:
        raise web.HTTPForbidden()
    session = await get_session(request)
    session["role"] = wanted
    return web.Response(text="saved")
