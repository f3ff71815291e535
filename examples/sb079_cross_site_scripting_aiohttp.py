"""A small aiohttp search page: query text reaches responses declared as HTML."""

import html

from aiohttp import web

routes = web.RouteTableDef()


@routes.get("/search")
async def search(request):
    term = request.query.get("q", "")
    page = "<h1>Results for %s</h1>" % term
    return web.Response(text=page, content_type="text/html")  # expect: SB079:HIGH<12


@routes.get("/search-escaped")
async def search_escaped(request):
    term = html.escape(request.query.get("q", ""))
    return web.Response(text="<h1>Results for %s</h1>" % term, content_type="text/html")


@routes.get("/search-plain")
async def search_plain(request):
    # text/plain, aiohttp's default for text=: a browser shows it, it does not run it
    term = request.query.get("q", "")
    return web.Response(text="Results for %s" % term)


@routes.post("/preview")
async def preview(request):
    form = await request.post()
    body = f"<article>{form['draft']}</article>".encode()
    return web.Response(body=body, content_type="text/html", charset="utf-8")  # expect: SB079:HIGH<32


@routes.post("/preview-json")
async def preview_json(request):
    form = await request.post()
    return web.Response(text=form["draft"], content_type="application/json")


async def greeting_page(request):
    # HTML said by the Content-Type header rather than content_type=
    name = request.query.get("name", "")
    return web.Response(text="<p>Hello " + name + "</p>", headers={"Content-Type": "text/html"})  # expect: SB079:HIGH<45


async def greeting_page_escaped(request):
    name = html.escape(request.query.get("name", ""))
    return web.Response(text="<p>Hello " + name + "</p>", headers={"content-type": "text/html"})


async def greeting_text(request):
    name = request.query.get("name", "")
    return web.Response(text="Hello " + name, headers={"Content-Type": "text/plain"})


@routes.get(r"/badge/{number:\d{1,6}}")
async def badge(request):
    # the route's pattern lets digits only into match_info["number"]
    return web.Response(text="<b>#" + request.match_info["number"] + "</b>", content_type="text/html")


@routes.get(r"/badge/by-label/{label:[^/]+}")
async def badge_by_label(request):
    label = request.match_info["label"]
    return web.Response(text="<b>" + label + "</b>", content_type="text/html")  # expect: SB079:HIGH<67
