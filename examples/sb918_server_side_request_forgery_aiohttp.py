"""An aiohttp feed fetcher: a startup hook keeps one ClientSession in the application's state,
and handlers take it back with `request.app["http"]`. That object is aiohttp's client, so a
URL from the query reaching its `get()` is a request to wherever the client says."""

from urllib.parse import urlparse

from aiohttp import ClientSession, ClientTimeout, web

FEED_HOSTS = {"feeds.example.org", "news.example.net"}


async def http_client(app: web.Application):
    app["http"] = ClientSession(timeout=ClientTimeout(total=8))
    yield
    await app["http"].close()


async def fetch_feed(request: web.Request) -> web.Response:
    session = request.app["http"]
    async with session.get(request.query["url"]) as resp:  # expect: SB918:HIGH
        return web.Response(text=await resp.text())


async def fetch_listed_feed(request: web.Request) -> web.Response:
    url = request.query["url"]
    if urlparse(url).hostname not in FEED_HOSTS:
        raise web.HTTPForbidden()
    session = request.app["http"]
    async with session.get(url, allow_redirects=False) as resp:
        return web.Response(text=await resp.text())


app = web.Application()
app.cleanup_ctx.append(http_client)
app.router.add_get("/feeds/fetch", fetch_feed)
app.router.add_get("/feeds/listed", fetch_listed_feed)
