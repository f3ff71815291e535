"""A staff directory kept in XML, served by Flask: request data reaches XPath expressions."""

from flask import Flask, abort, jsonify, request
from lxml import etree

app = Flask(__name__)
DIRECTORY = etree.parse("/srv/directory/staff.xml")
TEAMS = ("sales", "support", "platform")


@app.route("/phone")
def phone():
    name = request.args["name"]
    found = DIRECTORY.xpath("//person[@name='" + name + "']/phone/text()")  # expect: SB643:HIGH<13
    return jsonify(phones=[str(p) for p in found])


@app.route("/phone-safe")
def phone_safe():
    name = request.args["name"]
    found = DIRECTORY.xpath("//person[@name=$name]/phone/text()", name=name)
    return jsonify(phones=[str(p) for p in found])


@app.route("/team/<team>")
def team(team):
    query = etree.XPath(f"//person[@team='{team}']/@name")  # expect: SB643:HIGH<26
    return jsonify(names=[str(n) for n in query(DIRECTORY)])


@app.route("/team-safe/<team>")
def team_safe(team):
    if team not in TEAMS:
        abort(404)
    query = etree.XPath(f"//person[@team='{team}']/@name")
    return jsonify(names=[str(n) for n in query(DIRECTORY)])


@app.route("/room")
def room():
    room_id = request.args.get("room", "")
    expr = "//person[room='%s']/@name" % room_id
    return jsonify(count=len(DIRECTORY.xpath(expr)))  # expect: SB643:HIGH<41


@app.route("/room-safe")
def room_safe():
    room_id = request.args.get("room", "")
    if "'" in room_id or '"' in room_id:
        abort(400)
    expr = "//person[room='%s']/@name" % room_id
    return jsonify(count=len(DIRECTORY.xpath(expr)))


@app.route("/floor")
def floor():
    level = request.args.get("level", "1")
    expr = "//person[floor={}]/@name".format(level)
    return jsonify(count=len(DIRECTORY.xpath(expr)))  # expect: SB643:HIGH<57


@app.route("/floor-safe")
def floor_safe():
    level = request.args.get("level", "1")
    expr = "//person[floor={}]/@name".format(int(level))
    return jsonify(count=len(DIRECTORY.xpath(expr)))


@app.route("/manager")
def manager():
    person = request.args["person"]
    root = DIRECTORY.getroot()
    return jsonify(found=root.find(".//person[@name='" + person + "']/manager") is not None)  # expect: SB643:HIGH<71


@app.route("/manager-safe")
def manager_safe():
    person = request.args["person"]
    person = "nobody"
    root = DIRECTORY.getroot()
    return jsonify(found=root.find(".//person[@name='" + person + "']/manager") is not None)


@app.route("/staff/by-login")
def staff_by_login():
    # `re.fullmatch(...) is None` rejected: below, the login is letters and digits only
    import re

    login = request.args.get("login", "")
    if re.fullmatch(r"[A-Za-z0-9]+", login) is None:
        abort(400)
    return jsonify(DIRECTORY.xpath(f"//person[@login='{login}']/@name"))


@app.route("/staff/by-login-loose")
def staff_by_login_loose():
    import re

    login = request.args.get("login", "")
    if re.match(r"[A-Za-z0-9]", login) is None:
        abort(400)
    return jsonify(DIRECTORY.xpath(f"//person[@login='{login}']/@name"))  # expect: SB643:HIGH<99


#: names as people write them: letters, spaces, dots, commas and hyphens, never a quote
PERSON_NAME = r"[A-Za-z][A-Za-z .,\-]{0,63}"


@app.route("/staff/by-name")
def staff_by_name():
    import re

    name = request.args.get("name", "")
    if not re.fullmatch(PERSON_NAME, name):
        abort(400)
    # inside the query's quotes, text without a quote stays a literal
    return jsonify(DIRECTORY.xpath("//person[@name='%s']/@login" % name))


@app.route("/staff/by-name-unquoted")
def staff_by_name_unquoted():
    import re

    name = request.args.get("name", "")
    if not re.fullmatch(PERSON_NAME, name):
        abort(400)
    # no quotes around it: `x or @admin` is letters and spaces
    return jsonify(DIRECTORY.xpath("//person[@name=%s]/@login" % name))  # expect: SB643:HIGH<124
