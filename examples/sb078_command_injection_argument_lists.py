"""Flask views starting programs from argument lists (no shell): what decides is the program,
the first item; arguments unpacked after it (`*options`) do not make the list unknown."""

import subprocess  # expect: B404
import sys

from flask import Flask, abort, request

app = Flask(__name__)

TOOLS = {"disk": "/bin/df", "uptime": "/usr/bin/uptime"}
DEFAULT_FLAGS = ("-h",)
TASKS = {"disk": ["/bin/df", "-h"], "vacuum": ["/usr/bin/sqlite3", "/var/db/app.db", "VACUUM;"]}


@app.route("/convert")
def convert():
    options = request.args.getlist("option")
    subprocess.run(["/usr/bin/convert", *options, "in.png", "out.png"])  # expect: B603:LOW
    return "ok"


@app.route("/convert-with")
def convert_with():
    # the program itself comes from the request, the flags after it are the code's
    subprocess.run([request.args["tool"], *DEFAULT_FLAGS])  # expect: B603:HIGH<26
    return "ok"


@app.route("/tool")
def tool():
    program = TOOLS.get(request.args.get("name", ""))
    if program is None:
        abort(404)
    subprocess.run([program, *request.args.getlist("arg")])  # expect: B603:LOW
    return "ok"


@app.route("/python")
def python():
    subprocess.run([sys.executable, "-m", "pip", "list"])  # expect: B603:LOW
    # the running Python given code to run with -c: the code decides
    subprocess.run([sys.executable, "-c", request.form["code"]])  # expect: B603:HIGH
    return "ok"


@app.route("/task")
def task():
    # each task is an argument list of constants: whichever is chosen, its program is the code's
    command = TASKS.get(request.args.get("task", ""))
    if command is None:
        abort(404)
    subprocess.run(command + ["--verbose"])  # expect: B603:LOW
    return "ok"


@app.route("/task-extended")
def task_extended():
    tasks = dict(TASKS)
    tasks["custom"] = request.args.getlist("argv")  # a task of the request's making
    command = tasks.get(request.args.get("task", ""))
    if command is None:
        abort(404)
    subprocess.run(command)  # expect: B603:MEDIUM<60
    return "ok"
