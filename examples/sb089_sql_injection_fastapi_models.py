"""A FastAPI orders API on sqlite3: a request body model's text fields reach the text of SQL,
its number fields (validated by pydantic) do not raise the finding."""

import sqlite3
from typing import Annotated, Optional

from fastapi import FastAPI, Query
from pydantic import BaseModel

api = FastAPI()


class Address(BaseModel):
    city: str
    zip_code: int


class OrderQuery(BaseModel):
    order_id: int
    note: str
    address: Address


@api.post("/orders/find")
async def find(query: OrderQuery):
    db = sqlite3.connect("orders.db")
    db.execute(f"SELECT id FROM orders WHERE id = {query.order_id}")  # expect: B608:MEDIUM
    db.execute(f"SELECT id FROM orders WHERE note = '{query.note}'")  # expect: B608:HIGH<25
    db.execute(f"SELECT id FROM orders WHERE zip = {query.address.zip_code}")  # expect: B608:MEDIUM
    db.execute(f"SELECT id FROM orders WHERE city = '{query.address.city}'")  # expect: B608:HIGH<25
    return {"ok": True}


@api.get("/orders/page")
async def page(
    size: Annotated[int, Query(ge=1, le=100)],
    after: Optional[int] = None,
    sort: Annotated[str, Query()] = "id",
):
    db = sqlite3.connect("orders.db")
    db.execute(f"SELECT id FROM orders WHERE id > {after or 0} LIMIT {size}")  # expect: B608:MEDIUM
    db.execute(f"SELECT id FROM orders ORDER BY {sort}")  # expect: B608:HIGH<38
    return {"ok": True}
