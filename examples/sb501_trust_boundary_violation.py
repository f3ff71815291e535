"""Preferences and sign-up steps of a Flask app and a Django app: request data stored in the
session that later code trusts."""

import configparser
import dataclasses

from django.contrib.auth import authenticate
from django.http import JsonResponse
from django.urls import path
from flask_wtf import FlaskForm
from wtforms import SelectField, StringField
from flask import Flask, abort, current_app, request, session

app = Flask(__name__)
THEMES = ("light", "dark")
ROLES = {"reader", "editor"}


@app.route("/theme", methods=["POST"])
def theme():
    chosen = request.form["theme"]
    session["theme"] = chosen  # expect: SB501:HIGH<21
    return "saved"


@app.route("/theme-safe", methods=["POST"])
def theme_safe():
    chosen = request.form["theme"]
    if chosen not in THEMES:
        abort(400)
    session["theme"] = chosen
    return "saved"


@app.route("/role", methods=["POST"])
def role():
    wanted = request.form.get("role", "reader").lower()
    if wanted == "admin":
        abort(403)
    session["role"] = wanted  # expect: SB501:HIGH<37
    return "saved"


@app.route("/role-safe", methods=["POST"])
def role_safe():
    wanted = request.form.get("role", "reader").lower()
    if wanted != "reader" and wanted != "editor":
        abort(403)
    session["role"] = wanted
    return "saved"


@app.route("/page-size", methods=["POST"])
def page_size():
    session["page_size"] = int(request.form.get("size", "20"))
    return "saved"


@app.route("/page-size-raw", methods=["POST"])
def page_size_raw():
    session["page_size"] = request.form.get("size", "20")  # expect: SB501:HIGH<61
    return "saved"


@app.route("/profile", methods=["POST"])
def profile():
    settings = configparser.ConfigParser()
    settings["profile"] = {"plan": "free"}
    settings.set("profile", "nickname", request.form["nickname"])
    session["nickname"] = settings.get("profile", "nickname")  # expect: SB501:HIGH<69
    return "saved"


@app.route("/profile-plan", methods=["POST"])
def profile_plan():
    settings = configparser.ConfigParser()
    settings["profile"] = {"plan": "free"}
    settings.set("profile", "nickname", request.form["nickname"])
    session["plan"] = settings.get("profile", "plan")
    return "saved"


def signup_step(request):
    request.session["email"] = request.POST["email"]  # expect: SB501:HIGH<84
    return JsonResponse({"next": "confirm"})


def signup_step_safe(request):
    request.session["step"] = "confirm"
    plan = request.POST.get("plan", "")
    if plan in ROLES:
        request.session["plan"] = plan
    return JsonResponse({"next": "confirm"})


def sign_in(request):
    # the user authenticate() gives back is the database's row (or None), not the form
    user = authenticate(request, username=request.POST["username"], password=request.POST["password"])
    if user is None:
        return JsonResponse({"ok": False}, status=403)
    request.session["role"] = user.role
    request.session["typed_name"] = request.POST["username"]  # expect: SB501:HIGH<102
    return JsonResponse({"ok": True})


urlpatterns = [
    path("signup/", signup_step),
    path("signup-safe/", signup_step_safe),
    path("sign-in/", sign_in),
]


class Draft:
    """A form being filled in: a setter stores on the object, a getter reads it back."""

    def __init__(self):
        self.nickname = "guest"

    def set_nickname(self, nickname):
        self.nickname = nickname

    def nickname_or_default(self):
        return self.nickname


@app.route("/nickname", methods=["POST"])
def nickname():
    draft = Draft()
    draft.set_nickname(request.form["nickname"])
    session["nickname"] = draft.nickname_or_default()  # expect: SB501:HIGH<129
    return "saved"


@app.route("/nickname-safe", methods=["POST"])
def nickname_safe():
    draft = Draft()
    draft.set_nickname(request.form["nickname"])
    draft.set_nickname("guest")
    session["nickname"] = draft.nickname_or_default()
    return "saved"


@app.route("/display-name")
def display_name():
    # split at the separator of the constant prefix: the first item is "guest"
    session["display"] = ("guest " + request.args.get("name", "")).split(" ")[0]
    return "saved"


@app.route("/display-name-tail")
def display_name_tail():
    session["display"] = ("guest " + request.args.get("name", "")).split(" ")[1]  # expect: SB501:HIGH<152
    return "saved"


@app.route("/first-role")
def first_role():
    session["role"] = (["viewer"] + request.args.getlist("role"))[0]
    return "saved"


@app.route("/next-role")
def next_role():
    roles = ["viewer"]
    roles.extend(request.args.getlist("role"))
    roles.append("auditor")
    # the list's length is not known after extend: index 1 may be any of the roles asked for
    session["role"] = roles[1]  # expect: SB501:MEDIUM<165
    return "saved"


def apply_promo(request):
    # the session takes the asker's code as if the server had checked it
    request.session.update({"promo": request.POST.get("promo", "")})  # expect: SB501:HIGH<174
    return JsonResponse({"ok": True})


def reset_promo(request):
    request.session.update({"promo": "", "step": request.POST.get("step", "") == "done"})
    return JsonResponse({"ok": True})


urlpatterns += [path("promo/", apply_promo), path("promo/reset/", reset_promo)]


@app.route("/timezone", methods=["POST"])
def timezone():
    # one of the zone names the system knows, or UTC
    import zoneinfo

    zone = request.form.get("tz", "UTC")
    session["tz"] = zone if zone in zoneinfo.available_timezones() else "UTC"
    return "saved"


@app.route("/timezone-raw", methods=["POST"])
def timezone_raw():
    session["tz"] = request.form.get("tz", "UTC")  # expect: SB501:HIGH<198
    return "saved"


def keep_csrf_token(request):
    # Django's CSRF middleware keeps its own token in META: checked, or new
    request.session["csrf"] = request.META["CSRF_COOKIE"]
    return JsonResponse({"ok": True})


def keep_forwarded_for(request):
    request.session["client"] = request.META["HTTP_X_FORWARDED_FOR"]  # expect: SB501:HIGH<209
    return JsonResponse({"ok": True})


@app.route("/profile-defaults", methods=["POST"])
def profile_defaults():
    # the defaults read after the user's value replace it
    settings = configparser.ConfigParser(interpolation=None)
    settings.add_section("profile")
    settings.set("profile", "nickname", request.form["nickname"])
    settings.read_string("[profile]\nnickname = guest\n")
    session["nickname"] = settings.get("profile", "nickname")
    return "saved"


@app.route("/profile-overrides", methods=["POST"])
def profile_overrides():
    settings = configparser.ConfigParser(interpolation=None)
    settings.read_string("[profile]\nnickname = guest\n")
    settings.set("profile", "nickname", request.form["nickname"])
    session["nickname"] = settings.get("profile", "nickname")  # expect: SB501:HIGH<228
    return "saved"


@app.route("/profile-reset", methods=["POST"])
def profile_reset():
    settings = configparser.ConfigParser(interpolation=None)
    settings.add_section("profile")
    settings.set("profile", "nickname", request.form["nickname"])
    settings.remove_option("profile", "nickname")
    session["nickname"] = settings.get("profile", "nickname", fallback="guest")
    return "saved"


@app.route("/profile-upload", methods=["POST"])
def profile_upload():
    settings = configparser.ConfigParser(interpolation=None)
    settings.read_string(request.get_data(as_text=True))
    session["nickname"] = settings.get("profile", "nickname")  # expect: SB501:HIGH<246
    return "saved"


@app.route("/profile-sections", methods=["POST"])
def profile_sections():
    # a section given whole replaces the user's value; another option keeps it
    settings = configparser.ConfigParser(interpolation=None)
    settings.read_dict({"profile": {"nickname": "guest", "Theme": "light"}})
    settings.set("profile", "theme", request.form["theme"])
    session["theme"] = settings.get("profile", "theme")  # expect: SB501:HIGH<256
    settings["profile"] = {"nickname": "guest", "theme": "light"}
    session["nickname"] = settings.get("profile", "nickname")
    session["theme"] = settings.get("profile", "theme")
    return "saved"


@app.route("/profile-flags", methods=["POST"])
def profile_flags():
    settings = configparser.ConfigParser(interpolation=None)
    settings.read_dict({"profile": {"remember": "no", "keep": "on"}})
    if settings.getboolean("profile", "remember"):
        session["nickname"] = request.form["nickname"]
    if settings.getboolean("profile", "keep"):
        session["theme"] = request.form["theme"]  # expect: SB501:HIGH<271
    return "saved"


@app.route("/language", methods=["POST"])
def language():
    # one of the languages the operator configured, or English
    chosen = request.form.get("lang", "en")
    session["lang"] = chosen if chosen in current_app.config["LANGUAGES"] else "en"
    return "saved"


@app.route("/language-offered", methods=["POST"])
def language_offered():
    chosen = request.form.get("lang", "en")
    offered = request.form.getlist("offered")  # the client's own list
    session["lang"] = chosen if chosen in offered else "en"  # expect: SB501:HIGH<285
    return "saved"


class ProfileForm(FlaskForm):
    nickname = StringField("Nickname")
    theme = SelectField("Theme", choices=[("light", "Light"), ("dark", "Dark")])


@app.route("/profile-form", methods=["POST"])
def profile_form():
    # Flask-WTF binds the request's form data when the form is made: a text field's data is
    # the client's; a select field's is one of its choices once validated
    form = ProfileForm()
    if form.validate_on_submit():
        session["theme"] = form.theme.data
        session["nickname"] = form.nickname.data  # expect: SB501:HIGH<301
    return "saved"


class Preferences:
    def __init__(self, theme, nickname):
        self.theme = theme
        self.nickname = nickname


def remember_theme(prefs):
    # the attribute checked in the helper, whatever object the caller passes
    session["theme"] = prefs.theme if prefs.theme in THEMES else "light"


def remember_checked_nickname(prefs):
    if prefs.theme not in THEMES:
        abort(400)
    session["nickname"] = prefs.nickname


@app.route("/preferences", methods=["POST"])
def preferences():
    prefs = Preferences(request.form["theme"], request.form["nickname"])
    remember_theme(prefs)
    remember_checked_nickname(prefs)  # expect: SB501:HIGH<326
    return "saved"



@dataclasses.dataclass(frozen=True)
class Visitor:
    name: str
    verified: bool = False


@app.route("/kiosk", methods=["POST"])
def kiosk():
    visitor = Visitor(name=request.headers.get("X-User", "guest"))
    session["visitor"] = dataclasses.replace(visitor, name="guest").name
    session["verified"] = dataclasses.replace(visitor, verified=True).name  # expect: SB501:HIGH<341
    return "started"


def remember_currency(session, currency):
    session["currency"] = currency


def remember_known_currency(session, currency):
    session["currency"] = currency if currency in ("EUR", "USD") else "EUR"


def choose_currency(request):
    # a helper storing into the session the view hands it
    remember_known_currency(request.session, request.GET.get("currency", "EUR"))
    remember_currency(request.session, request.GET.get("currency", "EUR"))  # expect: SB501:HIGH<358
    remember_currency({}, request.GET.get("currency", "EUR"))
    return JsonResponse({"ok": True})


urlpatterns += [path("currency/", choose_currency)]


REGIONS = frozenset({"eu-west", "us-east", "ap-south"})


def remember_region(key, value, *, allowed=REGIONS):
    # no call of this file passes `allowed`: it is REGIONS, and the check holds
    if value not in allowed:
        abort(400)
    session[key] = value


def remember_any(key, value, *, namespace="prefs"):
    session[f"{namespace}:{key}"] = value


@app.route("/prefs/region", methods=["POST"])
def prefs_region():
    remember_region("region", request.form.get("region", "eu-west"))
    return "ok"


@app.route("/prefs/any", methods=["POST"])
def prefs_any():
    remember_any("region", request.form.get("region", "eu-west"))  # expect: SB501:HIGH<388
    return "ok"
