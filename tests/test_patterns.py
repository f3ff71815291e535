"""Allow-list patterns: the sink classes a whole match makes a value harmless for, read from the
characters the pattern admits."""

from __future__ import annotations

import ast

import pytest

from sarifbandit.analysis.taint.patterns import (
    EVERYWHERE,
    QUOTED,
    checked_options,
    click_params,
    declared_checks,
    form_fields,
    safe_classes,
)


@pytest.mark.parametrize(
    "pattern, safe, unsafe",
    [
        (r"^[a-z0-9-]+$", {"sql", "command", "path", "xss", "redirect"}, {"code"}),
        (r"^[a-z0-9.-]+$", {"sql", "command", "xss"}, {"path", "code"}),  # `..` matches
        (r"^\d{1,6}$", {"code", "sql", "command", "path"}, set()),
        (r"^[0-9+*/() .-]+$", {"code", "xss"}, {"sql", "command", "path"}),
        (r"^(png|jpg|gif)$", {"sql", "command", "path", "template"}, {"code"}),
        (r"^\w+$", {"sql", "command", "path", "ldap"}, {"code"}),
        (r"^[a-z ]+$", {"path", "xss"}, {"sql", "command", "xpath"}),
        # no separator: a single name, a dot inside it climbs nowhere; `..` itself would
        (r"^[A-Za-z0-9_-]+\.csv$", {"path", "sql", "command"}, {"code"}),
        (r"^[a-z]*\.[a-z]*$", set(), {"path"}),  # matches `.` (and `a.b`)
        (r"^[a-z.]{2,8}$", set(), {"path"}),  # matches `..`
        (r"^[a-z.]+/[a-z]+$", set(), {"path"}),  # a separator: `../x`
    ],
)
def test_classes_follow_the_characters_admitted(pattern, safe, unsafe) -> None:
    classes = safe_classes(pattern)
    assert safe <= classes
    assert not unsafe & classes


@pytest.mark.parametrize(
    "pattern, quoted",
    [
        (r"[A-Za-z][A-Za-z .,\-]{0,63}", True),  # a person's name: spaces, never a quote
        (r"^[a-z ]+$", True),
        (r"^[a-z' ]+$", False),  # O'Brien closes a '...' literal
        (r'^[a-z" ]+$', False),
        (r"^[a-z\\ ]+$", False),  # a trailing backslash escapes MySQL's closing quote
        (r"^.*$", False),
    ],
)
def test_text_that_cannot_leave_a_quoted_literal(pattern, quoted) -> None:
    assert (QUOTED in safe_classes(pattern)) is quoted


@pytest.mark.parametrize("pattern", [r"^.*$", r"^[^/]+$", r"^\S+$", r"^\D+$", r"^[a-zé]+$", "["])
def test_a_pattern_that_admits_nearly_anything_vouches_for_nothing(pattern) -> None:
    assert safe_classes(pattern) == frozenset()


def test_form_fields_that_admit_no_harmful_text() -> None:
    (form,) = ast.parse(
        "class F(forms.Form):\n"
        "    age = forms.IntegerField(min_value=0)\n"
        "    kind = forms.ChoiceField(choices=KINDS)\n"
        "    slug = forms.SlugField()\n"
        "    code = forms.RegexField(regex=r'^[A-Z]{3}\\Z')\n"
        "    name = forms.CharField(max_length=40)\n"
        "    site = forms.URLField()\n"
    ).body
    fields = form_fields(form)  # type: ignore[arg-type]
    assert fields["age"] == EVERYWHERE and fields["kind"] == EVERYWHERE
    assert {"sql", "command", "path"} <= fields["slug"] and "code" not in fields["slug"]
    assert {"sql", "command", "path"} <= fields["code"]
    # free text: declared, with nothing checked (its item is the request's text, exactly)
    assert fields["name"] == frozenset() and fields["site"] == frozenset()


def test_rest_framework_regex_fields_take_their_pattern_first() -> None:
    (serializer,) = ast.parse(
        "class S(serializers.Serializer):\n"
        "    code = serializers.RegexField(r'^[A-Z]{3}-[0-9]{4}$', required=False)\n"
        "    tag = serializers.RegexField(r'[a-z0-9-]+')\n"  # not anchored: a search
    ).body
    fields = form_fields(serializer)  # type: ignore[arg-type]
    assert {"sql", "command", "path"} <= fields["code"] and "log" not in fields["code"]
    assert "tag" not in fields


def test_command_line_options_checked_by_argparse() -> None:
    tree = ast.parse(
        "p.add_argument('-n', '--max-items', type=int)\n"
        "p.add_argument('mode', choices=('a', 'b'))\n"
        "p.add_argument('--level', dest='depth', type=float)\n"
        "p.add_argument('--name')\n"
        "p.add_argument('--kind', choices=KINDS)\n"  # not constants the code shows
        "sub.add_argument('--count', type=int)\n"
        "other.add_argument('--count')\n"  # declared again, unchecked: the weaker holds
    )
    assert checked_options(tree) == {
        "max_items": EVERYWHERE,
        "mode": EVERYWHERE,
        "depth": EVERYWHERE,
    }


def test_click_parameters_named_and_checked_as_click_does() -> None:
    (command,) = ast.parse(
        "@click.command()\n"
        "@click.option('--max-items', default=10)\n"  # an int default makes it an int option
        "@click.option('-n', '--Name')\n"
        "@click.option('--target', '-t', 'dest')\n"  # the name without dashes wins
        "@click.option('--mode', type=click.Choice(['a', 'b']))\n"
        "@click.option('--pick', type=click.Choice(MODES))\n"  # not constants: unchecked
        "@click.option('--when', type=click.DateTime())\n"
        "@click.option('-v', is_flag=True)\n"
        "@click.option('--label', default='x')\n"
        "@click.argument('path', type=click.Path())\n"
        "def run(max_items, name, dest, mode, pick, when, v, label, path): pass\n"
    ).body
    params = click_params(command)
    checked = {name for name, classes in params.items() if classes == EVERYWHERE}
    assert checked == {"max_items", "mode", "when", "v"}
    assert set(params) - checked == {"name", "dest", "pick", "label", "path"}
    assert all(params[name] == frozenset() for name in ("name", "dest", "pick", "label", "path"))


@pytest.mark.parametrize(
    "annotation, checked",
    [
        ("HttpUrl", {"header", "log"}),  # pydantic drops tabs and line breaks from URLs
        ("Optional[AnyHttpUrl]", {"header", "log"}),
        ("str", set()),
        ("int", EVERYWHERE),
    ],
)
def test_a_declared_type_checks_what_pydantic_enforces(annotation, checked) -> None:
    node = ast.parse(annotation, mode="eval").body
    assert declared_checks(node, None, {"int"}) == frozenset(checked)


def test_a_redirect_pattern_of_alternatives_shows_a_site_path_only_when_each_does():
    from sarifbandit.analysis.taint.patterns import local_path_facts

    assert {"rooted", "single"} <= local_path_facts(r"/|(?:/[A-Za-z0-9_.~-]+)+/?")
    assert "single" not in local_path_facts(r"/|/[A-Za-z0-9_.~/-]+")  # "//host" fits
    assert "single" not in local_path_facts(r"/{1,3}[a-z]+")
    assert "rooted" not in local_path_facts(r"(?:/)*[a-z]")


def test_pattern_expansions_past_the_bound_show_nothing(monkeypatch):
    from sarifbandit.analysis.taint import patterns

    assert "rooted" in patterns.local_path_facts(r"((/[a-z]+))")
    monkeypatch.setattr(patterns, "MAX_PATTERN_EXPANSIONS", 1)
    assert "rooted" not in patterns.local_path_facts(r"((/[a-z]+))")
