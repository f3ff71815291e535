"""A FastAPI page renderer on Jinja2: an environment that escapes what it renders, and one that
does not (Jinja2's default)."""

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from jinja2 import Environment, Template, select_autoescape

app = FastAPI()
escaping = Environment(autoescape=select_autoescape(default_for_string=True))
raw = Environment(autoescape=False)  # expect: B701
CARD = "<div class='card'>{{ title }}</div>"


@app.get("/card")
async def card(title: str):
    return HTMLResponse(escaping.from_string(CARD).render(title=title))


@app.get("/card-template")
async def card_template(title: str):
    return HTMLResponse(Template(CARD, autoescape=True).render(title=title))


@app.get("/card-raw")
async def card_raw(title: str):
    return HTMLResponse(raw.from_string(CARD).render(title=title))  # expect: SB079:HIGH<25
