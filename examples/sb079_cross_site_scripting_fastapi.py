"""Plant care pages of a FastAPI service: a str returned under response_class=HTMLResponse is the
page itself; under the default JSON response it is a JSON string. A plain Response is a page
when its media type says HTML."""

import html

from fastapi import FastAPI, Response
from fastapi.responses import HTMLResponse

api = FastAPI()


@api.get("/care/{plant}", response_class=HTMLResponse)
def care_page(plant: str):
    return f"<h1>Caring for {plant}</h1>"  # expect: SB079:HIGH<14


@api.get("/care-escaped/{plant}", response_class=HTMLResponse)
def care_page_escaped(plant: str):
    return f"<h1>Caring for {html.escape(plant)}</h1>"


@api.get("/care-json/{plant}")
def care_json(plant: str):
    return f"<h1>Caring for {plant}</h1>"


@api.get("/care-card")
def care_card(plant: str):
    card = f"<div class='card'>{plant}</div>"
    return Response(content=card, media_type="text/html")  # expect: SB079:HIGH<29


@api.get("/care-card-text")
def care_card_text(plant: str):
    card = f"<div class='card'>{plant}</div>"
    return Response(content=card, media_type="text/plain")
