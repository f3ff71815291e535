"""Health probes over raw sockets and XML-RPC from a Flask status page."""

import socket
import xmlrpc.client  # expect: B411:LOW

from flask import Flask, request

app = Flask(__name__)


@app.route("/port-check")
def port_check():
    host = request.args.get("host", "")
    with socket.create_connection((host, 443), timeout=3):  # expect: SB918:HIGH<13
        return "open"


@app.route("/port-check-fixed")
def port_check_fixed():
    with socket.create_connection(("status.example.com", 443), timeout=3):
        return "open"


@app.route("/rpc-methods")
def rpc_methods():
    server = xmlrpc.client.ServerProxy(request.args.get("server", ""))  # expect: SB918:HIGH<26
    return ",".join(server.system.listMethods())
