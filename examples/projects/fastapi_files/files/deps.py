"""Dependencies of the API: what they return comes from the request."""

from fastapi import Query


def search_term(q: str = Query("")) -> str:
    return q.strip()


class Listing:
    """A class dependency: FastAPI fills __init__'s parameters from the query string."""

    def __init__(self, folder: str = Query("inbox")):
        self.folder = folder
