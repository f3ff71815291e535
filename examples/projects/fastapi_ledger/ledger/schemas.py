"""Request bodies: pydantic checks each field as the object is made, whoever makes it."""

from urllib.parse import urlsplit, urlunsplit

from pydantic import BaseModel, field_validator

from ledger.settings import settings


class ExportRequest(BaseModel):
    account: int
    fmt: str = "csv"

    @field_validator("fmt")
    @classmethod
    def known_format(cls, value: str) -> str:
        # the field holds what the validator returns: the lowered text, one of two
        value = value.lower()
        if value not in {"csv", "ofx"}:
            raise ValueError("unknown format")
        return value


class RawExportRequest(BaseModel):
    account: int
    fmt: str = "csv"


class ReturnTarget(BaseModel):
    to: str

    @field_validator("to")
    @classmethod
    def allowed_return(cls, value: str) -> str:
        parts = urlsplit(value)
        if parts.scheme != "https" or parts.hostname not in settings.return_hosts:
            raise ValueError("return URL is not on an allowed host")
        # made again of the checked host: that host, whatever a browser reads in the text
        return urlunsplit(("https", parts.hostname, parts.path or "/", parts.query, ""))


class LooseReturnTarget(BaseModel):
    to: str

    @field_validator("to")
    @classmethod
    def allowed_return(cls, value: str) -> str:
        # `https://evil.example\@pay.ledger.example/`: the parser's host is not the browser's
        if urlsplit(value).hostname not in settings.return_hosts:
            raise ValueError("return URL is not on an allowed host")
        return value
