"""Small Flask diagnostics views: input carried to a shell command through loops, local
functions, mappings, format strings and deques; each next to a twin where it is not."""

import collections
import os
import threading
from shlex import quote
from concurrent.futures import ThreadPoolExecutor

from flask import Flask, abort, current_app, request

app = Flask(__name__)


def quoted(text):
    return "'uptime'"


@app.route("/loop")
def loop():
    host = request.args.get("host", "")
    command, rounds = "uptime", 0
    while rounds < 1:
        command = "ping -c 1 " + host
        rounds += 1
    os.system(command)  # expect: B605:HIGH<21


@app.route("/loop-never")
def loop_never():
    host = request.args.get("host", "")
    command, rounds = "uptime", 0
    while rounds < 0:
        command = "ping -c 1 " + host
    os.system(command)  # expect: B605:LOW


@app.route("/shadowed")
def shadowed():
    host = request.args.get("host", "")
    quoted = lambda text: text  # noqa: E731 - hides the module's quoted()
    os.system("ping -c 1 " + quoted(host))  # expect: B605:HIGH<40


@app.route("/module-function")
def module_function():
    host = request.args.get("host", "")
    os.system(quoted(host))  # expect: B605:LOW


@app.route("/mapping")
def mapping():
    fields = {"host": request.args.get("host", ""), "count": "1"}
    os.system("ping -c %(count)s %(host)s" % fields)  # expect: B605:HIGH<53
    os.system("ping -c {count} {host}".format_map(fields))  # expect: B605:HIGH<53
    os.system("ping -c {count} {host}".format(**fields))  # expect: B605:HIGH<53
    os.system("ping -c %(count)s localhost" % fields)  # expect: B605:LOW
    os.system("ping -c {count} localhost".format_map(fields))  # expect: B605:LOW


@app.route("/queue")
def queue():
    pending = collections.deque(["uptime"])
    pending.append("ping -c 1 " + request.args.get("host", ""))
    os.system(pending.popleft())  # expect: B605:LOW
    os.system(pending.popleft())  # expect: B605:HIGH<64


@app.route("/deleted")
def deleted():
    steps = ["ping -c 1 " + request.args.get("host", ""), "uptime"]
    del steps[0]
    os.system(steps[0])  # expect: B605:LOW


@app.route("/tables")
def tables():
    commands = {"ping -c 1 " + request.args.get("host", ""): "remote", "uptime": "local"}
    for command, where in commands.items():
        os.system(where)  # expect: B605
        os.system(command)  # expect: B605:HIGH<78
    for position, command in enumerate(commands):
        os.system(str(position))  # expect: B605
        os.system(command)  # expect: B605:HIGH<78
    for command, fallback in zip(commands, ["uptime"]):
        os.system(fallback)  # expect: B605:LOW


@app.route("/nested")
def nested():
    settings = {"probe": {"host": request.args.get("host", "")}}
    os.system("ping -c 1 " + settings["probe"]["host"])  # expect: B605:HIGH<91
    settings["probe"]["host"] = "localhost"
    os.system("ping -c 1 " + settings["probe"]["host"])  # expect: B605:LOW
    settings["probe"]["extra"] = request.args.get("extra", "")
    os.system("ping -c 1 " + settings["probe"]["host"])  # expect: B605:LOW
    os.system("ping -c 1 " + settings["probe"]["extra"])  # expect: B605:HIGH<95


@app.route("/option")
def option():
    name, sep, value = request.args.get("option", "").partition("=")
    os.system("ping -c 1 " + value)  # expect: B605:HIGH<102
    with open("/srv/options/" + value) as found:  # expect: SB022:HIGH<102
        found.read()
    with open("/srv/options/" + request.args.get("option", "").rpartition(":")[1]) as found:
        return found.read()


def command_of(*parts, **options):
    return " ".join(parts) + options.get("suffix", "")


@app.route("/packed")
def packed():
    host = request.args.get("host", "")
    os.system(command_of("ping", "-c", "1", host))  # expect: B605:HIGH<116
    os.system(command_of("ping", "-c", "1", "localhost", label=host))  # expect: B605:HIGH
    os.system(command_of("ping", "localhost", suffix=host))  # expect: B605:HIGH<116


@app.route("/inner")
def inner():
    host = request.args.get("host", "")

    def ping(count):
        os.system("ping -c %d %s" % (count, host))  # expect: B605:HIGH<124

    def uptime():
        return "uptime"

    ping(1)
    os.system(uptime())  # expect: B605:LOW
    pick = lambda first, second: second  # noqa: E731
    os.system(pick(host, "uptime"))  # expect: B605:LOW
    os.system(pick("uptime", host))  # expect: B605:HIGH<124


HOSTS = ("gateway", "printer", "nas")


def ensure_known(host):
    if host not in HOSTS:
        abort(400)


def ensure_present(host):
    if not host:
        abort(400)


@app.route("/checked-host")
def checked_host():
    host = request.args.get("host", "")
    ensure_present(host)
    os.system("ping -c 1 " + host)  # expect: B605:HIGH<154
    ensure_known(host)
    os.system("ping -c 1 " + host)  # expect: B605:LOW


def probe(host, count=1):
    os.system("ping -c %d %s" % (count, host))  # expect: B605


@app.route("/later")
def later():
    host = request.args.get("host", "")
    with ThreadPoolExecutor() as pool:
        pool.submit(probe, host)  # expect: SB078:HIGH<167
        pool.submit(probe, "gateway", count=3)
    threading.Thread(target=probe, args=(host,)).start()  # expect: SB078:HIGH<167
    threading.Thread(target=probe, kwargs={"host": "gateway"}).start()
    return "started"


SERVICES = {"web", "db", "cache"}


@app.route("/restart")
def restart():
    service = request.args.get("service", "")
    if service not in SERVICES:
        abort(404)
    os.system("systemctl restart " + service)  # expect: B605:LOW
    os.system(f"journalctl -u {service} -n %d" % int(request.args.get("lines", "20")))  # expect: B605:LOW
    return "restarted"


@app.route("/restart-any")
def restart_any():
    service = request.args.get("service", "")
    if service in SERVICES:
        abort(404)
    os.system("systemctl restart " + service)  # expect: B605:HIGH<191
    return "restarted"


@app.route("/ports")
def ports():
    wanted = request.args.getlist("port")
    marks = []
    for _ in wanted:
        marks.append("-p ?")
    os.system("scan " + " ".join(marks))  # expect: B605:LOW
    os.system("scan " + ",".join("-p" * len(wanted)))  # expect: B605:LOW
    os.system("scan " + " ".join(wanted))  # expect: B605:HIGH<200
    return "scanned"


@app.route("/remove")
def remove():
    host = request.args.get("host", "")
    targets = [host, "gateway"]
    targets.remove(host)
    os.system("ping -c 1 " + targets[0])  # expect: B605:LOW
    others = [host, "gateway"]
    others.remove("gateway")
    os.system("ping -c 1 " + others[0])  # expect: B605:HIGH<212
    return "sent"


class Target:
    def __init__(self, host):
        self._host = host

    @property
    def host(self):
        return self._host

    @property
    def gateway(self):
        return "gateway"


@app.route("/trace")
def trace():
    target = Target(request.args.get("host", ""))
    os.system("traceroute " + target.host)  # expect: B605:HIGH<237
    os.system("traceroute " + target.gateway)  # expect: B605:LOW
    return "traced"


class Probe(Target):
    def run(self):
        os.system("ping -c 1 " + self.host)  # expect: B605:HIGH
        os.system("ping -c 1 " + self.gateway)  # expect: B605:LOW


@app.route("/probe")
def probe_gateway():
    Probe(request.args.get("host", "")).run()  # expect: SB078:HIGH<251
    return "probed"


def wake(host):
    # quoted here, whatever a caller passes: a helper that makes its own parameter safe
    os.system("wakeonlan " + quote(host))  # expect: B605:LOW


@app.route("/wake")
def wake_host():
    wake(request.args.get("host", ""))
    return "sent"


@app.route("/list-folder")
def list_folder():
    folders = ["/srv/share", request.args.get("folder", "")]
    os.system("ls " + folders[folders.index("/srv/share")])  # expect: B605:LOW
    return "listed"


@app.route("/list-folder-asked")
def list_folder_asked():
    folders = ["/srv/share", request.args.get("folder", "")]
    os.system("ls " + folders[folders.index(request.args.get("pick", ""))])  # expect: B605:MEDIUM<275
    return "listed"


@app.route("/greet-all")
def greet_all():
    # a mapping whose keys the code does not know, spread into format(): any field may be input
    os.system("wall {greeting}".format(**request.args))  # expect: B605:MEDIUM<283
    return "sent"


@app.route("/greet-fixed")
def greet_fixed():
    words = {"greeting": "maintenance at noon"}
    os.system("wall '{greeting}'".format_map(words))  # expect: B605:LOW
    return "sent"


@app.route("/greet-map")
def greet_map():
    os.system("wall {greeting}".format_map(dict(request.args)))  # expect: B605:MEDIUM<296
    return "sent"


@app.route("/ping-v4")
def ping_v4():
    # an IPv4 address is digits and dots, whatever the client sent to make it
    import ipaddress

    host = str(ipaddress.IPv4Address(request.args["host"]))
    os.system("ping -c 1 " + host)  # expect: B605:LOW
    return "pinged"


@app.route("/ping-any")
def ping_any():
    # ip_address() may give an IPv6 address, whose scope id (after %) is any text
    import ipaddress

    host = str(ipaddress.ip_address(request.args["host"]))
    os.system("ping -c 1 " + host)  # expect: B605:MEDIUM<315
    return "pinged"


@app.route("/rounds")
def rounds():
    # a loop over range(3) runs once per number: `i == 5` is never true, the name stays fixed
    target = "localhost"
    for i in range(3):
        if i == 5:
            target = request.args.get("host", "")
    os.system("ping -c 1 " + target)  # expect: B605:LOW
    for i in range(3):
        if i == 2:
            target = request.args.get("host", "")
    os.system("ping -c 1 " + target)  # expect: B605:HIGH<330
    return "pinged"


@app.route("/countdown")
def countdown():
    # `n = 0; while n < 2` is true at first: the body runs, the input is overwritten
    target = request.args.get("host", "")
    n = 0
    while n < 2:
        target = "localhost"
        n += 1
    os.system("ping -c 1 " + target)  # expect: B605:LOW
    return "pinged"


@app.route("/picked")
def picked():
    hosts = [request.args.get("host", ""), "mirror-a", "mirror-b"]
    os.system("ping -c 1 " + hosts[1:][0])  # expect: B605:LOW
    os.system("ping -c 1 " + hosts[::-1][2])  # expect: B605:HIGH<349
    hosts.reverse()
    os.system("ping -c 1 " + hosts[0])  # expect: B605:LOW
    os.system("ping -c 1 " + hosts[2])  # expect: B605:HIGH<349
    mode = "fast" if len("abc") == 3 else request.args.get("mode", "")
    os.system("sync --" + mode)  # expect: B605:LOW
    return "pinged"


class Registry:
    def __init__(self):
        self.entries = {}

    def put(self, key, value):
        self.entries[key] = value

    def get(self, key):
        return self.entries[key]


@app.route("/registered")
def registered():
    # a method stores under a key its caller names; another reads it back
    hosts = Registry()
    hosts.put("primary", request.args.get("host", ""))
    os.system("ping -c 1 " + hosts.get("primary"))  # expect: B605:HIGH<375
    return "pinged"


@app.route("/quoted-then-stripped")
def quoted_then_stripped():
    # the quotes shlex.quote added are taken out again: the shell sees the raw text
    folder = request.args.get("folder", "")
    os.system("ls " + quote(folder).replace("'", ""))  # expect: B605:HIGH<383
    os.system("ls " + quote(folder).replace("\t", " "))  # expect: B605:LOW
    return "listed"


@app.route("/tail-walrus")
def tail_walrus():
    # the value bound inside the test is the one the test shows to be digits
    if not (lines := request.args.get("lines", "20")).isdigit():
        abort(400)
    os.system(f"tail -n {lines} /var/log/app.log")  # expect: B605:LOW
    return "ok"


@app.route("/tail-walrus-any")
def tail_walrus_any():
    if not (lines := request.args.get("lines", "20")):
        abort(400)
    os.system(f"tail -n {lines} /var/log/app.log")  # expect: B605:HIGH<400
    return "ok"


@app.route("/status-spec", methods=["POST"])
def status_spec():
    # an item of a mapping checked against the code's list: that item is one of them
    spec = {"service": request.form.get("service", ""), "lines": "20"}
    if spec["service"] not in SERVICES:
        abort(400)
    os.system("systemctl status " + spec["service"])  # expect: B605:LOW
    return "ok"


@app.route("/status-spec-other", methods=["POST"])
def status_spec_other():
    spec = {"service": request.form.get("service", ""), "unit": request.form.get("unit", "")}
    if spec["unit"] not in SERVICES:
        abort(400)
    os.system("systemctl status " + spec["service"])  # expect: B605:HIGH<418
    return "ok"


@app.route("/grouped")
def grouped():
    # an item of a mapping grows in place: the list under "hosts" holds the input
    targets = collections.defaultdict(list)
    targets["hosts"].append(request.args.get("host", ""))
    targets["services"].append("web")
    os.system("ping -c 1 " + targets["hosts"][0])  # expect: B605:HIGH<429
    return "ok"


@app.route("/grouped-services")
def grouped_services():
    targets = {"hosts": [], "services": []}
    targets["hosts"].append(request.args.get("host", ""))
    targets["services"].append("web")
    os.system("systemctl status " + targets["services"][0])  # expect: B605:LOW
    return "ok"


@app.route("/backup")
def backup():
    # the application's settings are its operator's: a command of them and constants is fixed
    os.system("backup-tool --to " + current_app.config["BACKUP_DIR"])  # expect: B605:LOW
    return "ok"


@app.route("/backup-named")
def backup_named():
    target = current_app.config.get("BACKUP_DIR", "/srv/backups") + "/" + request.args["name"]
    os.system("backup-tool --to " + target)  # expect: B605:HIGH<453
    return "ok"
