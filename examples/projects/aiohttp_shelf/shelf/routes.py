from aiohttp import web

from .loans import LoanRepository
from .services import shelf


async def search(request):
    return web.json_response(shelf(request).find(request.query["q"]))  # expect: SB089:HIGH


async def featured(request):
    return web.json_response(shelf(request).find("featured"))


async def loans(request):
    loans = LoanRepository.for_request(request)
    return web.json_response(loans.by_reader(request.query["reader"]))  # expect: SB089:HIGH


async def loans_safely(request):
    loans = LoanRepository.for_request(request)
    return web.json_response(loans.by_reader_safely(request.query["reader"]))


app = web.Application()
app.router.add_get("/search", search)
app.router.add_get("/featured", featured)
app.router.add_get("/loans", loans)
app.router.add_get("/loans-safely", loans_safely)
