"""A Flask diagnostics page whose helper reads any query parameter by name: the name passed is a
constant, the value read is input."""

import os

from flask import Flask, request

app = Flask(__name__)
GATEWAY = "gateway.internal"


def param(name):
    return request.args.get(name, "")


def gateway():
    return GATEWAY


@app.route("/ping")
def ping():
    os.system("ping -c 1 " + param("host"))  # expect: B605:HIGH<13
    return "sent"


@app.route("/ping-default")
def ping_default():
    os.system("ping -c 1 " + gateway())  # expect: B605:LOW
    return "sent"


COMMANDS = {"uptime": "uptime", "disk": "df -h /srv"}


@app.route("/status")
def status():
    check = request.args.get("check", "")
    if check not in COMMANDS:
        return "unknown check", 400
    os.system(COMMANDS[check])  # expect: B605:LOW
    return "done"


class Network:
    @classmethod
    def ping(cls, host):
        os.system("ping -c 1 " + host)  # expect: B605

    @staticmethod
    def trace(host):
        os.system("traceroute " + host)  # expect: B605

    def check(self, host):
        self.trace(host)


@app.route("/net/ping")
def net_ping():
    Network.ping(request.args["host"])  # expect: SB078:HIGH<59
    return "sent"


@app.route("/net/check")
def net_check():
    Network().check(request.args["host"])  # expect: SB078:HIGH<65
    return "sent"


@app.route("/net/gateway")
def net_gateway():
    Network.ping(GATEWAY)
    Network().check(gateway())
    return "sent"
