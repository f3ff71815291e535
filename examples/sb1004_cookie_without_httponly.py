from django.http import HttpResponse
from flask import Flask, make_response
from starlette.responses import HTMLResponse

app = Flask(__name__)
app.config["SESSION_COOKIE_HTTPONLY"] = False  # expect: SB1004:HIGH
app.config["SESSION_COOKIE_HTTPONLY"] = True
app.config.update(SESSION_COOKIE_HTTPONLY=False, SESSION_COOKIE_NAME="app")  # expect: SB1004
app.config.update(SESSION_COOKIE_HTTPONLY=True, SESSION_COOKIE_NAME="app")
app.config["REMEMBER_COOKIE_HTTPONLY"] = False  # expect: SB1004
app.config["REMEMBER_COOKIE_HTTPONLY"] = True
# not a settings module: no INSTALLED_APPS and not named settings*.py
SESSION_COOKIE_HTTPONLY = False


@app.route("/login")
def flask_login(token):
    response = make_response("ok")
    response.set_cookie("session", token, secure=True, httponly=False)  # expect: SB1004@65:HIGH
    response.set_cookie("session", token, secure=True, httponly=True)
    response.set_cookie("refresh_jwt", token, secure=True)  # expect: SB1004:MEDIUM
    response.set_cookie("refresh_jwt", token, secure=True, httponly=True)
    response.set_cookie("XSRF-TOKEN", token, secure=True)
    response.set_cookie("banner_closed", "1", secure=True)
    response.set_cookie("sid", token, None, None, "/", None, True, False)  # expect: SB1004
    response.set_cookie("sid", token, None, None, "/", None, True, True)
    return response


def django_view(request, token):
    response = HttpResponse("ok")
    response.set_cookie("sessionid", token, secure=True, httponly=False)  # expect: SB1004
    response.set_cookie("sessionid", token, secure=True, httponly=True)
    response.set_signed_cookie("user_auth", token, salt="u", secure=True)  # expect: SB1004
    response.set_signed_cookie("user_auth", token, salt="u", secure=True, httponly=True)
    response.set_cookie("csrftoken", token, secure=True)
    return response


async def starlette_view(token):
    response = HTMLResponse("ok")
    response.set_cookie(key="access_token", value=token, secure=True)  # expect: SB1004:MEDIUM
    response.set_cookie(key="access_token", value=token, secure=True, httponly=True)
    response.set_cookie("prefs", "{}", secure=True, httponly=False)  # expect: SB1004
    response.set_cookie("prefs", "{}", secure=True, httponly=True)
    response.set_cookie(key="access_token", value=token, secure=True, httponly=request_flag())
    return response
