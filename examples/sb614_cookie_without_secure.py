from django.http import HttpResponse
from flask import Flask, make_response, request
from starlette.responses import JSONResponse

INSTALLED_APPS = ["django.contrib.sessions"]

SESSION_COOKIE_SECURE = False  # expect: SB614:HIGH
CSRF_COOKIE_SECURE = False  # expect: SB614
SESSION_COOKIE_AGE = 3600


def production_settings():
    # a local variable, not a setting
    SESSION_COOKIE_SECURE = False
    return SESSION_COOKIE_SECURE


app = Flask(__name__)
app.config["SESSION_COOKIE_SECURE"] = False  # expect: SB614
app.config["SESSION_COOKIE_SECURE"] = True
app.config.update(REMEMBER_COOKIE_SECURE=False)  # expect: SB614
app.config.update(REMEMBER_COOKIE_SECURE=True)
app.config.from_mapping({"SESSION_COOKIE_SECURE": False})  # expect: SB614
app.config.from_mapping({"SESSION_COOKIE_SECURE": True})


@app.route("/login")
def flask_login(token):
    response = make_response("ok")
    response.set_cookie("session_id", token, secure=False, httponly=True)  # expect: SB614@53:HIGH
    response.set_cookie("session_id", token, secure=True, httponly=True)
    response.set_cookie("auth_token", token, httponly=True)  # expect: SB614:MEDIUM
    response.set_cookie("auth_token", token, secure=True, httponly=True)
    response.set_cookie("theme", "dark", httponly=True)
    response.set_cookie("theme", "dark", secure=True, httponly=True)
    response.set_cookie("author_pref", "short", httponly=True)
    response.set_cookie("sid", token, None, None, "/", None, False, True)  # expect: SB614
    response.set_cookie("sid", token, None, None, "/", None, True, True)
    response.set_cookie("session_id", token, secure=app.config["HTTPS"], httponly=True)
    response.set_cookie("session_id", token, **app.config["COOKIE_FLAGS"])
    return response


def django_view(request, token):
    response = HttpResponse("ok")
    response.set_cookie("sessionid", token, secure=False, httponly=True)  # expect: SB614
    response.set_cookie("sessionid", token, secure=True, httponly=True)
    response.set_signed_cookie("remember_token", token, salt="r", httponly=True)  # expect: SB614
    response.set_signed_cookie("remember_token", token, salt="r", secure=True, httponly=True)
    response.set_cookie("csrftoken", token, httponly=False)  # expect: SB614, SB1004
    return response


async def starlette_view(token):
    response = JSONResponse({})
    response.set_cookie(key="jwt", value=token, httponly=True)  # expect: SB614:MEDIUM
    response.set_cookie(key="jwt", value=token, secure=True, httponly=True)
    response.set_cookie(key="lang", value="en", secure=False, httponly=True)  # expect: SB614
    response.set_cookie(key="lang", value="en", secure=True, httponly=True)
    return response


def browser_side(client, token):
    client.set_cookie("session", token)
    app.test_client().set_cookie("session", token, secure=False)


@app.route("/remember")
def remember(token):
    over_tls = False
    response = make_response("ok")
    response.set_cookie("remember", "1", secure=over_tls, httponly=True)  # expect: SB614:HIGH
    response.set_cookie("prefs", "1", **{"secure": False, "httponly": True})  # expect: SB614:HIGH
    response.set_cookie("prefs", "1", **{"secure": True, "httponly": True})
    if request.is_secure:
        over_tls = True
    response.set_cookie("remember", "1", secure=over_tls, httponly=True)
    return response


@app.route("/remember-device")
def remember_device(token):
    # a remember-me cookie logs its holder in: without secure= it travels over plain HTTP too
    response = make_response("ok")
    response.set_cookie("remember_device", token, max_age=30 * 86400, httponly=True)  # expect: SB614:MEDIUM
    response.set_cookie("recently_viewed", "42", max_age=86400, httponly=True)
    return response


def starlette_sessions(settings):
    from fastapi import FastAPI
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.middleware.sessions import SessionMiddleware

    api = FastAPI()
    api.add_middleware(SessionMiddleware, secret_key=settings.key, https_only=False)  # expect: SB614:HIGH
    api.add_middleware(SessionMiddleware, secret_key=settings.key)  # expect: SB614:MEDIUM
    api.add_middleware(SessionMiddleware, secret_key=settings.key, https_only=True)
    api.add_middleware(SessionMiddleware, secret_key=settings.key, https_only=settings.tls)
    api.add_middleware(SessionMiddleware, **settings.session_options)
    listed = [Middleware(SessionMiddleware, secret_key=settings.key, https_only=False)]  # expect: SB614:HIGH
    Starlette(middleware=[Middleware(SessionMiddleware, secret_key=settings.key, https_only=True)])
    wrapped = SessionMiddleware(api, secret_key=settings.key)  # expect: SB614:MEDIUM
    return listed, wrapped
