"""Attachments of a small notes service (Flask): names from the request reach the file system."""

import dbm
import os
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from flask import Flask, abort, jsonify, request
from werkzeug.utils import secure_filename

app = Flask(__name__)
BASE = "/srv/notes/files"
KINDS = ("txt", "md")


@app.route("/raw")
def raw():
    with open(os.path.join(BASE, request.args["f"])) as handle:  # expect: SB022:HIGH<19
        return jsonify(size=len(handle.read()))


@app.route("/raw-safe")
def raw_safe():
    with open(os.path.join(BASE, os.path.basename(request.args["f"]))) as handle:
        return jsonify(size=len(handle.read()))


@app.route("/remove", methods=["POST"])
def remove():
    name = request.form.get("name", "").strip()
    os.remove("%s/%s" % (BASE, name))  # expect: SB022:HIGH<31
    return "removed"


@app.route("/remove-safe", methods=["POST"])
def remove_safe():
    name = secure_filename(request.form.get("name", "").strip())
    os.remove("%s/%s" % (BASE, name))
    return "removed"


@app.route("/save", methods=["POST"])
def save():
    name = request.args["name"]
    if not name:
        abort(400)
    with open(BASE + "/" + name, "w") as handle:  # expect: SB022:HIGH<45
        handle.write(request.get_data(as_text=True))
    return "saved", 201


@app.route("/save-safe", methods=["POST"])
def save_safe():
    name = request.args["name"]
    if ".." in name or "/" in name:
        abort(400)
    with open(BASE + "/" + name, "w") as handle:
        handle.write(request.get_data(as_text=True))
    return "saved", 201


@app.route("/export")
def export():
    target = os.path.realpath(os.path.join(BASE, request.args["to"]))
    with open(target, "w") as handle:  # expect: SB022:HIGH<65
        handle.write("exported")
    return "ok"


@app.route("/export-safe")
def export_safe():
    target = os.path.realpath(os.path.join(BASE, request.args["to"]))
    if not target.startswith(BASE + os.sep):
        abort(403)
    with open(target, "w") as handle:
        handle.write("exported")
    return "ok"


@app.route("/notes/<name>")
def note(name):
    text = Path(BASE, name).read_text()  # expect: SB022:HIGH<82
    return jsonify(words=len(text.split()))


@app.route("/numbered/<int:number>")
def numbered(number):
    text = Path(BASE, f"{number}.txt").read_text()
    return jsonify(words=len(text.split()))


@app.route("/by-kind")
def by_kind():
    kind = request.args.get("kind", "txt")
    files = os.listdir(os.path.join(BASE, kind))  # expect: SB022:HIGH<95
    return jsonify(files=len(files))


@app.route("/by-kind-safe")
def by_kind_safe():
    kind = request.args.get("kind", "txt")
    if kind not in KINDS:
        abort(404)
    files = os.listdir(os.path.join(BASE, kind))
    return jsonify(files=len(files))


@app.route("/tree")
def tree():
    root = Path(BASE) / request.args["dir"]
    return jsonify(entries=len(list(root.iterdir())))  # expect: SB022:HIGH<111


@app.route("/tree-safe")
def tree_safe():
    root = (Path(BASE) / request.args["dir"]).resolve()
    if not root.is_relative_to(BASE):
        abort(403)
    return jsonify(entries=len(list(root.iterdir())))


def note_path(name):
    return os.path.join(BASE, name + ".txt")


def clean_path(name):
    return os.path.join(BASE, os.path.basename(name) + ".txt")


@app.route("/helper")
def helper():
    name = request.args["name"]
    with open(note_path(name)) as handle:  # expect: SB022:HIGH<133
        return jsonify(size=len(handle.read()))


@app.route("/helper-safe")
def helper_safe():
    with open(clean_path(request.args["name"])) as handle:
        return jsonify(size=len(handle.read()))


@app.route("/index")
def index():
    with open(note_path("index")) as handle:
        return jsonify(size=len(handle.read()))


@app.route("/report-name")
def report_name():
    report = Path("/srv/reports", Path(request.args["report"]).name)
    return jsonify(text=report.read_text())


@app.route("/report-path")
def report_path():
    report = Path("/srv/reports", request.args["report"])
    return jsonify(text=report.read_text())  # expect: SB022:HIGH<158


@app.route("/upload", methods=["POST"])
def upload():
    upload = request.files["document"]
    upload.save(os.path.join("/srv/uploads", upload.filename))  # expect: SB022:HIGH<164
    return jsonify(saved=True)


@app.route("/upload-safe", methods=["POST"])
def upload_safe():
    upload = request.files["document"]
    upload.save(os.path.join("/srv/uploads", os.path.basename(upload.filename)))
    return jsonify(saved=True)


@dataclass(frozen=True)
class Export:
    folder: str
    name: str
    kind: ClassVar[str] = "txt"


@app.route("/export", methods=["POST"])
def export():
    job = Export("exports", name=request.get_json()["name"])
    with open(os.path.join(BASE, job.folder, "index.txt")) as index:
        index.read()
    with open(os.path.join(BASE, job.folder, job.name)) as handle:  # expect: SB022:HIGH<185
        return jsonify(size=len(handle.read()))


@app.route("/report")
def report():
    period = request.args.get("period", "")
    with open("/srv/reports/monthly.txt".replace(period, "")) as handle:
        handle.read()
    with open("/srv/reports/monthly.txt".replace("monthly", period)) as handle:  # expect: SB022:HIGH<194
        return handle.read()


@app.route("/cached")
def cached():
    store = dbm.open("/srv/cache/reports")
    with open(store.get(request.args.get("key", ""))) as handle:
        handle.read()
    with open(store.get("report", request.args.get("key", ""))) as handle:  # expect: SB022:MEDIUM<206
        return handle.read()


@app.route("/attachment")
def attachment():
    name = request.args.get("name", "")
    if ".." in name:
        abort(400)
    with open(BASE + "/" + name) as handle:
        text = handle.read()
    with open(os.path.join(BASE, name)) as handle:  # expect: SB022:HIGH<212
        text += handle.read()
    with open(name) as handle:  # expect: SB022:HIGH<212
        text += handle.read()
    return text


@app.route("/attachment-relative")
def attachment_relative():
    name = request.args.get("name", "")
    if ".." in name or name.startswith("/"):
        abort(400)
    with open(os.path.join(BASE, name)) as handle:
        text = handle.read()
    other = request.args.get("other", "")
    if os.path.isabs(other) or ".." in other:
        abort(400)
    with open(os.path.join(BASE, other)) as handle:
        return text + handle.read()


@app.route("/bundle")
def bundle():
    names = request.args.get("files", "").split(",")
    cleaned = list(map(str.strip, names))
    with open(os.path.join(BASE, cleaned[0])) as handle:  # expect: SB022:HIGH<240
        first = handle.read()
    plain = list(map(os.path.basename, names))
    with open(os.path.join(BASE, plain[0])) as handle:
        first += handle.read()
    numbered = list(map(lambda name: f"{int(name)}.txt", names))
    with open(os.path.join(BASE, numbered[0])) as handle:
        first += handle.read()
    return first


@app.route("/report")
def report():
    path = os.path.realpath(os.path.join(BASE, request.args["name"]))
    if os.path.commonpath([BASE, path]) != BASE:
        abort(404)
    with open(path) as handle:
        return handle.read()


@app.route("/report-unnormalized")
def report_unnormalized():
    path = os.path.join(BASE, request.args["name"])
    if os.path.commonpath([BASE, path]) != BASE:  # `..` is still in the text
        abort(404)
    with open(path) as handle:  # expect: SB022:HIGH<264
        return handle.read()


@app.route("/bundle-folder")
def bundle_folder():
    folder = request.args.get("folder", "inbox")
    paths = list(map(lambda name: folder + "/" + name, ["index.txt"]))
    with open(os.path.join(BASE, paths[0])) as handle:  # expect: SB022:HIGH<273
        return handle.read()


@app.route("/export")
def export():
    # the base is normalized too and named locally: the path checked is the other one
    root = os.path.realpath(BASE)
    path = os.path.realpath(os.path.join(root, request.args.get("name", "")))
    if os.path.commonpath([root, path]) != root:
        abort(404)
    with open(path) as handle:
        return handle.read()


@app.route("/attachment")
def attachment():
    # startswith a folder's name without a separator: "/srv/notes/files-private/key" passes
    path = os.path.realpath(os.path.join(BASE, request.args.get("name", "")))
    if not path.startswith(BASE):
        abort(404)
    with open(path) as handle:  # expect: SB022:MEDIUM<293
        return handle.read()


@app.route("/attachment-strict")
def attachment_strict():
    path = os.path.realpath(os.path.join(BASE, request.args.get("name", "")))
    if not path.startswith(BASE + os.sep):
        abort(404)
    with open(path) as handle:
        return handle.read()


@app.route("/upload", methods=["POST"])
def upload():
    # only the extension of the client's name is kept: no separator, no ".."
    extension = os.path.splitext(request.files["file"].filename)[1]
    request.files["file"].save(os.path.join(BASE, "upload-1" + extension))
    return "stored"


@app.route("/upload-named", methods=["POST"])
def upload_named():
    stem = os.path.splitext(request.files["file"].filename)[0]
    request.files["file"].save(os.path.join(BASE, stem + ".txt"))  # expect: SB022:HIGH<319
    return "stored"


#: realpath() gives the folder without a trailing separator
REAL_BASE = os.path.realpath(BASE)


@app.route("/attachment-real")
def attachment_real():
    path = os.path.realpath(os.path.join(REAL_BASE, request.args.get("name", "")))
    if not path.startswith(REAL_BASE):
        abort(404)
    with open(path) as handle:  # expect: SB022:MEDIUM<330
        return handle.read()


@app.route("/listed")
def listed():
    # one of the folder's own entries: a name without a separator, never ".."
    name = request.args.get("name", "")
    if name not in os.listdir(BASE):
        abort(404)
    with open(os.path.join(BASE, name)) as handle:
        return handle.read()


@app.route("/listed-loosely")
def listed_loosely():
    name = request.args.get("name", "")
    if name in os.listdir(BASE):
        app.logger.info("a known report")
    with open(os.path.join(BASE, name)) as handle:  # expect: SB022:HIGH<349
        return handle.read()


class ReportShelf:
    # the folder is the caller's; the check holds whatever folder that is
    def __init__(self, root):
        self.root = root

    def read(self, name):
        path = os.path.realpath(f"{self.root}/{name}.csv")
        if os.path.commonpath([path, self.root]) != self.root:
            raise PermissionError(name)
        with open(path) as handle:
            return handle.read()

    def read_unchecked(self, name):
        with open(os.path.realpath(f"{self.root}/{name}.csv")) as handle:
            return handle.read()


@app.route("/shelf")
def shelf():
    return ReportShelf(BASE).read(request.args.get("name", "daily"))


@app.route("/shelf-unchecked")
def shelf_unchecked():
    return ReportShelf(BASE).read_unchecked(request.args.get("name", "daily"))  # expect: SB022:HIGH<380


class StoredReport:
    def __init__(self, path):
        self.path = path

    def text(self):
        with open(self.path) as handle:
            return handle.read()


class UploadedReport(StoredReport):
    # the parent's __init__ stores the joined path on this object
    def __init__(self, name):
        super().__init__(os.path.join("/srv/reports", name))


class CleanedReport(StoredReport):
    def __init__(self, name):
        super().__init__(os.path.join("/srv/reports", secure_filename(name)))


@app.route("/reports/uploaded")
def uploaded_report():
    return UploadedReport(request.args.get("name", "latest.txt")).text()  # expect: SB022:HIGH<405


@app.route("/reports/cleaned")
def cleaned_report():
    return CleanedReport(request.args.get("name", "latest.txt")).text()


PAGES = {"intro", "faq"}


def require_page(name):
    # a known page, or a plain name: either way no separator and no `..`
    if name in PAGES:
        return
    if "/" in name or "\\" in name or ".." in name:
        abort(400)


def require_no_dots(name):
    if name in PAGES:
        return
    if ".." in name:
        abort(400)


@app.route("/pages/checked")
def checked_page():
    name = request.args.get("name", "intro")
    require_page(name)
    with open(os.path.join(BASE, name)) as handle:
        return handle.read()


@app.route("/pages/absolute")
def absolute_page():
    name = request.args.get("name", "intro")
    require_no_dots(name)
    # `/etc/passwd` has no `..`, and os.path.join drops BASE before an absolute path
    with open(os.path.join(BASE, name)) as handle:  # expect: SB022:HIGH<441
        return handle.read()


@app.route("/notes/checked-then-joined")
def checked_then_joined():
    # the check is on the resolved path; the file opened is the name joined again, the same way
    name = request.args.get("name", "")
    resolved = os.path.realpath(os.path.join(BASE, name))
    if not resolved.startswith(BASE + os.sep):
        abort(404)
    with open(os.path.join(BASE, name)) as handle:
        return handle.read()


@app.route("/notes/checked-loosely")
def checked_loosely():
    name = request.args.get("name", "")
    resolved = os.path.realpath(os.path.join(BASE, name))
    if not resolved.startswith(BASE):  # "/srv/notes/files-old" passes too
        abort(404)
    with open(os.path.join(BASE, name)) as handle:  # expect: SB022:HIGH<461
        return handle.read()


def inside_base(path, base=BASE):
    return os.path.realpath(path).startswith(os.path.realpath(base) + os.sep)


def named_something(path, base=BASE):
    return os.path.basename(path).startswith(os.path.basename(base))


@app.route("/manual")
def manual():
    path = os.path.join(BASE, request.args.get("name", ""))
    if not inside_base(path):
        abort(404)
    with open(path) as handle:
        return handle.read()


@app.route("/manual-named")
def manual_named():
    path = os.path.join(BASE, request.args.get("name", ""))
    if not named_something(path):
        abort(404)
    with open(path) as handle:  # expect: SB022:HIGH<488
        return handle.read()


# the operator's environment chooses the folder; the request only a checked name in it
EXPORTS = os.environ.get("EXPORTS_DIR", "/srv/notes/exports")


@app.route("/exports/<name>")
def export_file(name):
    with open(os.path.join(EXPORTS, secure_filename(name)), "rb") as handle:  # expect: SB022:LOW
        return handle.read()


@app.route("/exports-raw/<name>")
def export_file_raw(name):
    with open(os.path.join(EXPORTS, name), "rb") as handle:  # expect: SB022:HIGH<506
        return handle.read()


def inside(base: str, *parts: str) -> str:
    base = os.path.realpath(base)
    target = os.path.realpath(os.path.join(base, *parts))
    # the folder itself, or a path below it
    if target != base and not target.startswith(base + os.sep):
        abort(404)
    return target


def inside_unresolved(base: str, *parts: str) -> str:
    target = os.path.join(base, *parts)
    # `..` is still in the text: "/srv/notes/files/../../etc/passwd" starts with the folder
    if target != base and not target.startswith(base + os.sep):
        abort(404)
    return target


@app.route("/shared/<path:name>")
def shared(name):
    with open(inside(BASE, "shared", name), "rb") as handle:
        return handle.read()


@app.route("/shared-unresolved/<path:name>")
def shared_unresolved(name):
    with open(inside_unresolved(BASE, "shared", name), "rb") as handle:  # expect: SB022:HIGH<535
        return handle.read()


# a predicate checking its parameter with commonpath: the caller's realpath() makes it hold
MANUALS = os.path.realpath(os.environ.get("MANUALS_ROOT", "/srv/manuals"))


def _within_manuals(path):
    return os.path.commonpath([MANUALS, path]) == MANUALS


@app.route("/manuals/<path:name>")
def manual_page(name):
    path = os.path.realpath(os.path.join(MANUALS, name))
    if not _within_manuals(path):
        abort(404)
    return open(path).read()


@app.route("/manuals-raw/<path:name>")
def manual_page_raw(name):
    path = os.path.join(MANUALS, name)  # `..` left in: commonpath does not resolve it
    if not _within_manuals(path):
        abort(404)
    return open(path).read()  # expect: SB022:HIGH<557


def _below(root, candidate):
    return os.path.realpath(candidate).startswith(root + os.sep)


# the predicate with its folder given already
below_manuals = functools.partial(_below, MANUALS)


@app.route("/manual-notes/<path:name>", methods=["POST"])
def save_manual_note(name):
    path = os.path.join(MANUALS, name + ".txt")
    if not below_manuals(path):
        abort(400)
    with open(path, "w") as handle:
        handle.write(request.get_data(as_text=True))
    return "saved"


@app.route("/manual-notes-unchecked/<path:name>", methods=["POST"])
def save_manual_note_unchecked(name):
    path = os.path.join(MANUALS, name + ".txt")
    if not below_manuals(name):  # the name checked, not the path opened
        abort(400)
    with open(path, "w") as handle:  # expect: SB022:HIGH<583
        handle.write(request.get_data(as_text=True))
    return "saved"


import functools  # noqa: E402


# a client's file name reduced to one component: no separator, no leading dot
ODD_CHARACTERS = re.compile(r"[^A-Za-z0-9_.-]")


@app.route("/uploads-named", methods=["POST"])
def upload_named():
    name = ODD_CHARACTERS.sub("_", request.args.get("name", "upload")).lstrip(".")
    with open(os.path.join("/srv/uploads", name), "wb") as handle:
        handle.write(request.get_data())
    return "stored"


@app.route("/uploads-named-dots", methods=["POST"])
def upload_named_dots():
    name = ODD_CHARACTERS.sub("_", request.args.get("name", "upload"))  # `..` gets through
    with open(os.path.join("/srv/uploads", name), "wb") as handle:  # expect: SB022:HIGH<609
        handle.write(request.get_data())
    return "stored"


import re  # noqa: E402
