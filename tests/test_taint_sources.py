"""Where the data flow sees input, and where it deliberately does not: each case a pair."""

from __future__ import annotations

import ast
import sys
import textwrap

import pytest

from sarifbandit.analysis.source import SourceFile
from sarifbandit.analysis.taint.aiohttp_routes import match_info_checks
from sarifbandit.analysis.taint.flows import analyse
from sarifbandit.analysis.taint.models import load_models
from sarifbandit.analysis.taint.patterns import local_path_facts


def _hits(code: str, path: str = "app/views.py"):
    text = textwrap.dedent(code)
    flows = analyse(ast.parse(text), SourceFile.from_bytes(path, text.encode()), load_models())
    return sorted((h.node.lineno, h.sink_class) for h in flows.all_hits())


DJANGO_VIEW = """
import os
from django.http import HttpResponse
def report(request, name):
    return HttpResponse(open(os.path.join("/srv", name)).read())
"""


def test_django_url_kwargs_are_input_in_a_views_module_only() -> None:
    assert _hits(DJANGO_VIEW) == [(5, "path")]
    assert _hits(DJANGO_VIEW, path="app/auth/backends.py") == []


def test_django_url_converters_of_the_same_file_decide() -> None:
    routed = DJANGO_VIEW + 'urlpatterns = [path("r/<int:name>/", report)]\n'
    assert _hits(routed, path="app/single.py") == []
    routed = DJANGO_VIEW + 'urlpatterns = [path("r/<str:name>/", report)]\n'
    assert _hits(routed, path="app/single.py") == [(5, "path")]


def test_a_view_option_with_a_default_and_middleware_arguments_are_not_input() -> None:
    assert (
        _hits(
            """
            import os
            from django.http import HttpResponse
            def report(request, template_name="r.html"):
                return HttpResponse(open(template_name).read())
            class Middleware:
                def process_response(self, request, response):
                    return HttpResponse(open(response.path).read())
            """
        )
        == []
    )


def test_a_redirect_to_the_request_own_path_stays_on_the_site() -> None:
    code = """
    from django.http import HttpResponseRedirect
    def again(request):
        return HttpResponseRedirect(request.get_full_path())
    def onward(request):
        return HttpResponseRedirect(request.GET["next"])
    """
    assert _hits(code) == [(6, "redirect")]


def test_a_validated_url_is_safe_for_redirects() -> None:
    code = """
    from django.http import HttpResponseRedirect
    from django.utils.http import url_has_allowed_host_and_scheme
    def onward(request):
        target = request.GET["next"]
        if not url_has_allowed_host_and_scheme(url=target, allowed_hosts={"a.example"}):
            target = "/"
        return HttpResponseRedirect(target)
    def unchecked(request):
        target = request.GET["next"]
        return HttpResponseRedirect(target)
    """
    assert _hits(code) == [(11, "redirect")]


def test_calls_chosen_at_run_time_are_followed_to_every_candidate() -> None:
    code = """
    import functools, os
    from flask import request
    def run_a(cmd):
        os.system(cmd)
    def show_b(cmd):
        print(cmd)
    HANDLERS = {"a": run_a, "b": show_b}
    QUIET = {"b": show_b}
    class Base:
        def execute(self, cmd):
            os.system(cmd)
    class Child(Base):
        def go(self, cmd):
            super().execute(cmd)
        def on_ping(self, arg):
            os.system("ping " + arg)
        def dispatch(self, kind, arg):
            getattr(self, "on_" + kind)(arg)
    def view():
        kind, data = request.args["kind"], request.args["data"]
        HANDLERS[kind](data)
        QUIET[kind](data)
        (run_a if kind else show_b)(data)
        functools.partial(run_a)(data)
        functools.partial(show_b)(data)
        Child().go(data)
        Child().dispatch(kind, data)
        Child().execute(data)
    """
    # the quiet table and the partial of show_b (lines 23, 26) reach no sink
    assert _hits(code) == [(n, "command") for n in (22, 24, 25, 27, 28, 29)]


def test_a_method_named_at_run_time_on_another_object_is_not_one_of_this_class() -> None:
    # getattr(node, "as_" + vendor) on a parameter names the parameter's method, not one of the
    # class the code is in: the class's own `as_shell` is not a candidate there
    code = """
    import os
    from flask import request
    class Compiler:
        def as_shell(self, text):
            os.system(text)
        def compile(self, node, vendor, text):
            getattr(node, "as_" + vendor)(text)
        def run(self, vendor, text):
            getattr(self, "as_" + vendor)(text)
    def view():
        Compiler().compile(object(), request.args["v"], request.args["t"])
        Compiler().run(request.args["v"], request.args["t"])
    """
    assert _hits(code) == [(13, "command")]


def test_xml_parsers_are_judged_by_the_data_they_parse() -> None:
    from sarifbandit import Config
    from sarifbandit.engine.filescan import scan_bytes

    code = textwrap.dedent(
        """
        import xml.etree.ElementTree as ET
        from flask import request
        def upload():
            return ET.fromstring(request.data).tag
        def config():
            return ET.fromstring("<config/>").tag
        """
    )
    found = scan_bytes(code.encode(), "t.py", Config(jobs=1)).findings
    ranks = [(f.line, f.confidence.name, bool(f.flow)) for f in found if f.rule_id == "B314"]
    assert ranks == [(5, "HIGH", True), (7, "LOW", False)]


def test_a_factory_choosing_among_classes_is_followed_to_each() -> None:
    code = """
    import os
    from flask import request
    class PdfExport:
        def __init__(self, name):
            self.name = name
        def run(self):
            os.system("pdf-export " + self.name)
    class CsvExport:
        def __init__(self, name):
            self.name = name
        def run(self):
            print(self.name)
    def make(kind, name):
        if kind == "pdf":
            return PdfExport(name)
        return CsvExport(name)
    def view():
        exporter = make(request.args["kind"], request.args["name"])
        exporter.run()
        quiet = make(request.args["kind"], "fixed")
        quiet.run()
    """
    assert _hits(code) == [(20, "command")]  # exporter.run(); quiet holds a constant name


def test_class_based_views_hold_their_request_on_self() -> None:
    code = """
    import os
    from aiohttp import web
    class Search(web.View):
        async def get(self):
            os.system("echo " + self.request.match_info["name"])
            return web.Response(text="ok")
    class Helper:
        def get(self):
            os.system("echo " + self.request.match_info["name"])
    """
    # Helper is no view: its `self.request` is whatever the code put there
    assert _hits(code) == [(6, "command")]


def test_form_feeds_do_not_shift_where_a_function_is_read() -> None:
    # a form feed ends a line for str.splitlines, not for Python: the function's own text,
    # where its input is read, must be found on the lines ast gives it
    code = "import os\n" + "\f\n" * 6 + "def handler():\n    pass\n    os.system(input())\n"
    assert _hits(code, path="tool/run.py") == [(10, "command")]


def test_a_condition_on_a_keywords_text_decides_a_sink() -> None:
    # aiohttp's Response is HTML only when it says so; a content type not known still counts
    head = "from aiohttp import web\nasync def page(request):\n    q = request.query['q']\n"
    assert _hits(head + "    return web.Response(text=q, content_type='text/HTML')\n") == [
        (4, "xss")
    ]
    assert _hits(head + "    return web.Response(text=q, content_type=request.query['t'])\n") == [
        (4, "xss")
    ]
    assert _hits(head + "    return web.Response(text=q, content_type='text/plain')\n") == []
    assert _hits(head + "    return web.Response(text=q)\n") == []


def test_an_aiohttp_route_pattern_constrains_its_match_info_key() -> None:
    code = """
    import os
    from aiohttp import web
    routes = web.RouteTableDef()
    @routes.get(r"/jobs/{job:\\d+}/{name}")
    async def job(request):
        os.system("show " + request.match_info["job"])
        os.system("show " + request.match_info["name"])
    async def other(request):
        os.system("show " + request.match_info["job"])
    app = web.Application()
    app.router.add_get(r"/jobs/{job:[a-z0-9.-]+}", other)
    app.router.add_route("GET", r"/more/{job:[^/]+}", other)
    """
    # a key of a route's path without a pattern, and a handler of two routes one of which
    # lets anything in, stay input
    assert _hits(code) == [(8, "command"), (10, "command")]
    assert match_info_checks(ast.parse(textwrap.dedent(code)))["job"]["job"] >= {"command"}


MATCH_VIEW = """
import os
from flask import Flask, request
app = Flask(__name__)
@app.route("/read", methods=["POST"])
def read():
    match request.get_json():
        case {"path": str(path)} if GUARD:
            return open(os.path.join("/srv/archive", path)).read()
"""


@pytest.mark.skipif(sys.version_info < (3, 10), reason="match statements need Python 3.10")
def test_a_case_guard_holds_in_its_body() -> None:
    checked = MATCH_VIEW.replace("GUARD", '"/" not in path and ".." not in path')
    assert _hits(checked, path="app.py") == []
    unchecked = MATCH_VIEW.replace("GUARD", "path")
    assert _hits(unchecked, path="app.py") == [(9, "path")]


MATCH_ACTION = """
import os
from flask import Flask, abort, request
app = Flask(__name__)
@app.route("/service", methods=["POST"])
def service():
    action = request.form["action"]
    match action:
        case PATTERN:
            os.system("service web " + action)
        case _:
            abort(400)
    os.system("logger " + action)
"""


@pytest.mark.skipif(sys.version_info < (3, 10), reason="match statements need Python 3.10")
def test_a_case_of_constants_makes_the_subject_one_of_them() -> None:
    # in the case's body and after the match (the other case aborts), the action is one of
    # the constants; a capture pattern shows nothing of it
    assert _hits(MATCH_ACTION.replace("PATTERN", '"start" | "stop"'), path="app.py") == []
    assert _hits(MATCH_ACTION.replace("PATTERN", '"start"'), path="app.py") == []
    captured = MATCH_ACTION.replace("PATTERN", "other")
    assert _hits(captured, path="app.py") == [(10, "command"), (13, "command")]


def _ran(code: str) -> list:
    """The functions the analysis of a file ran, by name."""
    text = textwrap.dedent(code)
    flows = analyse(ast.parse(text), SourceFile.from_bytes("tool.py", text.encode()), load_models())
    return sorted(getattr(f, "name", "") for f in flows._analysis.summaries)  # type: ignore[union-attr]


def test_a_function_is_run_for_the_sources_it_names_not_for_its_module() -> None:
    # `os.path` and `sys.exit` read nothing, nor do `inputs`, a docstring's "input", a
    # parameter named `input`, a method `.input()` or a pipe's `stdin`
    code = """
        import os
        import sys
        def join(a, b):
            return os.path.join(a, b)
        def stop(inputs):
            '''Stop when the input is empty.'''
            sys.exit(len(inputs))
        def settings():
            return os.environb[b"APP_SETTINGS"]
        def command_line():
            return sys.orig_argv
        def pipe(proc, input):
            proc.stdin.write(input.encode())
            return self.input()
        def answer():
            return input("name? ")
        def aliased():
            return S.argv[1]
        def imports_its_own():
            from sys import argv
            import os as system
            return argv[1] + system.environ["HOME"]
    """
    assert _ran("import sys as S\n" + textwrap.dedent(code)) == [
        "aliased",
        "answer",
        "command_line",
        "imports_its_own",
        "settings",
    ]


def test_functions_reading_what_a_run_found_to_hold_input_are_run_in_turn() -> None:
    # neither `cleanup` nor `publish` names a source: one reads a module name bound to the
    # environment, the other a helper returning what another helper read from the command line
    code = """
        import os
        import shutil
        import sys
        SPOOL = os.environ["SPOOL"]
        FIXED = "/var/fixed"
        def target():
            return sys.argv[1]
        def cleanup():
            shutil.rmtree(SPOOL)
        def cleanup_fixed():
            shutil.rmtree(FIXED)
        def release():
            return target() + ".zip"
        def publish():
            shutil.copy(release(), "/srv/releases/")
        def publish_fixed():
            shutil.copy(FIXED, "/srv/releases/")
    """
    assert _ran(code) == ["cleanup", "publish", "release", "target"]
    assert _hits(code, path="tool.py") == [(10, "path"), (16, "path")]


def test_module_code_runs_a_second_time_only_when_it_calls_a_function_of_the_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from sarifbandit.analysis.taint import interpret

    runs: list = []
    real = interpret.FunctionRun.run_body

    def counting(self, body):  # type: ignore[no-untyped-def]
        if self.func is self.a.tree:
            runs.append(len(body))
        return real(self, body)

    monkeypatch.setattr(interpret.FunctionRun, "run_body", counting)
    defining = (
        "import os\nimport sys\nLIMIT = len(sys.argv) - 1\n"
        "class Job:\n    def __init__(self, command):\n        os.system(command)\n"
    )
    assert _hits(defining, path="tool.py") == []
    assert len(runs) == 1
    runs.clear()
    # the call of the file's class is followed on the second run, with the module's names
    calling = defining + "Job(sys.argv[LIMIT])\n"
    assert _hits(calling, path="tool.py") == [(7, "command")]
    assert len(runs) == 2
    # a call given nothing from input whose result is dropped is not followed from there: the
    # function is run for its own sources as any other is
    runs.clear()
    dropping = defining + "def main():\n    os.system(sys.argv[2])\nmain()\n"
    assert _hits(dropping, path="tool.py") == [(8, "command")]
    assert len(runs) == 1


def test_verdicts_run_a_function_only_where_a_call_around_a_finding_can_tell(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # B608's SQL built apart from the call that runs it has no sink call around it: running
    # the function could not change the verdict, so it is not run (before the link step, in a
    # file whose helpers cannot read a global request); SQL built inside the call is judged
    from sarifbandit import Config
    from sarifbandit.analysis.taint.interpret import FileAnalysis
    from sarifbandit.engine.filescan import scan_bytes

    code = textwrap.dedent(
        """
        def build(table, limit):
            sql = "SELECT * FROM %s LIMIT %d" % (table, limit)
            return sql
        def run(cursor):
            cursor.execute("SELECT * FROM %s" % "users")
        """
    )
    ran = []
    real = FileAnalysis.summary

    def summary(self, func, depth, vouching=False):  # type: ignore[no-untyped-def]
        ran.append(getattr(func, "name", ""))
        return real(self, func, depth, vouching)

    monkeypatch.setattr(FileAnalysis, "summary", summary)
    found = scan_bytes(code.encode(), "db.py", Config(jobs=1)).findings
    judged = [(f.line, "the constant" in f.message) for f in found if f.rule_id == "B608"]
    assert judged == [(3, False), (6, True)]
    assert ran == ["run"]


@pytest.mark.parametrize(
    "code, read",
    [
        # FastAPI's and Flask's method decorators, across lines too
        ("from fastapi import FastAPI\napp = FastAPI()\n@app.get('/f')\ndef f(q): ...\n", True),
        ("@router.post(\n    '/f',\n)\nasync def f(q): ...\n", True),
        # the same words as methods, with nothing a view could read: not interpreted
        ("def f(cache, client):\n    client.post(cache.get('url'))\n", False),
        ("def f(d):\n    return d.options.head\n", False),
    ],
)
def test_a_file_is_read_for_a_route_decorator_not_for_its_method_words(code, read) -> None:
    flows = analyse(
        ast.parse(code), SourceFile.from_bytes("app/api.py", code.encode()), load_models()
    )
    assert flows.analysed is read


@pytest.mark.parametrize(
    "expression, reaches",
    [
        ('f"{p}|a|b".split("|")[-1]', False),
        ('f"{p}|a|b".split("|")[-2]', False),
        ('f"{p}|a|b".split("|")[-3]', True),  # the input's last field, or all of it
        ('f"{p}|a|b".rsplit("|", 1)[1]', False),
        ('f"{p}|a|b".rsplit("|", 1)[-2]', True),
        ('f"{p}|a|b".rsplit("|", 2)[1]', False),
        ('f"{p}|a|b".rsplit("|", 3)[1]', True),  # a split may fall in the input
        ('f"{p}|a|b".split("|", 1)[1]', True),  # from the start: the input holds any count
        ('f"a|{p}".split("|")[-1]', True),
    ],
)
def test_fields_split_from_the_constant_end_of_a_string_are_constants(expression, reaches):
    code = f"""
        import os
        from flask import request
        def view():
            p = request.args["p"]
            os.system({expression})
    """
    assert bool(_hits(code)) is reaches


@pytest.mark.parametrize(
    "pattern, facts",
    [
        (r"/[a-z0-9/-]*", {"rooted", "noback"}),
        (r"^/[a-z0-9-][a-z0-9/-]*\Z", {"rooted", "single", "noback"}),
        (r"/", {"rooted", "single", "noback"}),
        (r"/[^x]*", {"rooted"}),  # a negated set may hold a backslash, and a "/"
        (r"[a-z/]+", {"noback"}),
        (r"/[\w\\]*", {"rooted", "single"}),  # a backslash allowed
        # an optional part that cannot begin with "/" may be left out: "/" alone, or a path
        (r"/(?:[a-z][a-z/]*)?", {"rooted", "single", "noback"}),
        (r"/[a-z]*", {"rooted", "single", "noback"}),
        (r"/(?:[a-z/]*)?", {"rooted", "noback"}),
        (r"/(?:[a-z]*)?/x", {"rooted", "noback"}),  # left out, then "/": "//x"
        # a lookahead ruling out a set that holds "/" (and "\\"): the second character is no "/"
        (r"^/(?![/\\])[a-z/]*$", {"rooted", "single", "noback"}),
        (r"/(?![a-z])[a-z/]*", {"rooted", "noback"}),
        # segments of at least one character, repeated or grouped: no "//"
        (r"/[A-Za-z0-9_\-]+(?:/[A-Za-z0-9_\-]+)*/?", {"rooted", "single", "noback"}),
        (r"/(?:[a-z]+)(?:/[a-z]+)*", {"rooted", "single", "noback"}),
        (r"/[a-z]*(?:/[a-z]+)*", {"rooted", "noback"}),  # an empty first segment: "//x"
        (r"/(?:/?[a-z]+)", {"rooted", "noback"}),
    ],
)
def test_what_a_pattern_shows_of_a_redirect_target(pattern, facts) -> None:
    assert local_path_facts(pattern) == facts


def test_an_object_made_when_none_is_given_is_that_class() -> None:
    # `runner or Runner()`: the attribute is a Runner, whose method runs the command
    code = """
        import os
        class Runner:
            def run(self, cmd):
                os.system(cmd)
        class Service:
            def __init__(self, runner=None):
                self.runner = runner or Runner()
            def go(self, cmd):
                self.runner.run(cmd)
        def main():
            Service().go(input())
    """
    assert [hit[0] for hit in _hits(code)] == [12]


ALLOWED_DEFAULT = """
import os
from flask import Flask, abort, request
app = Flask(__name__)
MODES = frozenset({"fast", "full"})
def run(mode, *, allowed=MODES):
    if mode not in allowed:
        abort(400)
    os.system("backup --mode " + mode)
@app.route("/backup")
def backup():
    run(request.args["mode"]{extra})
    return "ok"
"""


@pytest.mark.parametrize(
    "extra, found",
    [
        ("", []),  # never given: `allowed` is MODES, the check holds
        (", allowed=request.args.getlist('ok')", [(12, "command")]),  # given by a call
        (", **request.args", [(12, "command")]),  # maybe given, by keywords unknown
    ],
)
def test_a_default_no_call_passes_holds_in_the_functions_run(extra, found) -> None:
    assert _hits(ALLOWED_DEFAULT.replace("{extra}", extra)) == found


def test_a_function_named_other_than_in_a_call_may_be_given_its_default() -> None:
    # `handlers = [run]`: whoever calls it may give `allowed`
    code = ALLOWED_DEFAULT.replace("{extra}", "") + "handlers = [run]\n"
    assert _hits(code) == [(12, "command")]


PATH_JOIN = """
from flask import Flask, request
from werkzeug.utils import secure_filename
app = Flask(__name__)
class Archive:
    def __init__(self, root):
        self.root = root
    def keep(self, upload):
        upload.save(self.root / {name})
@app.post("/keep")
def keep():
    Archive("/srv").keep(request.files["doc"])
    return "ok"
"""


def test_a_path_joined_keeps_each_parts_check() -> None:
    # `self.root / name`, the root an attribute not known in the method's own run: the
    # name's sanitizer is not lost beside a root that has none
    assert _hits(PATH_JOIN.replace("{name}", "secure_filename(upload.filename)")) == []
    assert _hits(PATH_JOIN.replace("{name}", "upload.filename")) == [(12, "path")]


HELPER_PATH = """
import os
from pathlib import Path
from flask import Flask, abort, request
app = Flask(__name__)
ROOT = Path("/srv/files")
def located(rel):
    return ROOT / "shared" / rel
@app.post("/rm")
def rm():
    target = located(request.form["p"]).resolve()
    if {test}:
        abort(400)
    os.remove(target)
    return "ok"
"""


def test_a_path_a_helper_joins_is_a_path_to_the_caller() -> None:
    # what `located()` returns is a Path: resolved and checked, it stays inside ROOT
    assert _hits(HELPER_PATH.replace("{test}", "not target.is_relative_to(ROOT)")) == []
    assert _hits(HELPER_PATH.replace("{test}", "not target.exists()")) == [(14, "path")]
