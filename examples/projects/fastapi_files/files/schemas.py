"""Request bodies: what pydantic validates before the API sees them."""

from enum import Enum
from typing import Literal

from pydantic import BaseModel, Field


class Kind(str, Enum):
    text = "text"
    image = "image"


class Upload(BaseModel):
    folder: Literal["inbox", "archive"]
    kind: Kind
    name: str = Field(pattern=r"^[a-z0-9_-]{1,64}$")
    title: str


class Shelf(BaseModel):
    """Depended on as a class (`Depends()`): its fields come from the query string, checked."""

    folder: Literal["inbox", "archive"]
