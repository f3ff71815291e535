"""Dependencies of the API: what they return comes from the request."""

import re
from typing import Annotated, Literal

from fastapi import Depends, HTTPException, Query, Request
from pydantic import BaseModel

FOLDER = re.compile(r"[a-z]{1,20}")


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


def checked_folder(folder: str = Query("inbox")) -> str:
    """Only a short word of letters gets through: no separator, no `..`."""
    if not FOLDER.fullmatch(folder):
        raise HTTPException(status_code=400, detail="bad folder")
    return folder


def header_folder(request: Request) -> str:
    return request.headers.get("x-folder", "inbox")


class Settings(BaseModel):
    data_root: str = "/srv/files/shared"


def get_settings() -> Settings:
    return Settings()


#: the settings as dependencies name them: FastAPI calls get_settings for this, no request
#: body is read
SettingsDep = Annotated[Settings, Depends(get_settings)]


def settings_folder(settings: SettingsDep) -> str:
    return settings.data_root


def posted_folder(settings: Settings) -> str:
    """A model without Depends: FastAPI fills it from the request's JSON body."""
    return settings.data_root


#: a folder FastAPI checks is one of two, as routers import it
Folder = Literal["inbox", "archive"]


from files.disk import Mailbox  # noqa: E402


def get_mailbox() -> Mailbox:
    return Mailbox()


#: the service as routers annotate with it: its methods are the class's (files.disk.Mailbox)
MailboxDep = Annotated[Mailbox, Depends(get_mailbox)]
