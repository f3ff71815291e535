"""An aiohttp orders service on asyncpg: request data reaches the text of its queries."""

import asyncpg
from aiohttp import web

routes = web.RouteTableDef()
DSN = "postgresql://shop@localhost/shop"


@routes.get("/orders/{customer}")
async def orders(request):
    customer = request.match_info["customer"]
    conn = await asyncpg.connect(DSN)
    rows = await conn.fetch(f"SELECT id FROM orders WHERE customer = '{customer}'")  # expect: B608<12
    return web.json_response([row["id"] for row in rows])


@routes.get("/orders-safe/{customer}")
async def orders_safe(request):
    customer = request.match_info["customer"]
    conn = await asyncpg.connect(DSN)
    rows = await conn.fetch("SELECT id FROM orders WHERE customer = $1", customer)
    return web.json_response([row["id"] for row in rows])


@routes.get("/total")
async def total(request):
    pool = await asyncpg.create_pool(DSN)
    status = request.query.get("status", "open")
    async with pool.acquire() as conn:
        query = "SELECT sum(amount) FROM orders WHERE status = '" + status + "'"  # expect: B608<29
        amount = await conn.fetchval(query)
    return web.json_response({"total": amount})


@routes.get("/total-safe")
async def total_safe(request):
    pool = await asyncpg.create_pool(DSN)
    status = request.query.get("status", "open")
    async with pool.acquire() as conn:
        amount = await conn.fetchval("SELECT sum(amount) FROM orders WHERE status = $1", status)
    return web.json_response({"total": amount})
