"""Django URL configurations: the arguments each view is given, read from urls.py, decide which
of a view's parameters are input, and which are numbers."""

from __future__ import annotations

import ast
import os
import textwrap
from pathlib import Path
from typing import List, Tuple

from sarifbandit import Config, scan
from sarifbandit.analysis.taint.urlconf import arguments_of, url_arguments

URLS = """
from django.urls import include, path, re_path

from . import views
from .views import InvoiceView
from shop import api as shop_api

urlpatterns = [
    path("p/<int:pk>/", views.detail),
    path("n/<name>/", views.by_name),
    re_path(r"^y/(?P<year>[0-9]{4})/$", views.archive),
    re_path(r"^t/(?P<tag>[^/]+)/$", views.tagged),
    re_path(r"^o/(?P<code>[A-Z]{3}-[0-9]{4})/$", views.order),
    path("i/<uuid:key>/", InvoiceView.as_view()),
    path("api/<int:pk>/", shop_api.item),
    path("static/<path:path>", views.serve_file, {"root": "/srv/static"}),
    path("sub/", include("shop.more")),
]
urlpatterns += [path("p/<str:pk>/edit/", views.detail)]
"""


def test_routes_name_each_views_arguments_and_converters() -> None:
    found = url_arguments(ast.parse(URLS), "shop.urls", False)
    assert arguments_of(found, "shop.views.detail") == {"pk": frozenset({"int", "str"})}
    assert arguments_of(found, "shop.views.by_name") == {"name": frozenset({"str"})}
    assert arguments_of(found, "shop.views.archive") == {"year": frozenset({"int"})}
    assert arguments_of(found, "shop.views.tagged") == {"tag": frozenset({"str"})}
    # a group of capitals, digits and a dash: harmless where those cannot form an attack
    (code,) = arguments_of(found, "shop.views.order")["code"]
    assert code.startswith("re:") and {"sql", "command", "path"} <= set(code[3:].split(","))
    assert arguments_of(found, "shop.views.InvoiceView") == {"key": frozenset({"uuid"})}
    assert arguments_of(found, "shop.api.item") == {"pk": frozenset({"int"})}
    assert arguments_of(found, "shop.views.serve_file") == {"path": frozenset({"path"})}
    assert arguments_of(found, "shop.views.unrouted") is None


VIEWS = """
from django.http import FileResponse
from django.views import View


def detail(request, pk):
    return FileResponse(open(f"/srv/invoices/{pk}.pdf", "rb"))


def by_name(request, name):
    return FileResponse(open(f"/srv/invoices/{name}.pdf", "rb"))


def serve_file(request, path, root):
    return FileResponse(open(f"{root}/index.html", "rb"))


def unrouted(request, name):
    return FileResponse(open(f"/srv/invoices/{name}.pdf", "rb"))


class InvoiceView(View):
    def get(self, request, key):
        return FileResponse(open(f"/srv/invoices/{self.kwargs['key']}-{key}.pdf", "rb"))
"""


def _found(root: Path) -> List[Tuple[str, int, str]]:
    report = scan([str(root)], Config(jobs=1, use_cache=False), root=root)
    return sorted((f.path, f.line, f.rule_id) for f in report.findings if f.rule_id == "SB022")


def test_a_views_module_reads_its_routes_from_the_urls_module(tmp_path: Path) -> None:
    (tmp_path / "shop").mkdir()
    (tmp_path / "shop" / "__init__.py").write_text("")
    (tmp_path / "shop" / "urls.py").write_text(textwrap.dedent(URLS).replace("shop.more", "x"))
    (tmp_path / "shop" / "views.py").write_text(textwrap.dedent(VIEWS))
    # detail's pk is a number on one route, text on another: input; by_name's is text; the
    # uuid key is not; serve_file's root comes from the route's own options; unrouted is not
    # routed, its parameter input as before
    assert _found(tmp_path) == [
        ("shop/views.py", 7, "SB022"),
        ("shop/views.py", 11, "SB022"),
        ("shop/views.py", 19, "SB022"),
    ]
    (tmp_path / "shop" / "urls.py").write_text(
        textwrap.dedent(URLS).replace('path("p/<str:pk>/edit/", views.detail)', "")
    )
    assert ("shop/views.py", 7, "SB022") not in _found(tmp_path)


def test_a_cached_views_result_follows_a_changed_route(tmp_path: Path) -> None:
    project = tmp_path / "project"
    (project / "shop").mkdir(parents=True)
    (project / "shop" / "__init__.py").write_text("")
    (project / "shop" / "views.py").write_text(textwrap.dedent(VIEWS))
    urls = project / "shop" / "urls.py"
    config = Config(jobs=1, cache_dir=str(tmp_path / "cache"))

    def lines() -> List[int]:
        report = scan([str(project)], config, root=project)
        return sorted(f.line for f in report.findings if f.rule_id == "SB022")

    urls.write_text(
        'from django.urls import path\nfrom . import views\nurlpatterns = [path("<str:pk>/", views.detail)]\n'
    )
    assert 7 in lines()
    urls.write_text(
        'from django.urls import path\nfrom . import views\nurlpatterns = [path("<int:pk>/", views.detail)]\n'
    )
    assert 7 not in lines()


def test_a_rerun_of_an_unchanged_tree_does_not_read_its_routes_again(tmp_path, monkeypatch):
    import sarifbandit.api as api

    project = tmp_path / "project"
    (project / "shop").mkdir(parents=True)
    (project / "shop" / "__init__.py").write_text("")
    (project / "shop" / "views.py").write_text(textwrap.dedent(VIEWS))
    (project / "shop" / "urls.py").write_text(textwrap.dedent(URLS))
    for path in (project / "shop").iterdir():  # older than a racy write: stat data is trusted
        os.utime(path, (1_600_000_000, 1_600_000_000))
    reads: List[int] = []
    real = api.scan_url_arguments

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        reads.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(api, "scan_url_arguments", counted)
    config = Config(jobs=1, cache_dir=str(tmp_path / "cache"))
    first = scan([str(project)], config, root=project)
    again = scan([str(project)], config, root=project)
    assert len(reads) == 1
    assert [f.line for f in again.findings] == [f.line for f in first.findings]
