"""Commands run on another machine or through pexpect by a small Flask admin tool."""

import shlex

import paramiko
import pexpect
from flask import Flask, request

app = Flask(__name__)


def client():
    ssh = paramiko.SSHClient()
    ssh.connect("backup.internal", username="ops")
    return ssh


@app.route("/remote-ls")
def remote_ls():
    folder = request.args.get("dir", "/")
    ssh = paramiko.SSHClient()
    ssh.exec_command("ls -l " + folder)  # expect: B601:HIGH<20
    return "listed"


@app.route("/remote-ls-quoted")
def remote_ls_quoted():
    folder = request.args.get("dir", "/")
    ssh = paramiko.SSHClient()
    ssh.exec_command("ls -l " + shlex.quote(folder))  # expect: B601:LOW
    return "listed"


@app.route("/trace")
def trace():
    host = request.args.get("host", "")
    return pexpect.run("traceroute " + host)  # expect: SB078:HIGH<36


@app.route("/trace-fixed")
def trace_fixed():
    return pexpect.run("traceroute backup.internal")
