"""A FastAPI link-preview service: the HTTP client comes from a dependency (typed by its
annotation), the URL from the query, directly or through a dependency of its own."""

from typing import Optional
from urllib.parse import urlparse

import httpx
import httpx as hx
from fastapi import Depends, FastAPI, HTTPException, Query
from pydantic import BaseModel, HttpUrl, field_validator

app = FastAPI()
STATUS_URL = "https://status.example.com/health"
PARTNERS = {"api.partner.example", "cdn.partner.example"}


def client() -> httpx.AsyncClient:
    return httpx.AsyncClient(timeout=5)


def target(url: str = Query(...)) -> str:
    return url.strip()


def status_target() -> str:
    return STATUS_URL


async def fetch(http: Optional[httpx.AsyncClient], url: str) -> str:
    return (await http.get(url)).text


@app.get("/preview")
async def preview(url: str, http: httpx.AsyncClient = Depends(client)):
    return {"html": (await http.get(url)).text}  # expect: SB918:HIGH<34


@app.get("/preview-status")
async def preview_status(url: str, http: httpx.AsyncClient = Depends(client)):
    return {"html": (await http.get(STATUS_URL)).text}


@app.get("/preview-target")
async def preview_target(url: str = Depends(target), http: httpx.AsyncClient = Depends(client)):
    return {"html": (await http.get(url)).text}  # expect: SB918:HIGH<21


@app.get("/preview-status-target")
async def preview_status_target(
    url: str = Depends(status_target), http: httpx.AsyncClient = Depends(client)
):
    return {"html": (await http.get(url)).text}


@app.get("/preview-helper")
async def preview_helper(url: str):
    return {"html": await fetch(httpx.AsyncClient(), url)}  # expect: SB918:HIGH<56


async def fetch_aliased(http: hx.AsyncClient, url: str) -> str:
    return (await http.get(url)).text


@app.get("/preview-aliased")
async def preview_aliased(url: str):
    return {"html": await fetch_aliased(hx.AsyncClient(), url)}  # expect: SB918:HIGH<65


@app.get("/preview-aliased-status")
async def preview_aliased_status(url: str):
    return {"html": await fetch_aliased(hx.AsyncClient(), STATUS_URL)}


class Fetch(BaseModel):
    url: str
    note: str = ""


@app.post("/fetch-partner")
async def fetch_partner(body: Fetch):
    # the host of the body's URL checked against the code's list: the attribute is vouched for
    if urlparse(body.url).netloc not in PARTNERS:
        raise HTTPException(status_code=400)
    return {"html": httpx.get(body.url).text}


@app.post("/fetch-partner-https")
async def fetch_partner_https(body: Fetch):
    if urlparse(body.url).scheme != "https":  # a scheme checked is no host checked
        raise HTTPException(status_code=400)
    return {"html": httpx.get(body.url).text}  # expect: SB918:HIGH<88


def partner_url(url: str) -> bool:
    return urlparse(url).netloc in PARTNERS


def https_url(url: str) -> bool:
    return urlparse(url).scheme == "https"


@app.post("/fetch-partner-checked")
async def fetch_partner_checked(body: Fetch):
    # a predicate of the file vouches for the body's attribute it is given
    if not partner_url(body.url):
        raise HTTPException(status_code=400)
    return {"html": httpx.get(body.url).text}


@app.post("/fetch-https-checked")
async def fetch_https_checked(body: Fetch):
    if not https_url(body.url):
        raise HTTPException(status_code=400)
    return {"html": httpx.get(body.url).text}  # expect: SB918:HIGH<111


class PartnerHook(BaseModel):
    url: str

    @field_validator("url")
    @classmethod
    def partner_only(cls, value: str) -> str:
        # pydantic runs this as it fills the model: only a partner's host gets through
        if urlparse(value).netloc not in PARTNERS:
            raise ValueError("not a partner")
        return value


class TidiedHook(BaseModel):
    url: str

    @field_validator("url")
    @classmethod
    def tidy(cls, value: str) -> str:
        return value.strip()


@app.post("/hooks/partner")
async def partner_hook(hook: PartnerHook):
    return (await httpx.AsyncClient().get(hook.url)).status_code


@app.post("/hooks/any")
async def any_hook(hook: TidiedHook):
    return (await httpx.AsyncClient().get(hook.url)).status_code  # expect: SB918:HIGH<144


class PartnerUrl(BaseModel):
    url: HttpUrl

    @field_validator("url")
    @classmethod
    def listed_host(cls, value: HttpUrl) -> HttpUrl:
        # pydantic's parsed URL: its host checked against the code's own hosts
        if value.host not in {"api.partner.example", "cdn.partner.example"}:
            raise ValueError("not a partner")
        return value


class AnyUrl(BaseModel):
    url: HttpUrl


@app.post("/hooks/partner-url")
async def partner_url_hook(hook: PartnerUrl):
    async with httpx.AsyncClient(timeout=5) as http:
        return (await http.get(str(hook.url))).status_code


@app.post("/hooks/any-url")
async def any_url_hook(hook: AnyUrl):
    async with httpx.AsyncClient(timeout=5) as http:
        return (await http.get(str(hook.url))).status_code  # expect: SB918:HIGH<171


# a blocking client's method run in Starlette's thread pool, given the endpoint's parameters
class MirrorClient:
    def fetch(self, host: str) -> bytes:
        return httpx.get(f"https://{host}/status").content


mirrors = MirrorClient()


@app.get("/mirror-status")
async def mirror_status(host: str):
    return await run_in_threadpool(mirrors.fetch, host)  # expect: SB918:HIGH<186


@app.get("/mirror-status-default")
async def mirror_status_default(host: str):
    return await run_in_threadpool(mirrors.fetch, "mirror.example.com")


from starlette.concurrency import run_in_threadpool  # noqa: E402
