"""Link previews and webhooks of a Flask app, a FastAPI app and an aiohttp app: request data
chooses the address of outgoing requests."""

from urllib.parse import urlparse, urlunparse
from urllib.request import build_opener, urlopen

import aiohttp
import httpx
import requests
from aiohttp import web
from fastapi import FastAPI, HTTPException
from flask import Flask, abort, jsonify, request

app = Flask(__name__)
api = FastAPI()
API = "https://api.partner.example"
ALLOWED_HOSTS = {"images.partner.example", "cdn.partner.example"}


@app.route("/preview")
def preview():
    page = requests.get(request.args["url"], timeout=5)  # expect: SB918:HIGH<22
    return jsonify(status=page.status_code)


@app.route("/preview-safe")
def preview_safe():
    url = request.args["url"]
    if urlparse(url).netloc not in ALLOWED_HOSTS:
        abort(400)
    page = requests.get(url, timeout=5)
    return jsonify(status=page.status_code)


@app.route("/item")
def item():
    item_id = request.args["id"]
    page = requests.get(API + "/items/" + item_id, timeout=5)
    return jsonify(status=page.status_code)


@app.route("/item-host")
def item_host():
    region = request.args["region"]
    page = requests.get("https://" + region + ".partner.example/items", timeout=5)  # expect: SB918:HIGH<44
    return jsonify(status=page.status_code)


@app.route("/feed")
def feed():
    source = request.args.get("src", "")
    url = "{}/feed.xml".format(source)
    with urlopen(url, timeout=5) as answer:  # expect: B310<51, SB918:HIGH<51
        return jsonify(size=len(answer.read()))


@app.route("/feed-safe")
def feed_safe():
    source = request.args.get("src", "")
    source = "https://news.partner.example"
    url = "{}/feed.xml".format(source)
    with urlopen(url, timeout=5) as answer:  # expect: B310
        return jsonify(size=len(answer.read()))


@api.post("/webhook/test")
def webhook_test(target: str):
    answer = httpx.post(target, json={"ping": True}, timeout=5)  # expect: SB918:HIGH<67
    return {"status": answer.status_code}


@api.post("/webhook/test-safe")
def webhook_test_safe(target: str):
    if urlparse(target).scheme != "https" or urlparse(target).netloc not in ALLOWED_HOSTS:
        raise HTTPException(status_code=400)
    answer = httpx.post(target, json={"ping": True}, timeout=5)
    return {"status": answer.status_code}


async def proxy_image(request):
    url = request.query["u"]
    async with aiohttp.ClientSession() as client:
        async with client.get(url) as answer:  # expect: SB918:HIGH<81
            return web.json_response({"status": answer.status})


async def proxy_image_safe(request):
    name = request.query["u"]
    async with aiohttp.ClientSession() as client:
        async with client.get("https://images.partner.example/" + name) as answer:
            return web.json_response({"status": answer.status})


web_app = web.Application()
web_app.router.add_get("/proxy", proxy_image)
web_app.router.add_get("/proxy-safe", proxy_image_safe)


@app.route("/mirror-host-checked")
def mirror_host_checked():
    source = request.args["source"]
    host = urlparse(source).hostname
    if host not in ALLOWED_HOSTS:
        abort(400)
    return requests.get(source, timeout=5).content


@app.route("/mirror-path-checked")
def mirror_path_checked():
    source = request.args["source"]
    path = urlparse(source).path
    if path not in ("/logo.png", "/banner.png"):
        abort(400)
    return requests.get(source, timeout=5).content  # expect: SB918:HIGH<110


@app.route("/probe", methods=["POST"])
def probe():
    options = {"url": "https://status.example.com/health", "timeout": 5}
    options.update(request.get_json())
    return requests.get(options["url"], timeout=5).text  # expect: SB918:MEDIUM<120


@app.route("/probe-spread", methods=["POST"])
def probe_spread():
    options = {"url": "https://status.example.com/health", **request.get_json()}
    return requests.get(options["url"], timeout=5).text  # expect: SB918:MEDIUM<126


@app.route("/probe-safe", methods=["POST"])
def probe_safe():
    options = {"url": "https://status.example.com/health", "timeout": 5}
    options.update({"timeout": 3})
    options = {**request.get_json(), "url": "https://status.example.com/health"}
    return requests.get(options["url"], timeout=5).text


class Regions:
    AVAILABLE = ("eu-west", "us-east", "ap-south")


@app.route("/region-metrics")
def region_metrics():
    region = request.args.get("region", "eu-west")
    if region not in Regions.AVAILABLE:
        abort(400)
    return jsonify(requests.get("https://" + region + ".metrics.example/v1", timeout=3).json())


@app.route("/region-metrics-any")
def region_metrics_any():
    region = request.args.get("region", "eu-west")
    url = "https://" + region + ".metrics.example/v1"
    return jsonify(requests.get(url, timeout=3).json())  # expect: SB918:HIGH<152


@app.route("/status-retry")
def status_retry():
    # the loop body always runs: the address is the constant it sets
    url = request.args.get("url", "")
    for _ in range(3):
        url = "https://status.example.com/health"
    return requests.get(url, timeout=5).text


@app.route("/status-maybe")
def status_maybe():
    url = request.args.get("url", "")
    for _ in range(int(request.args.get("tries", "0"))):
        url = "https://status.example.com/health"
    return requests.get(url, timeout=5).text  # expect: SB918:HIGH<168


def _patient_get():
    import functools

    return functools.partial(requests.get, timeout=5)


@app.route("/mirror")
def mirror():
    # requests.get with its timeout bound ahead: the call still goes where its URL says
    fetch = _patient_get()
    return fetch(request.args["url"]).text  # expect: SB918:HIGH<184


@app.route("/mirror-status")
def mirror_status():
    fetch = _patient_get()
    return fetch("https://status.example.com/health").text


@app.route("/mirror")
def mirror():
    # the address must start with the partner's scheme, host and a slash: that host
    url = request.args["url"]
    if not url.startswith("https://files.partner.example/"):
        abort(400)
    return requests.get(url, timeout=5).content


@app.route("/mirror-loose")
def mirror_loose():
    # without the slash, https://files.partner.example.evil.net passes
    url = request.args["url"]
    if not url.startswith("https://files.partner.example"):
        abort(400)
    return requests.get(url, timeout=5).content  # expect: SB918:HIGH<205


@app.route("/mirror-rebuilt")
def mirror_rebuilt():
    # the URL rebuilt from the parts whose host the list checked
    parsed = urlparse(request.args["src"])
    if parsed.scheme != "https" or parsed.hostname not in ALLOWED_HOSTS:
        abort(400)
    return requests.get("https://" + parsed.hostname + parsed.path, timeout=5).content


@app.route("/mirror-rebuilt-unchecked")
def mirror_rebuilt_unchecked():
    parsed = urlparse(request.args["src"])
    if parsed.scheme != "https":
        abort(400)
    return requests.get("https://" + parsed.hostname + parsed.path, timeout=5).content  # expect: SB918:HIGH<222


class FeedPolicy:
    def permitted(self, url):
        parts = urlparse(url)
        return parts.scheme == "https" and parts.hostname in ALLOWED_HOSTS

    def recorded(self, url):
        return bool(urlparse(url).hostname)


feeds = FeedPolicy()


@app.route("/feed")
def feed():
    url = request.args["url"]
    if not feeds.permitted(url):
        abort(400)
    return requests.get(url, timeout=5).content


@app.route("/feed-recorded")
def feed_recorded():
    url = request.args["url"]
    if not feeds.recorded(url):
        abort(400)
    return requests.get(url, timeout=5).content  # expect: SB918:HIGH<250


PARTNER_FEEDS = ("Rates.Partner.Example", "fx.partner.example")
#: host names match in any case: the netloc is lowered before it is looked up
FEED_HOSTS = {host.lower() for host in PARTNER_FEEDS}


@app.route("/rates")
def rates():
    feed = request.args["feed"]
    parts = urlparse(feed)
    if parts.scheme != "https" or parts.netloc.lower() not in FEED_HOSTS:
        abort(400)
    return requests.get(feed, timeout=5).content


@app.route("/rates-near")
def rates_near():
    feed = request.args["feed"]
    parts = urlparse(feed)
    if not any(host in parts.netloc.lower() for host in FEED_HOSTS):  # fx.partner.example.evil
        abort(400)
    return requests.get(feed, timeout=5).content  # expect: SB918:HIGH<272


INVENTORY = "https://inventory.internal.example"


@app.route("/stock/<int:item>")
def stock(item):
    # a default is evaluated where the function is defined: here, from the request
    def fetch(path, base=request.headers.get("X-Inventory", INVENTORY)):
        return requests.get(base + path, timeout=3)  # expect: SB918:HIGH<285

    return fetch(f"/items/{item}").content


@app.route("/stock-fixed/<int:item>")
def stock_fixed(item):
    def fetch(path, base=INVENTORY):
        return requests.get(base + path, timeout=3)

    return fetch(f"/items/{item}").content


@app.route("/avatar")
def avatar():
    user = request.args.get("user", "")
    if request.args.get("site") == "gitlab":
        url = f"https://gitlab.example/api/v4/users?username={user}"
    else:
        url = f"https://api.github.example/users/{user}"
    # either way the host is the code's
    return requests.get(url, timeout=5).content


@app.route("/avatar-any")
def avatar_any():
    user = request.args.get("user", "")
    if request.args.get("site") == "gitlab":
        url = f"https://gitlab.example/api/v4/users?username={user}"
    else:
        url = request.args.get("endpoint", "")
    return requests.get(url, timeout=5).content  # expect: SB918:HIGH<316


class HookClient:
    def __init__(self, key):
        self.session = requests.Session()
        self.key = key

    def deliver(self, url):
        return self.session.post(url, data=self.key, timeout=5).status_code

    def deliver_partner(self, url):
        if urlparse(url).netloc not in ALLOWED_HOSTS:
            raise ValueError("not a partner")
        return self.session.post(url, data=self.key, timeout=5).status_code


class HookTester:
    # holds the client it is given: `tester.client` is that HookClient, its session a Session
    def __init__(self, client):
        self.client = client


tester = HookTester(HookClient(b"hook-key"))


@app.route("/hooks/test", methods=["POST"])
def test_hook():
    return str(tester.client.deliver(request.form["url"]))  # expect: SB918:HIGH


@app.route("/hooks/test-partner", methods=["POST"])
def test_partner_hook():
    return str(tester.client.deliver_partner(request.form["url"]))


class FeedOpener:
    def __init__(self):
        self.opener = build_opener()

    def fetch(self, url):
        with self.opener.open(url, timeout=5) as resp:
            return resp.read()


feeds_opener = FeedOpener()


@app.route("/feeds/fetch")
def fetch_feed():
    return feeds_opener.fetch(request.args["url"])  # expect: SB918:HIGH


@app.route("/feeds/status")
def fetch_status_feed():
    return feeds_opener.fetch("https://status.example.com/history.rss")


def webhook_url(url: str):
    parts = urlparse(url)
    if parts.scheme != "https" or parts.hostname not in ALLOWED_HOSTS:
        return None
    # rebuilt from the checked host: the path only says where on that host
    return urlunparse(("https", parts.hostname, parts.path, "", parts.query, ""))


def webhook_url_loose(url: str):
    parts = urlparse(url)
    if parts.scheme != "https":
        return None
    return urlunparse(("https", parts.hostname, parts.path, "", parts.query, ""))


@app.route("/webhooks/ping", methods=["POST"])
def ping_webhook():
    url = webhook_url(request.form["url"])
    if url is None:
        abort(400)
    return requests.post(url, json={"kind": "ping"}, timeout=5).text


@app.route("/webhooks/ping-loose", methods=["POST"])
def ping_webhook_loose():
    url = webhook_url_loose(request.form["url"])
    if url is None:
        abort(400)
    return requests.post(url, json={"kind": "ping"}, timeout=5).text  # expect: SB918:HIGH<400


def host_among(url: str, hosts) -> bool:
    # the caller says which hosts: its own list, not the client's
    return urlparse(url).hostname in hosts


def secure_scheme(url: str, schemes) -> bool:
    return urlparse(url).scheme in schemes


@app.route("/callbacks/test", methods=["POST"])
def test_callback():
    url = request.form["url"]
    if not host_among(url, ALLOWED_HOSTS):
        abort(400)
    return requests.post(url, json={"kind": "test"}, timeout=5).text


@app.route("/callbacks/test-scheme", methods=["POST"])
def test_callback_scheme():
    url = request.form["url"]
    if not secure_scheme(url, ("https",)):
        abort(400)
    return requests.post(url, json={"kind": "test"}, timeout=5).text  # expect: SB918:HIGH<425
