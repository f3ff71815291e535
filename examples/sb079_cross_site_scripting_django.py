"""Search pages of a small Django shop: query strings and URL kwargs reach HTML responses."""

import io
import json

from django.apps import apps
from django.http import HttpResponse
from django.urls import path
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.views import View


def search(request):
    query = request.GET.get("q", "")
    return HttpResponse("<h2>Results for " + query + "</h2>")  # expect: SB079:HIGH<15


def search_safe(request):
    query = request.GET.get("q", "")
    return HttpResponse("<h2>Results for " + escape(query) + "</h2>")


def category(request, slug):
    banner = "<div class='banner'>{}</div>".format(slug)
    return HttpResponse(banner)  # expect: SB079:HIGH<24


def category_by_number(request, slug):
    banner = "<div class='banner'>{}</div>".format(int(slug))
    return HttpResponse(banner)


def note(request):
    text = request.POST["note"]
    return HttpResponse(mark_safe("<em>" + text + "</em>"))  # expect: B308<35, B703:HIGH<35


def note_escaped(request):
    text = request.POST["note"]
    return HttpResponse(mark_safe("<em>" + escape(text) + "</em>"))  # expect: B308, B703


def receipt(request):
    buffer = io.StringIO()
    buffer.write("<pre>")
    buffer.write(request.GET.get("ref", ""))
    buffer.write("</pre>")
    return HttpResponse(buffer.getvalue())  # expect: SB079:HIGH<47


def receipt_safe(request):
    buffer = io.StringIO()
    buffer.write("<pre>")
    buffer.write(escape(request.GET.get("ref", "")))
    buffer.write("</pre>")
    return HttpResponse(buffer.getvalue())


def labels(request):
    parts = {"title": "Shop", "hint": request.GET.get("hint", "")}
    return HttpResponse("<p>" + parts["hint"] + "</p>")  # expect: SB079:HIGH<61


def labels_title(request):
    parts = {"title": "Shop", "hint": request.GET.get("hint", "")}
    return HttpResponse("<p>" + parts["title"] + "</p>")


def farewell(request):
    name = request.GET.get("name", "")
    name = "friend"
    return HttpResponse("<p>Goodbye, " + name + "</p>")


def farewell_named(request):
    name = request.GET.get("name", "")
    name = name.strip()
    return HttpResponse("<p>Goodbye, " + name + "</p>")  # expect: SB079:HIGH<77


def echo_json(request):
    query = request.GET.get("q", "")
    return HttpResponse(json.dumps({"q": query}), content_type="application/json")


def echo_html(request):
    query = request.GET.get("q", "")
    return HttpResponse(json.dumps({"q": query}), "text/html; charset=utf-8")  # expect: SB079:HIGH<88


class RecentView(View):
    def get(self, request, pk):
        self.request.session["last_viewed"] = self.kwargs["pk"]
        return HttpResponse(f"<p>{self.request.GET.get('q', '')}</p>")  # expect: SB079:HIGH<95


urlpatterns = [
    path("recent/<int:pk>/", RecentView.as_view()),
    path("search/", search),
    path("search-safe/", search_safe),
    path("category/<str:slug>/", category),
    path("category-number/<slug:slug>/", category_by_number),
    path("note/", note),
    path("note-escaped/", note_escaped),
    path("receipt/", receipt),
    path("receipt-safe/", receipt_safe),
    path("labels/", labels),
    path("labels-title/", labels_title),
    path("farewell/", farewell),
    path("farewell-named/", farewell_named),
]


def profile_card(request):
    # a template made here from text: |safe lets the bio through unescaped
    from django.template import Context, Template

    card = Template("<div class='bio'>{{ bio|safe }}</div>")
    return HttpResponse(card.render(Context({"bio": request.POST.get("bio", "")})))  # expect: SB079:HIGH<120


def profile_card_escaped(request):
    from django.template import Context, Template

    card = Template("<div class='bio'>{{ bio }}</div>")
    return HttpResponse(card.render(Context({"bio": request.POST.get("bio", "")})))


urlpatterns += [path("card/", profile_card), path("card-escaped/", profile_card_escaped)]


def ping(request):
    reply = HttpResponse("pong: " + request.GET.get("echo", ""))  # expect: SB079:HIGH<134
    reply["Cache-Control"] = "no-store"
    return reply


def ping_plain(request):
    # declared plain text after it is built: the browser shows the text, it runs nothing
    reply = HttpResponse("pong: " + request.GET.get("echo", ""))
    reply["Content-Type"] = "text/plain"
    return reply


urlpatterns += [path("ping/", ping), path("ping-plain/", ping_plain)]


def greeting(request):
    # a template of the project's Django engine, made from constant text: it escapes the name
    from django.template import engines

    card = engines["django"].from_string("<p>Hello {{ name }}!</p>")
    return HttpResponse(card.render({"name": request.GET.get("name", "")}, request))


def greeting_raw(request):
    from django.template import engines

    card = engines["django"].from_string("<p>Hello {{ name|safe }}!</p>")
    return HttpResponse(card.render({"name": request.GET.get("name", "")}, request))  # expect: SB079:HIGH<161


urlpatterns += [path("greeting/", greeting), path("greeting-raw/", greeting_raw)]


def folder_listing(request):
    # the project's template if there is one, else one of the view's own: both escape
    from django.template import Context, Engine, TemplateDoesNotExist, loader

    folder = request.GET.get("folder", "")
    try:
        page = loader.select_template(["listing.html"])
        context = {"folder": folder}
    except TemplateDoesNotExist:
        page = Engine().from_string("<h1>{{ folder }}</h1>")
        context = Context({"folder": folder})
    return HttpResponse(page.render(context))


def folder_listing_titled(request):
    from django.template import Context, Engine, TemplateDoesNotExist, loader

    folder = request.GET.get("folder", "")
    try:
        page = loader.select_template(["listing.html"])
        context = {"folder": folder}
    except TemplateDoesNotExist:
        page = Engine().from_string("<h1>{{ folder }}</h1>")
        context = Context({"folder": folder})
    return HttpResponse("<title>" + folder + "</title>" + page.render(context))  # expect: SB079:HIGH<184


def model_help(request, model_name):
    # the name chooses which model: its docstring is the program's own text
    model = apps.get_model("shop", model_name)
    return HttpResponse("<pre>" + (model.__doc__ or "") + "</pre>")


def model_missing(request, model_name):
    return HttpResponse("<p>No model " + model_name + "</p>")  # expect: SB079:HIGH<200
