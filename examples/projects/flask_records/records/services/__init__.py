from flask import current_app

from .archive import Archive
from .exporter import Exporter


def archive():
    # shadows the submodule of the same name: `from .services import archive` gets this
    return Archive(current_app.config["ARCHIVE_DIR"])


def exporter():
    return Exporter.from_settings(current_app.config)
