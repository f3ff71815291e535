"""A wiki whose pages are written in reStructuredText and shown as HTML with docutils."""

from django.http import HttpResponse
from django.utils.safestring import mark_safe
from docutils.core import publish_parts

QUIET = {"raw_enabled": False, "file_insertion_enabled": False, "report_level": 5}


def preview(request):
    body = request.POST["body"]
    parts = publish_parts(body, writer_name="html")  # expect: SB079:HIGH<11, SB022:HIGH<11
    return HttpResponse(mark_safe(parts["fragment"]))  # expect: B308, B703


def preview_without_includes(request):
    body = request.POST["body"]
    # raw HTML off and no files read, yet a link may still name a javascript: URL
    parts = publish_parts(body, writer_name="html", settings_overrides=QUIET)  # expect: SB079:HIGH<17
    return HttpResponse(mark_safe(parts["fragment"]))  # expect: B308, B703


def page(request, name):
    with open("pages/intro.rst", encoding="utf-8") as handle:
        text = handle.read()
    # the page's name from the URL is only the document's name, which docutils escapes
    parts = publish_parts(text, source_path=name, writer_name="html", settings_overrides=QUIET)
    return HttpResponse(mark_safe(parts["fragment"]))  # expect: B308, B703
