"""Template files: the variables they write unescaped make the values views render them with
reach the page as they are; the rest stay escaped."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Dict, List

import pytest

from sarifbandit import Config, scan
from sarifbandit.analysis.taint.templates import unescaped
from sarifbandit.engine import templates

_PAST = 1_600_000_000


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("<p>{{ query|safe }}</p>", {"query"}),
        ("<p>{{ user.bio | e | safe }}</p>", {"user.bio"}),
        ("{% for line in lines %}{{ line|safe }}{% endfor %}", {"line", "lines"}),
        ("{% for k, v in rows %}{{ v.html|safe }}{% endfor %}", {"v.html", "rows"}),
        ("<p>{{ query }} {{ other|upper }}</p>", set()),
        ("{% autoescape false %}{{ a }}{% endautoescape %}{{ b }}", {"a"}),
        ("{%- autoescape off -%}{{ a }}{% endautoescape %}", {"a"}),
        (
            "{% autoescape false %}{{ a }}{% autoescape true %}{{ b }}{% endautoescape %}"
            "{{ c }}{% endautoescape %}{{ d }}",
            {"a", "c"},
        ),
        ("{{ 'text'|safe }} {{ (x)|safe }}", set()),
    ],
)
def test_what_a_template_writes_unescaped(text: str, names: set) -> None:
    assert unescaped(text) == names


FLASK_VIEWS = """
from flask import Flask, render_template, request
app = Flask(__name__)
@app.route("/a")
def a():
    return render_template("search.html", query=request.args.get("q", ""))
@app.route("/b")
def b():
    return render_template("search.html", title=request.args.get("q", ""))
@app.route("/c")
def c():
    return render_template("note.txt", title=request.args.get("q", ""))
"""

DJANGO_VIEWS = """
from django.shortcuts import render
def card(request):
    return render(request, "shop/card.html", {"bio": request.GET.get("bio", "")})
def card_title(request):
    return render(request, "shop/card.html", {"title": request.GET.get("bio", "")})
"""


def _project(root: Path, files: Dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        os.utime(path, (_PAST, _PAST))
    return root


def _xss_lines(root: Path, **config) -> List[int]:
    report = scan([str(root)], Config(jobs=1, **config), root=root)
    return sorted(f.line for f in report.findings if f.rule_id == "SB079")


def test_flask_and_django_templates_decide_what_reaches_the_page(tmp_path: Path) -> None:
    root = _project(
        tmp_path,
        {
            "site/views.py": FLASK_VIEWS,
            "site/templates/search.html": "<p>{{ query|safe }} {{ title }}</p>",
            "site/templates/note.txt": "{{ title }}",
            "shop/views.py": DJANGO_VIEWS,
            "shop/templates/shop/card.html": "{% autoescape off %}{{ bio }}{% endautoescape %}",
        },
    )
    report = scan([str(root)], Config(jobs=1, use_cache=False), root=root)
    found = sorted((f.path, f.line) for f in report.findings if f.rule_id == "SB079")
    # Flask: |safe, and a template that is not HTML (Flask escapes none of it); Django:
    # autoescape off
    assert found == [("shop/views.py", 4), ("site/views.py", 6), ("site/views.py", 12)]


def test_an_edited_template_is_read_again_on_a_cached_rerun(tmp_path: Path) -> None:
    root = _project(
        tmp_path / "src",
        {"views.py": FLASK_VIEWS, "templates/search.html": "{{ query|safe }}"},
    )
    cached = {"cache_dir": str(tmp_path / "cache")}
    assert _xss_lines(root, **cached) == [6, 12]
    assert _xss_lines(root, **cached) == [6, 12]  # the memo's answer
    template = root / "templates" / "search.html"
    template.write_text("{{ query }}", encoding="utf-8")
    os.utime(template, (_PAST + 60, _PAST + 60))
    assert _xss_lines(root, **cached) == [12]


def test_the_template_bounds_leave_the_rest_escaped(tmp_path: Path, monkeypatch) -> None:
    root = _project(
        tmp_path,
        {
            "views.py": FLASK_VIEWS.replace("note.txt", "search.html"),
            "templates/search.html": "{{ query|safe }}" + " " * 100,
        },
    )
    assert _xss_lines(root, use_cache=False) == [6]
    monkeypatch.setattr(templates, "MAX_TEMPLATE_BYTES", 50)
    assert _xss_lines(root, use_cache=False) == []
    monkeypatch.setattr(templates, "MAX_TEMPLATE_BYTES", 1_000_000)
    _project(root, {"templates/aaa.html": "{{ a }}"})
    monkeypatch.setattr(templates, "MAX_TEMPLATES", 1)
    assert [name for _, name in templates.template_files([str(root)], (), root)] == ["aaa.html"]
    assert _xss_lines(root, use_cache=False) == []


def test_includes_and_extends_pass_on_what_they_let_through(tmp_path: Path, monkeypatch) -> None:
    root = _project(
        tmp_path,
        {
            "templates/page.html": '{% extends "base.html" %}',
            "templates/base.html": '<main>{% include "parts/note.html" %}</main>',
            "templates/parts/note.html": "{{ note|safe }}",
            "templates/other.html": "{{ note }}",
        },
    )
    files = templates.template_files([str(root)], (), root)
    facts = dict(templates.template_facts(files))
    assert facts == {
        "page.html": {"note"},
        "base.html": {"note"},
        "parts/note.html": {"note"},
    }
    monkeypatch.setattr(templates, "MAX_REFERENCE_DEPTH", 1)  # one level followed
    assert "page.html" not in dict(templates.template_facts(files))


def test_a_part_written_unescaped_leaves_the_other_parts_escaped(tmp_path: Path) -> None:
    views = """
from flask import Flask, render_template, request
from markupsafe import escape
app = Flask(__name__)
@app.route("/a")
def a():
    post = {"title": request.args.get("t", ""), "html": str(escape(request.args.get("b", "")))}
    return render_template("card.html", post=post)
@app.route("/b")
def b():
    post = {"title": "Hello", "html": request.args.get("b", "")}
    return render_template("card.html", post=post)
"""
    root = _project(
        tmp_path, {"views.py": views, "templates/card.html": "{{ post.title }}{{ post.html|safe }}"}
    )
    assert _xss_lines(root, use_cache=False) == [12]


def test_a_returned_context_meets_its_template(tmp_path: Path) -> None:
    handlers = """
import aiohttp_jinja2
from aiohttp import web
@aiohttp_jinja2.template("comment.html")
async def preview(request):
    form = await request.post()
    return {"comment": form.get("comment", "")}
@aiohttp_jinja2.template("comment.html")
async def preview_title(request):
    form = await request.post()
    return {"title": form.get("comment", "")}
"""
    views = """
from django.views.generic import TemplateView
class Banner(TemplateView):
    template_name = "banner.html"
    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["note"] = self.request.GET.get("note", "")
        return context
class Plain(Banner):
    template_name = "plain.html"
    def get_context_data(self, **kwargs):
        return {"note": self.request.GET.get("note", "")}
"""
    root = _project(
        tmp_path,
        {
            "chat/handlers.py": handlers,
            "chat/templates/comment.html": "{{ title }} {{ comment|safe }}",
            "site/views.py": views,
            "site/templates/banner.html": "{% autoescape off %}{{ note }}{% endautoescape %}",
            "site/templates/plain.html": "{{ note }}",
        },
    )
    report = scan([str(root)], Config(jobs=1, use_cache=False), root=root)
    found = sorted((f.path, f.line) for f in report.findings if f.rule_id == "SB079")
    assert found == [("chat/handlers.py", 7), ("site/views.py", 8)]


def test_templates_of_a_virtual_env_are_not_the_projects(tmp_path: Path) -> None:
    root = _project(
        tmp_path,
        {
            "app/templates/page.html": "{{ a }}",
            "env/pyvenv.cfg": "home = /usr/bin\n",
            "env/lib/site-packages/pkg/templates/page.html": "{{ a|safe }}",
        },
    )
    assert templates.template_files([str(root)], (), root) == [
        (str(root / "app" / "templates" / "page.html"), "page.html")
    ]


def test_excluded_folders_bring_no_templates(tmp_path: Path) -> None:
    root = _project(
        tmp_path,
        {
            "views.py": FLASK_VIEWS.replace("note.txt", "search.html"),
            "templates/search.html": "{{ query }}",
            "tests/templates/search.html": "{{ query|safe }}",
        },
    )
    assert _xss_lines(root, use_cache=False) == [6]
    assert _xss_lines(root, use_cache=False, exclude=("tests",)) == []


CARD = """\
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe


class Card:
    def __init__(self, bio):
        self.bio = bio

    def __html__(self):
        return render_to_string("shop/card.html", {"bio": self.bio})

    def __str__(self):
        return mark_safe(self.__html__())
"""


@pytest.mark.parametrize(
    "template, confidence",
    [("{{ bio }}", "LOW"), ("{% autoescape off %}{{ bio }}{% endautoescape %}", "HIGH")],
)
def test_a_verdict_reads_the_templates_whether_or_not_the_file_reads_input(
    tmp_path: Path, template: str, confidence: str
) -> None:
    # cards.py names no source, so it is run only for the verdict on its mark_safe; named.py
    # is the same code with a word that has it run for input first: the verdicts agree
    root = _project(
        tmp_path,
        {
            "shop/cards.py": CARD,
            "shop/named.py": CARD + "# request\n",
            "shop/templates/shop/card.html": template,
        },
    )
    report = scan([str(root)], Config(jobs=1, use_cache=False), root=root)
    found = sorted((f.path, f.confidence.name) for f in report.findings if f.rule_id == "B703")
    assert found == [("shop/cards.py", confidence), ("shop/named.py", confidence)]
