"""Custom e-mail and page templates of a Flask app and a Django app: request data becomes the
source of a template."""

import jinja2
from django.http import HttpResponse
from django.template import Context, Template
from django.urls import path
from flask import Flask, jsonify, render_template_string, request

app = Flask(__name__)
ENV = jinja2.Environment(autoescape=True)
GREETING = "<p>Hello {{ name }}</p>"


@app.route("/greet")
def greet():
    name = request.args.get("name", "")
    return render_template_string("<p>Hello " + name + "</p>")  # expect: SB1336:HIGH<17, SB079:HIGH<17


@app.route("/greet-safe")
def greet_safe():
    name = request.args.get("name", "")
    return render_template_string(GREETING, name=name)


@app.route("/mail-preview", methods=["POST"])
def mail_preview():
    body = request.form["body"]
    text = ENV.from_string(body).render(user="preview")  # expect: SB1336:HIGH<29
    return jsonify(length=len(text))


@app.route("/mail-preview-safe", methods=["POST"])
def mail_preview_safe():
    body = request.form["body"]
    text = ENV.from_string("{{ body }}").render(body=body)
    return jsonify(length=len(text))


@app.route("/signature/<owner>")
def signature(owner):
    template = jinja2.Template("-- {{ title }} " + owner)  # expect: SB1336:HIGH<42
    return jsonify(length=len(template.render(title="Team")))


@app.route("/signature/<int:owner>")
def signature_by_id(owner):
    template = jinja2.Template("-- {{ title }} " + str(owner))
    return jsonify(length=len(template.render(title="Team")))


def banner(request):
    layout = request.GET.get("layout", "")
    page = Template("<div>%s</div>" % layout)  # expect: SB1336:HIGH<54
    return HttpResponse(page.render(Context({})))  # expect: SB079:HIGH<54


def banner_safe(request):
    layout = request.GET.get("layout", "")
    page = Template("<div>{{ layout }}</div>")
    return HttpResponse(page.render(Context({"layout": layout})))


urlpatterns = [
    path("banner/", banner),
    path("banner-safe/", banner_safe),
]


class Banner:
    text = "Welcome, {{ user }}"


@app.route("/banner", methods=["POST"])
def set_banner():
    # a class attribute set from input, then read back: the template's source is the input
    Banner.text = request.form.get("banner", "Welcome")
    return render_template_string(Banner.text, user="guest")  # expect: SB1336:HIGH<78, SB079:HIGH<78


@app.route("/banner-default")
def default_banner():
    return render_template_string(Banner.text, user=request.args.get("user", "guest"))


#: messages one view keeps in the process for another to show
CARDS: dict = {}


@app.route("/cards/<int:card_id>", methods=["POST"])
def keep_card(card_id):
    CARDS[card_id] = request.form.get("message", "")
    return "kept"


@app.route("/cards/<int:card_id>/page")
def card_page(card_id):
    # what another request stored is the client's: pasted into the template's text
    return render_template_string("<div>" + CARDS.get(card_id, "") + "</div>")  # expect: SB1336:MEDIUM<93, SB079:MEDIUM<93


@app.route("/cards/<int:card_id>/safe-page")
def card_page_safe(card_id):
    return render_template_string("<div>{{ message }}</div>", message=CARDS.get(card_id, ""))
