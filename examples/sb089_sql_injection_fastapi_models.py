"""A FastAPI orders API on sqlite3: a request body model's text fields reach the text of SQL,
its number fields (validated by pydantic) do not raise the finding."""

import sqlite3
from enum import Enum
from typing import Annotated, Literal, Optional

from fastapi import Depends, FastAPI, Query
from pydantic import BaseModel, Field, StringConstraints, conint, constr

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
    db.execute(f"SELECT id FROM orders WHERE id = {query.order_id}")  # expect: B608:LOW
    db.execute(f"SELECT id FROM orders WHERE note = '{query.note}'")  # expect: B608:HIGH<26
    db.execute(f"SELECT id FROM orders WHERE zip = {query.address.zip_code}")  # expect: B608:LOW
    db.execute(f"SELECT id FROM orders WHERE city = '{query.address.city}'")  # expect: B608:HIGH<26
    return {"ok": True}


@api.get("/orders/page")
async def page(
    size: Annotated[int, Query(ge=1, le=100)],
    after: Optional[int] = None,
    sort: Annotated[str, Query()] = "id",
):
    db = sqlite3.connect("orders.db")
    db.execute(f"SELECT id FROM orders WHERE id > {after or 0} LIMIT {size}")  # expect: B608:LOW
    db.execute(f"SELECT id FROM orders ORDER BY {sort}")  # expect: B608:HIGH<39
    return {"ok": True}


class Status(str, Enum):
    open = "open"
    shipped = "shipped"


class OrderFilter(BaseModel):
    status: Status
    sort: Literal["id", "created"]
    region: str = Field(pattern=r"^[a-z]{2}-[a-z]+$")
    note: str = Field(pattern=r"[a-z]+")  # unanchored: "x' OR '1'='1" holds a match


@api.post("/orders/filter")
async def filter_orders(spec: OrderFilter):
    db = sqlite3.connect("orders.db")
    db.execute(f"SELECT id FROM orders WHERE status = '{spec.status.value}'")  # expect: B608:MEDIUM
    db.execute(f"SELECT id FROM orders ORDER BY {spec.sort}")  # expect: B608:LOW
    db.execute(f"SELECT id FROM orders WHERE region = '{spec.region}'")  # expect: B608
    db.execute(f"SELECT id FROM orders WHERE note = '{spec.note}'")  # expect: B608:HIGH<60
    return {"ok": True}


@api.get("/orders/by-status")
async def by_status(
    status: Status,
    sort: Literal["id", "created"] = "id",
    region: Annotated[str, Query(pattern=r"^[a-z]{2}-[a-z]+$")] = "eu-west",
    note: str = Query("", pattern=r"[a-z]+"),
):
    db = sqlite3.connect("orders.db")
    db.execute(f"SELECT id FROM orders WHERE status = '{status.value}' ORDER BY {sort}")  # expect: B608:LOW
    db.execute(f"SELECT id FROM orders WHERE region = '{region}'")  # expect: B608
    db.execute(f"SELECT id FROM orders WHERE note = '{note}'")  # expect: B608:HIGH<74
    return {"ok": True}


class Paging:
    # a class dependency: FastAPI fills __init__'s parameters from the query string
    def __init__(self, sort: str = "id", size: int = 50):
        self.sort = sort
        self.size = size


class CheckedPaging:
    def __init__(self, sort: Status = Status.open, size: int = 50):
        self.sort = sort.value
        self.size = size


@api.get("/orders/paged")
async def paged(paging: Paging = Depends()):
    db = sqlite3.connect("orders.db")
    db.execute(f"SELECT id FROM orders ORDER BY {paging.sort} LIMIT {paging.size}")  # expect: B608:HIGH<85
    return {"ok": True}


@api.get("/orders/paged-checked")
async def paged_checked(paging: Annotated[CheckedPaging, Depends(CheckedPaging)]):
    db = sqlite3.connect("orders.db")
    db.execute(f"SELECT id FROM orders WHERE status = '{paging.sort}' LIMIT {paging.size}")  # expect: B608:LOW
    return {"ok": True}


#: type aliases of constrained text, declared once for the module's models and parameters
Region = Annotated[str, StringConstraints(pattern=r"^[a-z]{2,10}$")]
Sku = constr(pattern=r"^[A-Z]{3}-[0-9]{4}$")


class StockQuery(BaseModel):
    region: Region
    sku: Sku
    limit: conint(ge=1, le=100)
    label: str


@api.post("/stock/find")
async def find_stock(query: StockQuery):
    db = sqlite3.connect("orders.db")
    db.execute(f"SELECT n FROM stock WHERE region = '{query.region}'")  # expect: B608:LOW
    db.execute(f"SELECT n FROM stock WHERE sku = '{query.sku}' LIMIT {query.limit}")  # expect: B608:LOW
    db.execute(f"SELECT n FROM stock WHERE label = '{query.label}'")  # expect: B608:HIGH<123


@api.get("/stock/{region}")
async def stock_in(region: Region, sku: Sku = Query(...)):
    db = sqlite3.connect("orders.db")
    return db.execute(f"SELECT n FROM stock WHERE region = '{region}' AND sku = '{sku}'").fetchall()  # expect: B608:LOW
