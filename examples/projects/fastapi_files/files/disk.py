"""File access for the API; paths are joined here."""

import os

ROOT = "/srv/files"


def read_file(name):
    with open(os.path.join(ROOT, name)) as handle:
        return handle.read()


def read_file_checked(name):
    if ".." in name or name.startswith("/"):
        raise ValueError("bad name")
    with open(os.path.join(ROOT, name)) as handle:
        return handle.read()


def read_default():
    with open(os.path.join(ROOT, "index.txt")) as handle:
        return handle.read()


def store(upload):
    with open(os.path.join(ROOT, upload.folder, upload.kind.value, upload.name), "w") as handle:
        handle.write("")
    with open(os.path.join(ROOT, upload.folder, upload.title), "w") as handle:
        handle.write("")


class Archive:
    """A service the API depends on (no __init__ of its own): its methods open the files."""

    def open_raw(self, name):
        with open(os.path.join(ROOT, "archive", name)) as handle:
            return handle.read()

    def open_named(self, name):
        with open(os.path.join(ROOT, "archive", os.path.basename(name))) as handle:
            return handle.read()


class Mailbox:
    """A service a dependency builds: routers get it through deps.MailboxDep."""

    def open_folder(self, name):
        with open(os.path.join(ROOT, "mail", name)) as handle:
            return handle.read()
