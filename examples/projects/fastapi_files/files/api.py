"""The API: path parameters are handed to the disk module."""

from typing import Annotated

from fastapi import Depends, FastAPI

from files.deps import CheckedListing, Folder, Listing, MailboxDep, Settings, SettingsDep, checked_folder, header_folder, posted_folder, search_term, settings_folder
from files.disk import Archive, read_default, read_file, read_file_checked, store
from files.schemas import Kind, Shelf, Upload

api = FastAPI()
#: a type alias naming the dependency, as routers write it once and annotate with it
Archives = Annotated[Archive, Depends(Archive)]


@api.get("/files/{name}")
def get_file(name: str):
    return {"body": read_file(name)}  # expect: SB022:HIGH<17


@api.get("/checked/{name}")
def get_checked(name: str):
    return {"body": read_file_checked(name)}


@api.get("/default")
def get_default():
    return {"body": read_default()}


@api.post("/uploads")
def upload(body: Upload):
    store(body)  # expect: SB022:HIGH<32
    return {"ok": True}


@api.get("/kinds/{kind}")
def by_kind(kind: Kind):
    return {"body": read_file(kind.value)}


@api.get("/search")
def search(term: Annotated[str, Depends(search_term)]):
    return {"body": read_file(term)}  # expect: SB022:HIGH<12


@api.get("/listing")
def listing(where: Listing = Depends()):
    # a class of another module depended on: its attributes hold the query string's values,
    # the path starting at the __init__ parameter FastAPI fills (deps.py line 19)
    return {"body": read_file(where.folder)}  # expect: SB022:HIGH<19


@api.get("/shelf")
def shelf(where: Shelf = Depends()):
    return {"body": read_file(where.folder)}


@api.get("/listing-checked")
def listing_checked(where: Annotated[CheckedListing, Depends(CheckedListing)]):
    # __init__ declares the folder a Literal: FastAPI lets only those values through
    return {"body": read_file(where.folder)}


@api.get("/listing-annotated")
def listing_annotated(where: Annotated[Listing, Depends(Listing)]):
    return {"body": read_file(where.folder)}  # expect: SB022:HIGH<19


@api.get("/folder-checked")
def folder_checked(folder: str = Depends(checked_folder)):
    # a dependency of another module that checks what FastAPI fills it with
    return {"body": read_file(folder)}


@api.get("/folder-from-header")
def folder_from_header(folder: str = Depends(header_folder)):
    return {"body": read_file(folder)}  # expect: SB022:HIGH<38


@api.get("/archive/{name}")
def archived(name: str, archive: Archives):
    return {"body": archive.open_raw(name)}  # expect: SB022:HIGH<82


@api.get("/archive-named/{name}")
def archived_named(name: str, archive: Archives):
    return {"body": archive.open_named(name)}


@api.get("/shared")
def shared(folder: Annotated[str, Depends(settings_folder)]):
    return {"body": read_file(folder)}


@api.post("/posted")
def posted(folder: Annotated[str, Depends(posted_folder)]):
    return {"body": read_file(folder)}  # expect: SB022:HIGH<58


@api.get("/shared-root")
def shared_root(settings: SettingsDep):
    # the alias, imported, says Depends(get_settings): the link step reads it in deps.py
    return {"body": read_file(settings.data_root)}


@api.post("/posted-root")
def posted_root(settings: Settings):
    return {"body": read_file(settings.data_root)}  # expect: SB022:HIGH<108


@api.get("/folders/{folder}")
def by_folder(folder: Folder):
    # an alias of another module: the link step reads its Literal there
    return {"body": read_file(folder)}


@api.get("/any-folder/{folder}")
def any_folder(folder: str):
    return {"body": read_file(folder)}  # expect: SB022:HIGH<119


@api.get("/mail/{folder}")
def mail_folder(folder: str, box: MailboxDep):
    # a method of the class the imported alias names, given the path's folder
    return {"body": box.open_folder(folder)}  # expect: SB022:HIGH<124


@api.get("/mail")
def mail_inbox(box: MailboxDep):
    return {"body": box.open_folder("inbox")}
