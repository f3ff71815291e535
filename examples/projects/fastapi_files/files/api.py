"""The API: path parameters are handed to the disk module."""

from fastapi import FastAPI

from files.disk import read_default, read_file, read_file_checked

api = FastAPI()


@api.get("/files/{name}")
def get_file(name: str):
    return {"body": read_file(name)}  # expect: SB022:HIGH<11


@api.get("/checked/{name}")
def get_checked(name: str):
    return {"body": read_file_checked(name)}


@api.get("/default")
def get_default():
    return {"body": read_default()}
