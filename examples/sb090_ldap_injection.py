"""Company directory lookups (Flask with ldap3, Django with python-ldap): request data reaches
LDAP filters and DNs."""

from collections import OrderedDict

import ldap
import ldap3
from django.http import JsonResponse
from django.urls import path
from flask import Flask, abort, jsonify, request
from ldap.dn import escape_dn_chars
from ldap.filter import escape_filter_chars
from ldap3.utils.conv import escape_filter_chars as escape_ldap3

app = Flask(__name__)
PEOPLE = "ou=people,dc=corp,dc=example"
GROUPS = {"admins", "devs", "ops"}


def connect():
    return ldap3.Connection(ldap3.Server("ldaps://dir.corp.example"), auto_bind=True)


@app.route("/member")
def member():
    uid = request.args["uid"]
    conn = connect()
    conn.search(PEOPLE, f"(uid={uid})", attributes=["cn"])  # expect: SB090:HIGH<26
    return jsonify(count=len(conn.entries))


@app.route("/member-safe")
def member_safe():
    uid = escape_ldap3(request.args["uid"])
    conn = connect()
    conn.search(PEOPLE, f"(uid={uid})", attributes=["cn"])
    return jsonify(count=len(conn.entries))


@app.route("/group/<group>")
def group(group):
    conn = connect()
    conn.search("cn=" + group + ",ou=groups,dc=corp,dc=example", "(objectClass=*)")  # expect: SB090:HIGH<41
    return jsonify(count=len(conn.entries))


@app.route("/group-safe/<group>")
def group_safe(group):
    if group not in GROUPS:
        abort(404)
    conn = connect()
    conn.search("cn=" + group + ",ou=groups,dc=corp,dc=example", "(objectClass=*)")
    return jsonify(count=len(conn.entries))


@app.route("/search")
def search():
    clauses = ["(objectClass=person)"]
    clauses.append("(mail=%s)" % request.args.get("mail", ""))
    conn = connect()
    conn.search(PEOPLE, "(&" + "".join(clauses) + ")")  # expect: SB090:HIGH<59
    return jsonify(count=len(conn.entries))


@app.route("/search-safe")
def search_safe():
    clauses = ["(objectClass=person)"]
    clauses.append("(mail=%s)" % escape_ldap3(request.args.get("mail", "")))
    conn = connect()
    conn.search(PEOPLE, "(&" + "".join(clauses) + ")")
    return jsonify(count=len(conn.entries))


def who(request):
    name = request.GET.get("cn", "")
    conn = ldap.initialize("ldaps://dir.corp.example")
    found = conn.search_s(PEOPLE, ldap.SCOPE_SUBTREE, "(cn=" + name + ")")  # expect: SB090:HIGH<75
    return JsonResponse({"count": len(found)})


def who_safe(request):
    name = escape_filter_chars(request.GET.get("cn", ""))
    conn = ldap.initialize("ldaps://dir.corp.example")
    found = conn.search_s(PEOPLE, ldap.SCOPE_SUBTREE, "(cn=" + name + ")")
    return JsonResponse({"count": len(found)})


def unit(request, unit_name):
    conn = ldap.initialize("ldaps://dir.corp.example")
    found = conn.search_s("ou=%s,dc=corp,dc=example" % unit_name, ldap.SCOPE_ONELEVEL)  # expect: SB090:HIGH<88
    return JsonResponse({"count": len(found)})


def unit_safe(request, unit_name):
    conn = ldap.initialize("ldaps://dir.corp.example")
    base = "ou=%s,dc=corp,dc=example" % escape_dn_chars(unit_name)
    found = conn.search_s(base, ldap.SCOPE_ONELEVEL)
    return JsonResponse({"count": len(found)})


urlpatterns = [
    path("who/", who),
    path("who-safe/", who_safe),
    path("unit/<str:unit_name>/", unit),
    path("unit-safe/<str:unit_name>/", unit_safe),
]


class Directory:
    """A connection kept on the object by __init__, searched by its methods."""

    def __init__(self):
        self.conn = ldap3.Connection(ldap3.Server("ldaps://dir.corp.example"), auto_bind=True)

    def members(self, group):
        self.conn.search(PEOPLE, f"(memberOf=cn={group},{PEOPLE})", attributes=["cn"])
        return [entry.cn.value for entry in self.conn.entries]

    def members_escaped(self, group):
        self.conn.search(PEOPLE, f"(memberOf=cn={escape_ldap3(group)},{PEOPLE})")
        return [entry.cn.value for entry in self.conn.entries]


@app.route("/members")
def members():
    return jsonify(Directory().members(request.args["group"]))  # expect: SB090:HIGH<126


@app.route("/members-safe")
def members_safe():
    return jsonify(Directory().members_escaped(request.args["group"]))


@app.route("/login", methods=["POST"])
def login():
    # the bind DN is built from the name typed: "x,ou=admins" binds as another entry
    conn = ldap.initialize("ldap://directory.example.com")
    user = request.form.get("user", "")
    conn.simple_bind_s("uid=" + user + ",ou=people,dc=example,dc=com", request.form.get("pw", ""))  # expect: SB090:HIGH<138
    return "welcome"


@app.route("/login-escaped", methods=["POST"])
def login_escaped():
    conn = ldap.initialize("ldap://directory.example.com")
    user = escape_dn_chars(request.form.get("user", ""))
    conn.simple_bind_s("uid=" + user + ",ou=people,dc=example,dc=com", request.form.get("pw", ""))
    return "welcome"


def mail_filter(clauses):
    return "(&" + "".join("({}={})".format(k, v) for k, v in clauses.items()) + ")"


@app.route("/by-mail")
def by_mail():
    clauses = OrderedDict()
    clauses["objectClass"] = "inetOrgPerson"
    clauses["mail"] = request.args.get("mail", "")
    flt = "(&" + "".join("({}={})".format(k, escape_ldap3(v)) for k, v in clauses.items()) + ")"
    conn = connect()
    conn.search(PEOPLE, flt, attributes=["cn"])
    return jsonify(count=len(conn.entries))


@app.route("/by-mail-raw")
def by_mail_raw():
    clauses = OrderedDict()
    clauses["objectClass"] = "inetOrgPerson"
    clauses["mail"] = request.args.get("mail", "")
    conn = connect()
    conn.search(PEOPLE, mail_filter(clauses), attributes=["cn"])  # expect: SB090:HIGH<170
    return jsonify(count=len(conn.entries))


class StaffDirectory:
    """Built by its alternate constructor: the connection is an ldap3 one, its searches sinks."""

    def __init__(self, connection, base):
        self.conn = connection
        self.base = base

    @classmethod
    def from_settings(cls, settings):
        server = ldap3.Server(settings["LDAP_URL"])
        return cls(ldap3.Connection(server, auto_bind=True), settings["LDAP_BASE"])

    def by_uid(self, uid):
        self.conn.search(self.base, f"(uid={uid})", attributes=["cn"])
        return self.conn.entries

    def by_uid_escaped(self, uid):
        self.conn.search(self.base, f"(uid={escape_ldap3(uid)})", attributes=["cn"])
        return self.conn.entries


@app.route("/staff")
def staff():
    directory = StaffDirectory.from_settings(app.config)
    return jsonify(count=len(directory.by_uid(request.args["uid"])))  # expect: SB090:HIGH<200


@app.route("/staff-escaped")
def staff_escaped():
    directory = StaffDirectory.from_settings(app.config)
    return jsonify(count=len(directory.by_uid_escaped(request.args["uid"])))
