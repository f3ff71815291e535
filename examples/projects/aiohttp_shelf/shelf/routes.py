from aiohttp import web

from .services import shelf


async def search(request):
    return web.json_response(shelf(request).find(request.query["q"]))  # expect: SB089:HIGH


async def featured(request):
    return web.json_response(shelf(request).find("featured"))


app = web.Application()
app.router.add_get("/search", search)
app.router.add_get("/featured", featured)
