from flask import Blueprint, request
from flask.views import MethodView

from .services import archive, exporter

bp = Blueprint("records", __name__)


class UploadView(MethodView):
    def __init__(self, archive_factory):
        self.archive = archive_factory()

    def post(self):
        self.archive.keep(request.files["doc"])  # expect: SB022:HIGH<14
        return "stored"


class NamedUploadView(MethodView):
    def __init__(self, archive_factory):
        self.archive = archive_factory()

    def post(self):
        self.archive.keep_named(request.files["doc"])
        return "stored"


bp.add_url_rule("/upload", view_func=UploadView.as_view("upload", archive))
bp.add_url_rule("/upload-named", view_func=NamedUploadView.as_view("upload_named", archive))


@bp.post("/export")
def export():
    exporter().write(request.form["name"], request.form["body"])  # expect: SB022:HIGH<33
    return "written"


@bp.post("/export-dated")
def export_dated():
    exporter().write_dated(request.form["body"])
    return "written"
