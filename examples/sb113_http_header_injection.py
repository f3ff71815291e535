"""Downloads and language switching of a Flask app and a Django app: request data written into
response headers."""

from aiohttp import web
from django.http import HttpResponse
from django.urls import path
from django.utils.text import get_valid_filename
from flask import Flask, abort, make_response, request
from werkzeug.utils import secure_filename

app = Flask(__name__)
LANGUAGES = ("en", "de", "fr")


@app.route("/download")
def download():
    title = request.args["title"]
    response = make_response(b"report body")
    response.headers["Content-Disposition"] = "attachment; filename=" + title  # expect: SB113:HIGH<17
    return response


@app.route("/download-safe")
def download_safe():
    title = request.args["title"]
    if "\r" in title or "\n" in title:
        abort(400)
    response = make_response(b"report body")
    response.headers["Content-Disposition"] = "attachment; filename=" + title
    return response


@app.route("/lang/<code>")
def lang(code):
    response = make_response(b"ok")
    response.headers.set("Content-Language", code)  # expect: SB113:HIGH<34
    return response


@app.route("/lang-safe/<code>")
def lang_safe(code):
    if code not in LANGUAGES:
        abort(404)
    response = make_response(b"ok")
    response.headers.set("Content-Language", code)
    return response


@app.route("/trace")
def trace():
    response = make_response(b"ok")
    response.headers["X-Request-Id"] = request.headers.get("X-Request-Id", "")  # expect: SB113:HIGH<52
    return response


@app.route("/trace-safe")
def trace_safe():
    response = make_response(b"ok")
    response.headers["X-Request-Id"] = str(int(request.headers.get("X-Request-Id", "0")))
    return response


def export(request):
    name = request.GET.get("name", "export")
    response = HttpResponse(b"a,b\n", content_type="text/csv")
    response["Content-Disposition"] = f"attachment; filename={name}.csv"  # expect: SB113:HIGH<64
    return response


def export_safe(request):
    name = request.GET.get("name", "export")
    response = HttpResponse(b"a,b\n", content_type="text/csv")
    if name.isdigit():
        response["Content-Disposition"] = f"attachment; filename={name}.csv"
    return response


@app.route("/trace")
def trace():
    trace_id = request.args.get("trace", "")
    return make_response("<b>ok</b>", 200, {"X-Trace-Id": trace_id})  # expect: SB113:HIGH<80


@app.route("/trace-tuple")
def trace_tuple():
    trace_id = request.args.get("trace", "")
    return make_response(("<b>ok</b>", 200, {"X-Trace-Id": trace_id}))  # expect: SB113:HIGH<86


@app.route("/trace-return")
def trace_return():
    trace_id = request.args.get("trace", "")
    return "<b>ok</b>", 200, {"X-Trace-Id": trace_id}  # expect: SB113:HIGH<92


@app.route("/trace-safe")
def trace_safe():
    trace_id = request.args.get("trace", "")
    checked = trace_id if trace_id.isdigit() else "none"
    return "<b>ok</b>", 200, {"X-Trace-Id": checked}


def export_named(request):
    name = request.GET.get("name", "export")
    return HttpResponse(b"a,b\n", headers={"X-Export": name})  # expect: SB113:HIGH<104


def forward_headers(request):
    headers = {"Accept": "application/json"}
    headers["X-Forwarded-For"] = request.META.get("REMOTE_ADDR", "")
    headers["X-Original-Agent"] = request.headers.get("User-Agent", "")
    return HttpResponse(b"ok")


urlpatterns = [
    path("export/", export),
    path("export-safe/", export_safe),
    path("export-named/", export_named),
]


def export_renamed(request):
    response = HttpResponse(b"a,b\n", content_type="text/csv")
    name = get_valid_filename(request.GET.get("name", "export"))
    response["Content-Disposition"] = f'attachment; filename="{name}.csv"'
    return response


urlpatterns += [path("export-renamed/", export_renamed)]


@app.route("/download-named")
def download_named():
    response = make_response(b"report body")
    name = secure_filename(request.args.get("name", "report"))
    response.headers["Content-Disposition"] = "attachment; filename=" + name
    return response


async def landing(request: web.Request) -> web.Response:
    locale = request.cookies.get("locale", "en")
    headers = {"Content-Language": locale, "Vary": "Cookie"}
    return web.Response(text="welcome", headers=headers)  # expect: SB113:HIGH<141


async def landing_safe(request: web.Request) -> web.Response:
    locale = request.cookies.get("locale", "en")
    headers = {"Content-Language": locale if locale in LANGUAGES else "en", "Vary": "Cookie"}
    return web.Response(text="welcome", headers=headers)


site = web.Application()
site.router.add_get("/landing", landing)
site.router.add_get("/landing-safe", landing_safe)


def report_file(request):
    # the file's time, formatted as an HTTP date, carries nothing of the name that chose it
    from pathlib import Path

    from django.utils.http import http_date

    name = request.GET.get("name", "latest")
    path = Path("/srv/reports") / Path(name).name
    response = HttpResponse(path.read_bytes(), content_type="text/csv")
    response["Last-Modified"] = http_date(path.stat().st_mtime)
    response["X-Report"] = path.name  # expect: SB113:HIGH<163
    return response


def register_hooks(flask_app):
    # hooks defined inside an app factory's helper: Flask runs them after each request
    @flask_app.after_request
    def echo_request_id(response):
        request_id = request.args.get("request_id")
        if request_id:
            response.headers["X-Request-ID"] = request_id  # expect: SB113:HIGH<175
        return response

    @flask_app.after_request
    def echo_checked_id(response):
        request_id = request.args.get("request_id", "")
        if request_id.isalnum():
            response.headers["X-Checked-ID"] = request_id
        return response
