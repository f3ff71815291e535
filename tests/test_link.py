"""Data flow across the files of a scan: the link step, its cache behaviour and its bounds."""

from __future__ import annotations

import textwrap
import time
from pathlib import Path
from typing import Dict, List, Tuple

import pytest

from sarifbandit import Config, scan
from sarifbandit.analysis.taint import interpret
from sarifbandit.engine import link

VIEWS = """
from flask import Flask, request
from . import helpers

app = Flask(__name__)

@app.route("/r")
def report():
    helpers.run(request.args["who"])
    return "ok"
"""
HELPERS = """
import os

def run(name):
    os.system("report " + name)
"""
QUOTING_HELPERS = """
import os
import shlex

def run(name):
    os.system("report " + shlex.quote(name))
"""


def _tree(root: Path, files: Dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return root


def _found(root: Path, **config) -> List[Tuple[str, int, str]]:
    report = scan([str(root)], Config(jobs=1, **config), root=root)
    return sorted(
        (f.path, f.line, f.rule_id) for f in report.findings if f.rule_id.startswith("SB")
    )


def test_a_flow_through_a_helper_module_is_reported_at_the_call_with_nested_steps(tmp_path):
    root = _tree(
        tmp_path, {"app/__init__.py": "", "app/views.py": VIEWS, "app/helpers.py": HELPERS}
    )
    report = scan([str(root)], Config(jobs=1, use_cache=False), root=root)
    (finding,) = [f for f in report.findings if f.rule_id == "SB078"]
    assert (finding.path, finding.line) == ("app/views.py", 9)
    steps = [(s.path, s.region.start_line, s.nesting) for s in finding.flow]
    assert steps[0] == ("app/views.py", 9, 0)  # the source
    assert steps[-1] == ("app/helpers.py", 5, 1)  # the sink, inside the helper


def test_the_cache_stays_correct_when_a_helper_changes(tmp_path):
    root = _tree(
        tmp_path, {"app/__init__.py": "", "app/views.py": VIEWS, "app/helpers.py": HELPERS}
    )
    cache = tmp_path / "cache"
    assert ("app/views.py", 9, "SB078") in _found(root, cache_dir=str(cache))
    (root / "app/helpers.py").write_text(textwrap.dedent(QUOTING_HELPERS), encoding="utf-8")
    assert _found(root, cache_dir=str(cache)) == []  # views.py itself did not change
    report = scan([str(root)], Config(jobs=1, cache_dir=str(cache)), root=root)
    assert all(f.from_cache for f in report.files)  # an unchanged tree comes from the cache


@pytest.mark.parametrize(
    "files",
    [
        # mutual recursion across modules, fed with input
        {
            "p/__init__.py": "",
            "p/a.py": "from flask import request\nfrom . import b\ndef f(x):\n    return b.g(x)\n"
            "def view():\n    f(request.args['x'])\n",
            "p/b.py": "from . import a\nimport os\ndef g(x):\n    os.system(x)\n    return a.f(x)\n",
        },
        # a module importing itself, and a star import
        {
            "q/__init__.py": "from .q import *\n",
            "q/q.py": "from flask import request\nfrom . import q\nfrom .q import *\n"
            "def view():\n    q.view(request.args['x'])\n",
        },
        # re-exports through a package __init__
        {
            "r/__init__.py": "from .impl import run\n",
            "r/impl.py": "import os\ndef run(x):\n    os.system(x)\n",
            "r/views.py": "from flask import request\nimport r\ndef view():\n    r.run(request.args['x'])\n",
        },
    ],
    ids=["mutual-recursion", "self-import", "re-export"],
)
def test_hostile_module_graphs_end(tmp_path, files):
    root = _tree(tmp_path, files)
    started = time.monotonic()
    report = scan([str(root)], Config(jobs=1, use_cache=False), root=root)
    assert time.monotonic() - started < 30
    assert not [n for n in report.notifications if n.level == "error"]


def test_a_re_export_is_followed(tmp_path):
    root = _tree(
        tmp_path,
        {
            "r/__init__.py": "from .impl import run\n",
            "r/impl.py": "import os\ndef run(x):\n    os.system(x)\n",
            "r/views.py": "from flask import request\nimport r\ndef view():\n    r.run(request.args['x'])\n",
        },
    )
    assert ("r/views.py", 4, "SB078") in _found(root, use_cache=False)


def test_re_export_chains_stop_at_the_bound(tmp_path, monkeypatch):
    files = {"c/__init__.py": "from .m0 import run\n"}
    for i in range(5):
        files[f"c/m{i}.py"] = f"from .m{i + 1} import run\n"
    files["c/m5.py"] = "import os\ndef run(x):\n    os.system(x)\n"
    files["c/views.py"] = (
        "from flask import request\nimport c\ndef view():\n    c.run(request.args['x'])\n"
    )
    root = _tree(tmp_path, files)
    assert ("c/views.py", 4, "SB078") in _found(root, use_cache=False)
    monkeypatch.setattr(link, "MAX_REEXPORTS", 3)
    assert _found(root, use_cache=False) == []


def test_linked_files_bound_gives_a_notification(tmp_path, monkeypatch):
    files = {"app/__init__.py": "", "app/helpers.py": HELPERS}
    for i in range(3):
        files[f"app/views{i}.py"] = VIEWS
    root = _tree(tmp_path, files)
    monkeypatch.setattr(link, "MAX_LINKED_FILES", 1)
    report = scan([str(root)], Config(jobs=1, use_cache=False), root=root)
    assert len([n for n in report.notifications if n.code == "link-limit"]) == 2
    assert len([f for f in report.findings if f.rule_id == "SB078"]) == 1


def test_analyses_past_the_kept_bound_are_forgotten_and_read_again(tmp_path, monkeypatch):
    # views0 and views2 call helpers, views1 calls tools: with one analysis kept, helpers is
    # forgotten for tools and read again for views2, and every flow is still found
    files = {
        "app/__init__.py": "",
        "app/helpers.py": HELPERS,
        "app/tools.py": HELPERS,
        "app/views0.py": VIEWS,
        "app/views1.py": VIEWS.replace("import helpers", "import tools as helpers"),
        "app/views2.py": VIEWS,
    }
    root = _tree(tmp_path, files)
    kept = _found(root, use_cache=False)
    assert [(path, rule) for path, _, rule in kept] == [
        (f"app/views{i}.py", "SB078") for i in range(3)
    ]
    read: List[str] = []
    parse = link.parse
    monkeypatch.setattr(link, "parse", lambda text, path: read.append(path) or parse(text, path))
    assert _found(root, use_cache=False) == kept
    assert read.count("app/helpers.py") == 1 and len(read) == len(set(read))
    read.clear()
    monkeypatch.setattr(link, "MAX_KEPT_ANALYSES", 1)
    assert _found(root, use_cache=False) == kept
    assert read.count("app/helpers.py") == 2


def test_ten_thousand_functions_in_one_file(tmp_path):
    body = "".join(f"def f{i}(x):\n    return f{i + 1}(x)\n" for i in range(10_000))
    body += "def f10000(x):\n    os.system(x)\n"
    root = _tree(
        tmp_path,
        {
            "big/__init__.py": "",
            "big/gen.py": "import os\n" + body,
            "big/views.py": "from flask import request\nfrom .gen import f0\ndef view():\n"
            "    f0(request.args['x'])\n",
        },
    )
    started = time.monotonic()
    report = scan([str(root)], Config(jobs=1, use_cache=False), root=root)
    assert time.monotonic() - started < 60
    assert not [n for n in report.notifications if n.level == "error"]


def test_the_call_depth_bound_applies_across_files(tmp_path, monkeypatch):
    files = {"d/__init__.py": ""}
    for i in range(4):
        files[f"d/m{i}.py"] = f"from . import m{i + 1}\ndef f(x):\n    return m{i + 1}.f(x)\n"
    files["d/m4.py"] = "import os\ndef f(x):\n    os.system(x)\n"
    files["d/views.py"] = (
        "from flask import request\nfrom . import m0\ndef view():\n    m0.f(request.args['x'])\n"
    )
    root = _tree(tmp_path, files)
    assert ("d/views.py", 4, "SB078") in _found(root, use_cache=False)
    monkeypatch.setattr(interpret, "MAX_CALL_DEPTH", 2)
    assert _found(root, use_cache=False) == []


def test_name_clashes_between_scan_roots_keep_one_module(tmp_path):
    one = _tree(
        tmp_path / "one", {"app/__init__.py": "", "app/views.py": VIEWS, "app/helpers.py": HELPERS}
    )
    two = _tree(tmp_path / "two", {"app/__init__.py": "", "app/helpers.py": QUOTING_HELPERS})
    report = scan([str(one), str(two)], Config(jobs=1, use_cache=False), root=tmp_path)
    assert not [n for n in report.notifications if n.level == "error"]


def test_a_helper_reading_flasks_global_request_feeds_the_callers_sink(tmp_path):
    root = _tree(
        tmp_path,
        {
            "app/__init__.py": "",
            "app/params.py": "from flask import request\n\ndef who():\n    return request.args['who']\n",
            "app/views.py": "import os\nfrom flask import Flask\nfrom .params import who\n"
            "app = Flask(__name__)\n\n@app.route('/r')\ndef report():\n    os.system('report ' + who())\n"
            "    return 'ok'\n",
        },
    )
    found = _found(root, use_cache=False)
    assert [(path, line) for path, line, rule in found] == []  # B605 carries the flow instead
    report = scan([str(root)], Config(jobs=1, use_cache=False), root=root)
    (b605,) = [f for f in report.findings if f.rule_id == "B605"]
    assert b605.confidence.name == "HIGH" and b605.flow[0].path == "app/params.py"


QUIET_VIEWS = """
from flask import Flask, request
from . import helpers

app = Flask(__name__)

@app.route("/r")
def report():
    helpers.count(request.args["who"])
    if not request.args["who"]:
        raise helpers.Missing(request.args["who"])
    return "ok"
"""
QUIET_HELPERS = """
def count(name):
    return len(name)

class Missing(Exception):
    pass
"""
RETURNING_VIEWS = """
from flask import Flask, request
from . import helpers

app = Flask(__name__)

@app.route("/r")
def report():
    with open(helpers.title(request.args["who"])) as report:
        return report.read()
"""
RETURNING_HELPERS = """
def title(name):
    return name.strip()
"""


def _rescans(monkeypatch) -> List[str]:
    seen: List[str] = []
    scan_bytes = link.scan_bytes

    def counted(data, display, *rest):
        seen.append(display)
        return scan_bytes(data, display, *rest)

    monkeypatch.setattr(link, "scan_bytes", counted)
    return seen


def test_calls_whose_answer_cannot_change_a_finding_are_not_scanned_again(tmp_path, monkeypatch):
    # input given to a helper without sinks, and to a class without methods of its own
    root = _tree(
        tmp_path,
        {"app/__init__.py": "", "app/views.py": QUIET_VIEWS, "app/helpers.py": QUIET_HELPERS},
    )
    rescanned = _rescans(monkeypatch)
    assert _found(root, use_cache=False) == []
    assert rescanned == []


@pytest.mark.parametrize(
    "files, line",
    [
        ({"app/views.py": VIEWS, "app/helpers.py": HELPERS}, 9),  # the input reaches a sink there
        ({"app/views.py": RETURNING_VIEWS, "app/helpers.py": RETURNING_HELPERS}, 9),  # result
    ],
)
def test_calls_whose_answer_decides_a_finding_are_scanned_again(tmp_path, monkeypatch, files, line):
    root = _tree(tmp_path, {"app/__init__.py": "", **files})
    rescanned = _rescans(monkeypatch)
    found = _found(root, use_cache=False)
    assert rescanned == ["app/views.py"]
    assert [(path, at) for path, at, _ in found] == [("app/views.py", line)]


def test_a_second_scan_follows_only_calls_that_can_change_its_findings(tmp_path, monkeypatch):
    # settings.banner() is given nothing and its result reaches no sink: its module is never
    # read; helpers.run() is given input and helpers.title()'s result reaches a sink
    views = VIEWS.replace(
        '    helpers.run(request.args["who"])',
        "    print(settings.banner())\n"
        '    helpers.run(request.args["who"])\n'
        "    os.system(helpers.title())",
    ).replace("from . import helpers", "import os\nfrom . import helpers, settings")
    helpers = (
        HELPERS + "\nfrom flask import request\n\ndef title():\n    return request.args['t']\n"
    )
    root = _tree(
        tmp_path,
        {
            "app/__init__.py": "",
            "app/views.py": views,
            "app/helpers.py": helpers,
            "app/settings.py": "def banner():\n    return 'v1'\n",
        },
    )
    analysed: List[str] = []
    analysis = link.Project.analysis

    def recorded(self, module, near):  # type: ignore[no-untyped-def]
        analysed.append(module)
        return analysis(self, module, near)

    monkeypatch.setattr(link.Project, "analysis", recorded)
    report = scan([str(root)], Config(jobs=1, use_cache=False), root=root)
    found = sorted((f.line, f.rule_id) for f in report.findings if f.path == "app/views.py")
    assert (11, "SB078") in found  # helpers.run(request.args["who"]): os.system inside
    (b605,) = [f for f in report.findings if f.rule_id == "B605" and f.line == 12]
    assert b605.confidence.name == "HIGH" and b605.flow[0].path == "app/helpers.py"
    assert "app.helpers" in analysed and "app.settings" not in analysed


MANAGER_MODELS = """
from django.db import models


class ProductManager(models.Manager):
    def search(self, term):
        return self.raw("SELECT * FROM product WHERE name = '%s'" % term)

    def search_safe(self, term):
        return self.raw("SELECT * FROM product WHERE name = %s", [term])


class Product(models.Model):
    objects = ProductManager()

    @classmethod
    def in_category(cls, category):
        return cls.objects.raw("SELECT * FROM product WHERE category = '%s'" % category)
"""
MANAGER_VIEWS = """
from django.http import JsonResponse

from .models import Product


def search(request):
    found = Product.objects.search(request.GET["q"])
    listed = Product.in_category(request.GET["c"])
    safe = Product.objects.search_safe(request.GET["q"])
    return JsonResponse({"n": len(list(found)) + len(list(listed)) + len(list(safe))})
"""


def test_a_models_manager_and_class_methods_are_followed_from_the_views(tmp_path):
    # `Product.objects.search` is the manager's own (a `*.search` model is LDAP's), and
    # `Product.in_category(x)` gives x to `category`, not to `cls`
    root = _tree(
        tmp_path,
        {"shop/__init__.py": "", "shop/models.py": MANAGER_MODELS, "shop/views.py": MANAGER_VIEWS},
    )
    assert _found(root, use_cache=False) == [
        ("shop/views.py", 8, "SB089"),
        ("shop/views.py", 9, "SB089"),
    ]


def test_a_fault_of_the_link_step_costs_its_file_s_link_not_the_scan(tmp_path, monkeypatch):
    root = _tree(
        tmp_path, {"app/__init__.py": "", "app/views.py": VIEWS, "app/helpers.py": HELPERS}
    )

    def broken(project, qualname, near):
        raise ValueError("boom")

    monkeypatch.setattr(link.Project, "passes_to_sink", broken)
    report = scan([str(root)], Config(jobs=1, use_cache=False), root=root)
    (notice,) = [n for n in report.notifications if n.code == "dataflow-error"]
    assert notice.path == "app/views.py" and "ValueError: boom" in notice.message
    # every file's own results stand: the helper's shell call is still reported
    assert any(f.path == "app/helpers.py" and f.rule_id == "B605" for f in report.findings)


ABSOLUTE_VIEWS = VIEWS.replace("from . import helpers", "from app import helpers")


def test_two_services_with_a_package_of_the_same_name_each_import_their_own(tmp_path):
    # a monorepo: both services have `app.helpers`; each view means the one beside it
    root = _tree(
        tmp_path,
        {
            "quoting/app/__init__.py": "",
            "quoting/app/views.py": ABSOLUTE_VIEWS,
            "quoting/app/helpers.py": QUOTING_HELPERS,
            "plain/app/__init__.py": "",
            "plain/app/views.py": ABSOLUTE_VIEWS,
            "plain/app/helpers.py": HELPERS,
        },
    )
    assert _found(root, use_cache=False) == [("plain/app/views.py", 9, "SB078")]


def test_an_import_two_files_answer_equally_well_is_not_guessed(tmp_path):
    root = _tree(
        tmp_path,
        {
            "views.py": ABSOLUTE_VIEWS,
            "one/app/__init__.py": "",
            "one/app/helpers.py": HELPERS,
            "two/app/__init__.py": "",
            "two/app/helpers.py": HELPERS,
        },
    )
    assert [f for f in _found(root, use_cache=False) if f[0] == "views.py"] == []


@pytest.mark.parametrize("depth, followed", [(3, True), (4, False)])
def test_folders_without_init_above_a_module_read_as_namespace_packages(tmp_path, depth, followed):
    # `from app.services.tools import helpers` with no __init__.py anywhere: each folder above
    # the module adds a level, followed up to MAX_NAMESPACE_LEVELS
    assert link.MAX_NAMESPACE_LEVELS == 3
    package = ".".join(["app", "services", "tools", "deep"][:depth])
    folder = package.replace(".", "/")
    views = VIEWS.replace("from . import helpers", f"from {package} import helpers")
    root = _tree(tmp_path, {"web/views.py": views, f"{folder}/helpers.py": HELPERS})
    expected = [("web/views.py", 9, "SB078")] if followed else []
    assert [f for f in _found(root, use_cache=False) if f[0] == "web/views.py"] == expected


# VIEWS with a second view that runs input itself, calling no other module
TWO_VIEWS = (
    "\nimport os"
    + VIEWS
    + """
@app.route("/p")
def ping():
    os.system("ping " + request.args["host"])
    return "ok"
"""
)


def _second_scan_runs(monkeypatch) -> List[str]:
    """The names of the functions the link step's second scans run at depth 0, as they run."""
    second: List[str] = []
    real = interpret.FileAnalysis.summary

    def recording(self, func, depth, vouching=False):
        if self.project is not None and self.project.rerun is not None and depth == 0:
            second.append(func.name)
        return real(self, func, depth, vouching)

    monkeypatch.setattr(interpret.FileAnalysis, "summary", recording)
    return second


def test_the_second_scan_runs_again_only_the_functions_that_call_another_module(
    tmp_path, monkeypatch
):
    root = _tree(
        tmp_path, {"app/__init__.py": "", "app/views.py": TWO_VIEWS, "app/helpers.py": HELPERS}
    )
    second = _second_scan_runs(monkeypatch)
    report = scan([str(root)], Config(jobs=1, use_cache=False), root=root)
    assert second == ["report"]
    # the finding of the function not run again stands, the other's comes from the second scan
    found = sorted((f.line, f.rule_id, f.flow[-1].path) for f in report.findings if f.flow)
    assert found == [(10, "SB078", "app/helpers.py"), (15, "B605", "app/views.py")]


# `report` names no source: the first scan runs it as a reader of `chosen`, which returns input
READER_VIEWS = """
from flask import Flask, request
from . import helpers

app = Flask(__name__)

def chosen():
    return request.args["who"]

def report():
    helpers.run(chosen())
"""


def test_a_reader_whose_call_another_module_answers_is_run_again(tmp_path):
    # the second scan does not run `chosen` again (it calls no other module), so no summary of
    # it says that `report` reads input: `report` is run because its own first run met the call
    root = _tree(
        tmp_path,
        {"app/__init__.py": "", "app/views.py": READER_VIEWS, "app/helpers.py": HELPERS},
    )
    assert _found(root, use_cache=False) == [("app/views.py", 11, "SB078")]


LOGGING_HELPERS = (
    HELPERS
    + """
def note(name):
    print("asked for", name)
"""
)


def test_a_call_whose_answer_cannot_change_the_findings_runs_nothing_again(tmp_path, monkeypatch):
    # `audit` gives input to another module's function that passes it to no sink: the second
    # scan, made for `report`'s call, does not run `audit` again
    views = VIEWS + '\n@app.route("/a")\ndef audit():\n    helpers.note(request.args["who"])\n'
    root = _tree(
        tmp_path,
        {"app/__init__.py": "", "app/views.py": views, "app/helpers.py": LOGGING_HELPERS},
    )
    second = _second_scan_runs(monkeypatch)
    assert _found(root, use_cache=False) == [("app/views.py", 9, "SB078")]
    assert second == ["report"]


CHECKS = """
def known(name):
    return name in {"alice", "bob"}
"""


@pytest.mark.parametrize(
    "source, again",
    [('request.args["who"]', ["report"]), ("sys.argv[1]", [])],
)
def test_a_predicate_of_another_module_given_web_input_is_answered_at_the_link_step(
    tmp_path, monkeypatch, source, again
):
    # a command line's flows stay within files: its predicate brings no second scan
    views = f"""
import os
import sys
from flask import Flask, request
from . import checks

app = Flask(__name__)

@app.route("/r")
def report():
    who = {source}
    if not checks.known(who):
        return "no"
    os.system("report " + who)
"""
    root = _tree(tmp_path, {"app/__init__.py": "", "app/views.py": views, "app/checks.py": CHECKS})
    second = _second_scan_runs(monkeypatch)
    report = scan([str(root)], Config(jobs=1, use_cache=False), root=root)
    assert second == again
    ranks = [f.confidence.name for f in report.findings if f.rule_id == "B605"]
    assert ranks == (["LOW"] if again else ["MEDIUM"])


def test_fastapi_dependency_of_another_module_is_filled_as_fastapi_fills_it(tmp_path) -> None:
    # the dependency's own parameters: a header is input, a number and a nested dependency
    # are not; what it returns reaches the endpoint's sink only where it carries the header
    root = _tree(
        tmp_path / "app",
        {
            "__init__.py": "",
            "deps.py": """
                from fastapi import Depends, Header

                def get_db():
                    yield None

                def tenant(x_tenant: str = Header(...)):
                    return x_tenant

                def page(number: int = 1, db=Depends(get_db)):
                    return f"{number}-{db}"
                """,
            "api.py": """
                import os
                from fastapi import APIRouter, Depends
                from .deps import page, tenant

                router = APIRouter()

                @router.get("/t")
                def by_tenant(name: str = Depends(tenant)):
                    os.system("report " + name)

                @router.get("/p")
                def by_page(name: str = Depends(page)):
                    os.system("report " + name)
                """,
        },
    )
    report = scan([str(root)], Config(jobs=1, use_cache=False), root=root)
    reached = {
        f.line: "user input reaches" in f.message for f in report.findings if f.rule_id == "B605"
    }
    assert reached == {10: True, 14: False}  # the page's: Bandit's own rating, no path


def test_flask_wtf_form_of_another_module_is_typed_at_the_link_step(tmp_path) -> None:
    # a bound form's text field is input; its select field, declared in forms.py, is one of
    # its choices once the link step reads the declaration
    root = _tree(
        tmp_path / "app",
        {
            "__init__.py": "",
            "forms.py": """
                from flask_wtf import FlaskForm
                from wtforms import SelectField, StringField

                class Prefs(FlaskForm):
                    name = StringField("Name")
                    lang = SelectField("Language", choices=[("en", "English"), ("de", "Deutsch")])
                """,
            "views.py": """
                from flask import Flask, session
                from .forms import Prefs

                app = Flask(__name__)

                @app.route("/prefs", methods=["POST"])
                def prefs():
                    form = Prefs()
                    if form.validate_on_submit():
                        session["lang"] = form.lang.data
                        session["name"] = form.name.data
                    return "ok"
                """,
        },
    )
    assert _found(root, use_cache=False) == [("views.py", 12, "SB501")]
