"""The API: path parameters are handed to the disk module."""

from typing import Annotated

from fastapi import Depends, FastAPI

from files.deps import search_term
from files.disk import read_default, read_file, read_file_checked, store
from files.schemas import Kind, Upload

api = FastAPI()


@api.get("/files/{name}")
def get_file(name: str):
    return {"body": read_file(name)}  # expect: SB022:HIGH<15


@api.get("/checked/{name}")
def get_checked(name: str):
    return {"body": read_file_checked(name)}


@api.get("/default")
def get_default():
    return {"body": read_default()}


@api.post("/uploads")
def upload(body: Upload):
    store(body)  # expect: SB022:HIGH<30
    return {"ok": True}


@api.get("/kinds/{kind}")
def by_kind(kind: Kind):
    return {"body": read_file(kind.value)}


@api.get("/search")
def search(term: Annotated[str, Depends(search_term)]):
    return {"body": read_file(term)}  # expect: SB022:HIGH<41
