"""Sign-in flows of a Flask app, a Django app and a FastAPI app: a `next` parameter chooses where
the browser goes."""

from typing import Annotated
from urllib.parse import quote, urlencode, urlparse, urlsplit, urlunsplit

from django.contrib.contenttypes.models import ContentType
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, resolve_url
from django.urls import path, reverse
from django.views.generic import CreateView, View
from fastapi import Depends, FastAPI, Request
from fastapi.responses import RedirectResponse
from flask import Flask, abort, make_response, redirect, request
from shop.models import Page
from shop.urls import site_path

app = Flask(__name__)
api = FastAPI()
LANDING = {"home": "/", "inbox": "/inbox", "settings": "/settings"}
LANDING_PAGES = ("/", "/inbox", "/settings")


@app.route("/login", methods=["POST"])
def login():
    target = request.args.get("next", "/")
    return redirect(target)  # expect: SB601:HIGH<26


@app.route("/login-safe", methods=["POST"])
def login_safe():
    target = request.args.get("next", "/")
    if urlparse(target).netloc or urlparse(target).scheme:
        abort(400)
    return redirect(target)


@app.route("/go")
def go():
    page = request.args.get("page", "home")
    return redirect(LANDING.get(page, "/"))


@app.route("/go-raw")
def go_raw():
    page = request.args.get("page", "home")
    return redirect(LANDING.get(page, page))  # expect: SB601:HIGH<46


@app.route("/item")
def item():
    return redirect("/items/" + request.args["id"])


@app.route("/mirror")
def mirror():
    host = request.headers.get("X-Mirror", "")
    return redirect("https://" + host + "/download")  # expect: SB601:HIGH<57


@app.route("/mirror-safe")
def mirror_safe():
    host = request.headers.get("X-Mirror", "")
    if host != "eu.mirror.example.org" and host != "us.mirror.example.org":
        abort(400)
    return redirect("https://" + host + "/download")


def after_logout(request):
    return HttpResponseRedirect(request.GET["continue"])  # expect: SB601:HIGH<70


def after_logout_safe(request):
    target = request.GET["continue"]
    if urlparse(target).netloc != "":
        target = "/"
    return HttpResponseRedirect(target)


@api.get("/sso/callback")
def sso_callback(state: str):
    return RedirectResponse(url=state)  # expect: SB601:HIGH<81


@api.get("/sso/callback-safe")
def sso_callback_safe(state: str):
    if state not in LANDING:
        return RedirectResponse(url="/")
    return RedirectResponse(url=LANDING[state])


@app.route("/profile")
def profile():
    name = request.args.get("name", "")
    return redirect("/" + name)  # expect: SB601:HIGH<94


@app.route("/profile-safe")
def profile_safe():
    name = request.args.get("name", "")
    return redirect("/users/" + name)


@app.route("/back")
def back():
    target = request.args.get("next", "/")
    if urlparse(target).scheme not in ("http", "https"):
        abort(400)
    return redirect(target)  # expect: SB601:HIGH<106


@app.route("/back-safe")
def back_safe():
    target = request.args.get("next", "/")
    if urlparse(target).netloc not in ("example.com", "www.example.com"):
        abort(400)
    return redirect(target)


@app.route("/continue")
def continue_to():
    target = request.args.get("next", "/")
    if not target.startswith("/") or target.startswith(("//", "/\\")) or "\\" in target:
        target = "/"
    return redirect(target)


@app.route("/continue-raw")
def continue_raw():
    target = request.args.get("next", "/")
    if target.startswith("/") and not target.startswith("//"):
        return redirect(target)  # expect: SB601:HIGH<130
    return redirect("/")


@app.route("/search-again")
def search_again():
    parts = list(urlsplit("/search"))
    parts[3] = urlencode({"q": request.args.get("q", "")})
    return redirect(urlunsplit(parts))


@app.route("/search-elsewhere")
def search_elsewhere():
    parts = list(urlsplit("/search"))
    parts[1] = request.args.get("mirror", "")
    return redirect(urlunsplit(parts))  # expect: SB601:HIGH<146


def back_to_list(request):
    query = "?" + request.GET.urlencode() if request.GET else ""
    return HttpResponseRedirect(reverse("orders:list") + query)


def back_to_item(request):
    url = reverse("orders:detail", kwargs={"pk": request.GET.get("pk", "0")})
    return HttpResponseRedirect(f"{url}?{request.GET.urlencode()}")


def back_anywhere(request):
    query = request.GET.get("to", "") if request.GET else ""
    return HttpResponseRedirect(query + reverse("orders:list"))  # expect: SB601:HIGH<161


def is_local_url(url):
    parsed = urlparse(url)
    if parsed.scheme and parsed.scheme not in ("http", "https"):
        return False
    return not parsed.netloc or parsed.netloc == urlparse(request.host_url).netloc


def is_local_url_loose(url):
    return url.startswith("/")


def safe_next(url):
    if url and is_local_url(url):
        return url
    return "/"


@app.route("/signed-in")
def signed_in():
    return redirect(safe_next(request.args.get("next", "")))


@app.route("/signed-in-loose")
def signed_in_loose():
    target = request.args.get("next", "")
    if is_local_url_loose(target):
        return redirect(target)  # expect: SB601:HIGH<189
    return redirect("/")


def open_page(request):
    page = get_object_or_404(Page, slug=request.GET.get("slug", ""))
    return HttpResponseRedirect(page.url)


def open_page_raw(request):
    page = Page(slug=request.GET.get("slug", ""))
    return HttpResponseRedirect(page.slug)  # expect: SB601:MEDIUM<201


def local_next(next: str = "/") -> str:
    parsed = urlparse(next)
    if parsed.scheme or parsed.netloc:
        return "/"
    return next


def raw_next(next: str = "/") -> str:
    return next


@api.get("/sso/done")
def sso_done(target: Annotated[str, Depends(local_next)]):
    return RedirectResponse(url=target)


@api.get("/sso/done-raw")
def sso_done_raw(target: Annotated[str, Depends(raw_next)]):
    return RedirectResponse(url=target)  # expect: SB601:HIGH<212


urlpatterns = [
    path("logout/done/", after_logout),
    path("logout/done-safe/", after_logout_safe),
]


@app.route("/welcome")
def welcome():
    if (landing := request.args.get("landing", "")) in LANDING_PAGES:
        return redirect(landing)
    if step := request.args.get("step"):
        return redirect(step)  # expect: SB601:HIGH<236
    return redirect("/")


def after_login(request):
    # resolve_url gives a URL back as it is: only names of views are reversed
    return HttpResponseRedirect(resolve_url(request.GET["next"]))  # expect: SB601:HIGH<243


def after_login_safe(request):
    return HttpResponseRedirect(reverse("account", kwargs={"tab": request.GET["tab"]}))


urlpatterns += [
    path("login/done/", after_login),
    path("login/done-safe/", after_login_safe),
]


@app.route("/continue")
def continue_to():
    # a Location header of the asker's choosing: the browser goes there
    response = make_response("", 303)
    response.headers["Location"] = request.args.get("next", "/")  # expect: SB601:HIGH<260, SB113:HIGH<260
    return response


@app.route("/continue-item")
def continue_to_item():
    response = make_response("", 303)
    response.headers["Location"] = "/items/" + quote(request.args.get("item", ""))
    return response


def continue_after_signup(request):
    response = HttpResponse(status=303)
    response["Location"] = request.GET.get("next", "/")  # expect: SB601:HIGH<273, SB113:HIGH<273
    return response


urlpatterns += [path("signup/continue/", continue_after_signup)]


@app.route("/jump")
def jump():
    # a view's (body, status, headers) reply: the Location header is where the browser goes
    target = request.args["to"]
    return "", 302, {"Location": target}  # expect: SB601:HIGH<283, SB113:HIGH<283


@app.route("/jump-home")
def jump_home():
    asked = request.args.get("to", "")
    return "", 302, {"Location": "/home", "X-Asked-For": str(len(asked))}


def switch_theme(request):
    # the target is replaced unless it is empty or stays on this site: both ways out are safe
    from django.utils.http import url_has_allowed_host_and_scheme

    target = request.POST.get("next", request.GET.get("next"))
    if (target or request.accepts("text/html")) and not url_has_allowed_host_and_scheme(
        url=target, allowed_hosts={request.get_host()}
    ):
        target = "/"
    return HttpResponseRedirect(target) if target else HttpResponse(status=204)


def switch_theme_unchecked(request):
    # the same shape checking another value: the target goes out as given
    from django.utils.http import url_has_allowed_host_and_scheme

    target = request.POST.get("next", request.GET.get("next"))
    fallback = request.GET.get("fallback", "/")
    if (target or request.accepts("text/html")) and not url_has_allowed_host_and_scheme(
        url=fallback, allowed_hosts={request.get_host()}
    ):
        fallback = "/"
    return HttpResponseRedirect(target) if target else HttpResponse(status=204)  # expect: SB601:MEDIUM<309


def pages_of(user):
    return Page.objects.filter(owner=user)


def page_by_number(request, number):
    # the number chose which row: the row's own address is the database's
    page = pages_of(request.user).get(number=number)
    return HttpResponseRedirect(page.address)


def page_by_link(request, number):
    # an unknown helper given the number: what it builds may hold it
    page = pages_of(request.user).link(number=number)
    return HttpResponseRedirect(page.address)  # expect: SB601:MEDIUM<328


def order_home(request, number):
    # a model's get_absolute_url() is its own address on the site
    order = Page.lookup(number)
    return HttpResponseRedirect(order.get_absolute_url())


def order_home_raw(request, number):
    order = Page.lookup(number)
    return HttpResponseRedirect(order.home)  # expect: SB601:MEDIUM<340


class WelcomeView(CreateView):
    def form_valid(self, form):
        # the inherited get_success_url() gives self.success_url, set here to a fixed path
        email = form.cleaned_data["email"]
        self.success_url = "%s?email=%s" % (reverse("accounts:welcome"), quote(email))
        return HttpResponseRedirect(self.get_success_url())


class WelcomeNextView(CreateView):
    def form_valid(self, form):
        self.success_url = form.cleaned_data["next"]
        return HttpResponseRedirect(self.get_success_url())  # expect: SB601:MEDIUM<354


def object_site(request, type_id, object_id):
    # the ids chose the content type and the object: its domain is the database's
    content_type = ContentType.objects.get(pk=type_id)
    obj = content_type.get_object_for_this_type(pk=object_id)
    return HttpResponseRedirect("https://" + obj.domain + "/")


def object_site_raw(request, type_id, object_id):
    return HttpResponseRedirect("https://" + object_id + "/")  # expect: SB601:HIGH<366


def orders_again(request):
    # the query string is added, on one way only, after the reversed path
    url = reverse("orders:list")
    if request.GET:
        url += "?" + request.GET.urlencode()
    return HttpResponseRedirect(url)


def orders_back(request):
    url = request.GET.get("back", "/orders/")
    if request.GET.get("page"):
        url += "?page=" + request.GET["page"]
    return HttpResponseRedirect(url)  # expect: SB601:HIGH<379


def orders_listing(request):
    # what a helper of another module returns, given nothing of the input, is the code's
    return HttpResponseRedirect(site_path("orders") + "?" + request.GET.urlencode())


def orders_listing_raw(request):
    return HttpResponseRedirect(site_path("orders") + request.GET["then"])  # expect: SB601:HIGH<391


class GoView(View):
    # a class the class names, called through self: HttpResponseRedirect itself
    redirect_class = HttpResponseRedirect

    def get(self, request):
        return self.redirect_class(request.GET["next"])  # expect: SB601:HIGH<399


class GoHomeView(View):
    redirect_class = HttpResponseRedirect

    def get(self, request):
        return self.redirect_class(reverse("home"))


@api.get("/items/{item_id}/moved")
def item_moved(request: Request, item_id: str):
    # url_for builds a URL of this app: the id chooses a path on the site
    return RedirectResponse(url=request.url_for("item", item_id=item_id))


@api.get("/items/{item_id}/elsewhere")
def item_elsewhere(request: Request, item_id: str):
    return RedirectResponse(url=request.query_params.get("to", "/") + item_id)  # expect: SB601:HIGH<417


def order_slug_lower(request, slug):
    # the path reversed from the URL's own slug, its query added on one way only: this site
    url = reverse("orders:by-slug", kwargs={"slug": slug.lower()})
    if request.GET:
        url += "?" + request.GET.urlencode()
    return HttpResponseRedirect(url)


def orders_search_again(request):
    # a fixed path, the search added on one way only (orders_back's safe twin)
    url = "/orders/search"
    if request.GET.get("q"):
        url += "?q=" + request.GET["q"]
    return HttpResponseRedirect(url)


def back_to(base, query):
    return HttpResponseRedirect(base + "?" + query)


def orders_page(request):
    # the input is the query, after the "?": the path the code chose keeps the browser here
    return back_to("/orders/", request.GET.urlencode())


def orders_page_from(request):
    return back_to(request.GET.get("from", "/orders/"), "page=1")  # expect: SB601:HIGH<446


from enum import Enum  # noqa: E402


class Partner(str, Enum):
    BILLING = "billing"
    DOCS = "docs"


PARTNER_LANDING = {
    Partner.BILLING: "https://billing.example.com/sso",
    Partner.DOCS: "https://docs.example.com/",
}


def with_ref(base: str, ref: str) -> str:
    if not ref:
        return base
    return base + "?" + urlencode({"ref": ref})


@api.get("/sso/partner/{partner}")
def sso_partner(partner: Partner, ref: str = ""):
    # one of the table's URLs, the input only in its query
    return RedirectResponse(with_ref(PARTNER_LANDING[partner], ref), status_code=303)


@api.get("/sso/return")
def sso_return(next: str = "/", ref: str = ""):
    return RedirectResponse(with_ref(next, ref), status_code=303)  # expect: SB601:HIGH<476
