"""Audit helpers that keep the request's data on an object: a method logs only the attributes
it reads, so the one that logs the user name is a finding and the one that logs a constant
(set in __init__ or in the class body) is not."""

import logging

from django.http import HttpResponse

log = logging.getLogger("audit")


class Audit:
    prefix = "[audit]"

    def __init__(self, user):
        self.user = user
        self.kind = "login"

    def failed(self):
        log.warning("%s failed login for %s", self.prefix, self.user)

    def failed_id(self, user_id):
        log.warning("%s failed login for user id %d", self.prefix, user_id)

    def title(self):
        return self.kind

    def log_title(self):
        log.warning("event: " + self.title())

    def owner(self):
        return self.user

    def log_owner(self):
        log.warning("event by " + self.owner())


def login_failed(request):
    name = request.POST.get("username", "")
    Audit(name).failed()  # expect: SB117:HIGH<39
    Audit(name).failed_id(int(request.POST.get("uid", "0")))
    return HttpResponse("denied", status=403)


def login_titles(request):
    name = request.POST.get("username", "")
    Audit(name).log_title()
    Audit(name).log_owner()  # expect: SB117:HIGH<46
    return HttpResponse("denied", status=403)


class Trail:
    verbose = False  # a default: a subclass or a caller may turn it on

    def __init__(self, user):
        self.user = user

    def note(self):
        message = "login"
        if self.verbose:
            message += " by " + self.user
        log.warning(message)


def login_trail(request):
    name = request.POST.get("username", "")
    Trail(name).note()  # expect: SB117:HIGH<66
    return HttpResponse("denied", status=403)


class Journal:
    """A logger the object makes for itself in __init__."""

    def __init__(self):
        self.logger = logging.getLogger("journal")

    def denied(self, name):
        self.logger.warning("denied: " + name)

    def denied_quoted(self, name):
        self.logger.warning("denied: %r", name)


def journal_login(request):
    name = request.POST.get("username", "")
    Journal().denied(name)  # expect: SB117:HIGH<85
    Journal().denied_quoted(name)
    return HttpResponse("denied", status=403)


class LoginAudit:
    """Its message puts a cleaned user name beside the peer's address: the check of one
    parameter holds whatever the other beside it is."""

    def clean(self, value):
        return value.replace("\r", "\\r").replace("\n", "\\n")

    def failed(self, username, address):
        log.warning("login failed user=%s ip=%s" % (self.clean(username), address))

    def failed_raw(self, username, address):
        log.warning(f"login failed user={username} ip={address}")


def login_failed(request):
    LoginAudit().failed(request.POST.get("username", ""), request.META.get("REMOTE_ADDR"))
    return HttpResponse("denied", status=403)


def login_failed_raw(request):
    LoginAudit().failed_raw(request.POST.get("username", ""), request.META.get("REMOTE_ADDR"))  # expect: SB117:HIGH<111
    return HttpResponse("denied", status=403)


class Tracer:
    """Its logger is made in the class body: a method's self.logger (or a class method's
    cls.logger) is that logger, whose calls are the log's sinks."""

    logger = logging.getLogger("trace")

    @classmethod
    def seen(cls, client):
        cls.logger.info("client %s", client)

    @classmethod
    def seen_count(cls, client):
        cls.logger.info("clients %d", len(client))


def trace(request):
    Tracer.seen(request.GET.get("client", ""))  # expect: SB117:HIGH<131
    Tracer.seen_count(request.GET.get("client", ""))
    return HttpResponse("ok")


import re  # noqa: E402

from flask import Flask, request  # noqa: E402

app = Flask(__name__)
_LINE_BREAKS = re.compile(r"[\r\n]")


def one_line(value) -> str:
    return _LINE_BREAKS.sub("?", str(value))


def audit(action: str, **details) -> None:
    # the keys are the names the callers' code passes by keyword; the values are cleaned
    rendered = " ".join(f"{key}={one_line(value)}" for key, value in sorted(details.items()))
    log.info("action=%s %s", action, rendered)


def audit_raw(action: str, **details) -> None:
    rendered = " ".join(f"{key}={value}" for key, value in sorted(details.items()))
    log.info("action=%s %s", action, rendered)


@app.route("/teams/switch", methods=["POST"])
def switch_team():
    audit("switch_team", team=request.form["team"])
    audit_raw("switch_team", team=request.form["team"])  # expect: SB117:HIGH
    return "ok"


def subscribe(request):
    email = request.POST.get("email", "")
    try:
        validate_email(email)
    except ValidationError:
        # not an address: what the client sent, line breaks and all
        log.warning("signup rejected for %s", email)  # expect: SB117:HIGH
        return HttpResponse("invalid address", status=400)
    else:
        # Django's validator raised for anything else: an address holds no line break
        log.info("signup accepted for %s", email)
    return HttpResponse("subscribed")


from django.core.exceptions import ValidationError  # noqa: E402
from django.core.validators import validate_email  # noqa: E402
