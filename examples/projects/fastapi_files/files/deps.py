"""Dependencies of the API: what they return comes from the request."""

from typing import Literal

from fastapi import Query


def search_term(q: str = Query("")) -> str:
    return q.strip()


class Listing:
    """A class dependency: FastAPI fills __init__'s parameters from the query string."""

    def __init__(self, folder: str = Query("inbox")):
        self.folder = folder


class CheckedListing:
    """FastAPI checks __init__'s parameters as it fills them: the folder is one of two."""

    def __init__(self, folder: Literal["inbox", "archive"] = "inbox"):
        self.folder = folder
