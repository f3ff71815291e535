"""Profile pages of a small Flask forum: request data reaches HTML responses."""

import html
import importlib
import string

from flask import Flask, jsonify, make_response, render_template_string, request
from jinja2 import Environment
from markupsafe import Markup, escape

app = Flask(__name__)
GREETINGS = {"en": "Hello", "fr": "Bonjour"}


@app.route("/hello")
def hello():
    name = request.args.get("name", "")
    return "<p>" + name + "</p>"  # expect: SB079:HIGH<17


@app.route("/hello-safe")
def hello_safe():
    name = request.args.get("name", "")
    return "<p>" + html.escape(name) + "</p>"


@app.route("/user/<name>")
def user(name):
    return f"<h1>{name.title()}</h1>"  # expect: SB079:HIGH<28


@app.route("/user/<int:uid>")
def user_by_id(uid):
    return f"<h1>User {uid}</h1>"


@app.route("/card")
def card():
    title = request.args["title"]
    body = "<div class='card'>%s</div>" % title
    return make_response(body)  # expect: SB079:HIGH<39


@app.route("/card-safe")
def card_safe():
    title = escape(request.args["title"])
    body = "<div class='card'>%s</div>" % title
    return make_response(body)


@app.route("/badge")
def badge():
    label = request.args["label"]
    return Markup("<span>{}</span>".format(label))  # expect: B704:HIGH<53


@app.route("/badge-safe")
def badge_safe():
    label = request.args["label"]
    return Markup("<span>{}</span>").format(label)


@app.route("/greet")
def greet():
    lang = request.args.get("lang", "en")
    if lang not in GREETINGS:
        lang = "en"
    return "<p>" + GREETINGS[lang] + ", " + lang + "</p>"


@app.route("/greet-any")
def greet_any():
    lang = request.args.get("lang", "en")
    if lang not in GREETINGS:
        print("unknown language")
    return "<p>" + lang + "</p>"  # expect: SB079:HIGH<73


@app.route("/tags")
def tags():
    chosen = request.args.getlist("tag")
    items = "".join("<li>" + tag + "</li>" for tag in chosen)
    return "<ul>" + items + "</ul>"  # expect: SB079:HIGH<81


@app.route("/tags-safe")
def tags_safe():
    chosen = request.args.getlist("tag")
    items = "".join("<li>" + html.escape(tag) + "</li>" for tag in chosen)
    return "<ul>" + items + "</ul>"


@app.route("/folded")
def folded():
    note = request.args.get("note", "")
    shown = "nothing to show" if 3 * 4 > 20 else note
    return "<p>" + shown + "</p>"  # expect: SB079:HIGH<95


@app.route("/folded-safe")
def folded_safe():
    note = request.args.get("note", "")
    shown = "nothing to show" if 3 * 4 < 20 else note
    return "<p>" + shown + "</p>"


def row(cell):
    return "<td>" + cell + "</td>"


def safe_row(cell):
    return "<td>" + html.escape(cell) + "</td>"


@app.route("/row")
def show_row():
    return "<tr>" + row(request.args["cell"]) + "</tr>"  # expect: SB079:HIGH<117


@app.route("/row-safe")
def show_row_safe():
    return "<tr>" + safe_row(request.args["cell"]) + "</tr>"


@app.route("/row-static")
def show_row_static():
    return "<tr>" + row("total") + "</tr>"


@app.route("/echo")
def echo():
    return make_response("<p>" + request.args["text"] + "</p>", 200)  # expect: SB079:HIGH


@app.route("/echo-json")
def echo_json():
    return make_response(jsonify(text=request.args["text"]), 200)


@app.route("/bio")
def bio():
    # rich text cleaned by an allow-list HTML sanitizer before it is trusted
    import nh3

    return Markup(nh3.clean(request.form.get("bio", "")))  # expect: B704:LOW


@app.route("/bio-raw")
def bio_raw():
    return Markup(request.form.get("bio", ""))  # expect: B704:HIGH<150


@app.route("/note")
def note():
    text = request.args["text"]
    response = make_response("<pre>" + text + "</pre>")  # expect: SB079:HIGH<155
    response.headers["X-Frame-Options"] = "DENY"
    return response


@app.route("/note-plain")
def note_plain():
    # the body is declared plain text before it is sent: the browser does not render it
    text = request.args["text"]
    response = make_response(text)
    response.mimetype = "text/plain"
    return response


@app.route("/note-typed")
def note_typed():
    text = request.args["text"]
    response = make_response(text)
    response.headers["Content-Type"] = "text/plain; charset=utf-8"
    return response


@app.route("/note-html")
def note_html():
    text = request.args["text"]
    response = make_response(text)  # expect: SB079:HIGH<180
    response.content_type = "text/html; charset=utf-8"
    return response


@app.route("/label")
def label():
    # a (body, status, headers) reply declared plain text: the browser does not render it
    name = request.args.get("name", "")
    return "<b>" + name + "</b>", 200, {"Content-Type": "text/plain; charset=utf-8"}


@app.route("/label-html")
def label_html():
    name = request.args.get("name", "")
    return "<b>" + name + "</b>", 200, {"Content-Type": "text/html"}  # expect: SB079:HIGH<195


@app.route("/motto")
def motto():
    # the template's own text writes the value with |safe: autoescaping does not apply to it
    motto = request.args.get("motto", "")
    return render_template_string("<q>{{ motto|safe }}</q>", motto=motto)  # expect: SB079:HIGH<202


@app.route("/motto-escaped")
def motto_escaped():
    motto = request.args.get("motto", "")
    return render_template_string("<q>{{ motto }}</q>", motto=motto)


@app.route("/quote")
def quote_reply():
    # Markup escapes the text added to it: only the two tags are markup
    said = request.form.get("said", "")
    return make_response(Markup("<blockquote>") + said + Markup("</blockquote>"))


@app.route("/quote-trusted")
def quote_trusted():
    said = request.form.get("said", "")  # one result: Markup() makes it markup, the response carries it
    return make_response(Markup("<blockquote>" + said) + "</blockquote>")  # expect: B704:HIGH<221


@app.route("/boot")
def boot():
    # JSON whose <, > and & are escaped: a value cannot close the script element
    from jinja2.utils import htmlsafe_json_dumps

    state = htmlsafe_json_dumps({"user": request.args.get("user", "guest")})
    return "<script>window.STATE = " + state + ";</script>"


@app.route("/boot-raw")
def boot_raw():
    import json

    state = json.dumps({"user": request.args.get("user", "guest")})
    return "<script>window.STATE = " + state + ";</script>"  # expect: SB079:HIGH<238


@app.route("/badge")
def badge():
    # a number on one way, escaped text on the other: either is safe in HTML
    label = request.args.get("label", "")
    shown = str(int(label)) if label.isdigit() else html.escape(label)
    return "<span class='badge'>" + shown + "</span>"


@app.route("/badge-raw")
def badge_raw():
    label = request.args.get("label", "")
    shown = str(int(label)) if label.isdigit() else label
    return "<span class='badge'>" + shown + "</span>"  # expect: SB079:HIGH<252


@app.route("/plugins/help")
def plugin_help():
    # the name chooses which module and which attribute: their text is the program's own
    name = request.args.get("name", "")
    module = importlib.import_module("forum.plugins." + name)
    helper = getattr(string, name, None)
    return "<pre>" + (module.__doc__ or "") + (helper.__doc__ or "") + "</pre>"


@app.route("/plugins/missing")
def plugin_missing():
    name = request.args.get("name", "")
    return "<pre>no plugin " + name + "</pre>"  # expect: SB079:HIGH<268


@app.route("/card")
def card():
    # Jinja2 escapes nothing unless told to: the page holds the name as sent
    template = Environment().from_string("<div class='card'>{{ name }}</div>")  # expect: B701
    return template.render(name=request.args.get("name", ""))  # expect: SB079:HIGH<276


@app.route("/card-escaped")
def card_escaped():
    template = Environment(autoescape=True).from_string("<div class='card'>{{ name }}</div>")
    return template.render(name=request.args.get("name", ""))


class ResultsPage:
    def __init__(self, escape_query: bool) -> None:
        self.escape_query = escape_query

    def heading(self, term: str) -> str:
        shown = html.escape(term) if self.escape_query else term
        return f"<h2>Results for {shown}</h2>"

    def body(self, term: str) -> str:
        return f"<main>{self.heading(term)}</main>"


@app.route("/results")
def results():
    term = request.args.get("q", "")
    # the object's setting decides the method's branch: this page leaves the term as sent
    return make_response(ResultsPage(escape_query=False).body(term))  # expect: SB079:HIGH<299


@app.route("/results-escaped")
def results_escaped():
    term = request.args.get("q", "")
    return make_response(ResultsPage(escape_query=True).body(term))


@app.route("/search-box")
def search_box():
    # quotes left as they are: `" onfocus="...` closes the attribute
    q = request.args.get("q", "")
    return '<input name="q" value="' + html.escape(q, quote=False) + '">'  # expect: SB079:MEDIUM<313


@app.route("/search-box-quoted")
def search_box_quoted():
    q = request.args.get("q", "")
    return '<input name="q" value="' + html.escape(q) + '">'


# a page built in a loop, then a last item added: the loop's items stand apart from it
def found_list(hits, footer):
    parts = ["<ul>"]
    for hit in hits:
        parts.append("<li>" + html.escape(hit) + "</li>")
    parts.append(footer)
    return "".join(parts)


@app.route("/found")
def found_page():
    q = request.args.get("q", "")
    return found_list([q], "<p>No more results for " + q + "</p>")  # expect: SB079:HIGH<334


@app.route("/found-plain")
def found_page_plain():
    q = request.args.get("q", "")
    return found_list([q], "<p>No more results</p>")
