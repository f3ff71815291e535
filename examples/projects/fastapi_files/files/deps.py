"""Dependencies of the API: what they return comes from the request."""

from fastapi import Query


def search_term(q: str = Query("")) -> str:
    return q.strip()
