"""People search: the directory connection is made in one module, searched in another."""

from flask import request
from ldap3.utils.conv import escape_filter_chars

from search import app
from search.ldap_client import connect


@app.route("/people")
def people():
    name = request.args.get("name", "")
    conn = connect()
    conn.search("dc=example,dc=com", f"(cn={name})")  # expect: SB090:HIGH<12
    return {"found": len(conn.entries)}


@app.route("/people-escaped")
def people_escaped():
    name = escape_filter_chars(request.args.get("name", ""))
    conn = connect()
    conn.search("dc=example,dc=com", f"(cn={name})")
    return {"found": len(conn.entries)}
