"""Settings import of a Flask app, a Django app and an aiohttp service: uploaded documents
loaded by deserializers that can build arbitrary objects."""

import base64
import hashlib
import hmac
import json
import pickle  # expect: B403:LOW
import re

import yaml
from aiohttp import web
from django import forms
from django.http import JsonResponse
from django.urls import path
from flask import Flask, jsonify, request

app = Flask(__name__)


@app.route("/import", methods=["POST"])
def import_settings():
    settings = yaml.unsafe_load(request.get_data())  # expect: SB502:HIGH<23
    return jsonify(keys=len(settings))


@app.route("/import-safe", methods=["POST"])
def import_settings_safe():
    settings = yaml.safe_load(request.get_data())
    return jsonify(keys=len(settings))


@app.route("/import-file", methods=["POST"])
def import_file():
    upload = request.files["settings"]
    text = upload.read().decode("utf-8").strip()
    settings = yaml.load(text, Loader=yaml.Loader)  # expect: B506<35
    return jsonify(keys=len(settings))


@app.route("/import-file-safe", methods=["POST"])
def import_file_safe():
    upload = request.files["settings"]
    text = upload.read().decode("utf-8").strip()
    settings = yaml.load(text, Loader=yaml.SafeLoader)
    return jsonify(keys=len(settings))


LOADERS = {"strict": yaml.SafeLoader, "legacy": yaml.UnsafeLoader}


@app.route("/import-chosen", methods=["POST"])
def import_chosen():
    # the loader is a variable: Bandit's check cannot tell, its value is the safe one
    loader = LOADERS["strict"]
    settings = yaml.load(request.get_data(), Loader=loader)  # expect: B506:LOW
    return jsonify(keys=len(settings))


@app.route("/import-chosen-legacy", methods=["POST"])
def import_chosen_legacy():
    loader = LOADERS["legacy"]
    settings = yaml.load(request.get_data(), Loader=loader)  # expect: B506:HIGH<63
    return jsonify(keys=len(settings))


@app.route("/restore", methods=["POST"])
def restore():
    blob = request.form.get("state", "")
    state = "{}" if 3 * 4 > 20 else blob
    return jsonify(keys=len(list(yaml.unsafe_load_all(state))))  # expect: SB502:HIGH<69


@app.route("/restore-safe", methods=["POST"])
def restore_safe():
    blob = request.form.get("state", "")
    state = "{}" if 3 * 4 < 20 else blob
    return jsonify(keys=len(list(yaml.unsafe_load_all(state))))


def profile(request):
    document = request.body
    data = yaml.unsafe_load(document)  # expect: SB502:HIGH<82
    return JsonResponse({"keys": len(data)})


def profile_safe(request):
    document = request.body
    data = json.loads(document)
    return JsonResponse({"keys": len(data)})


async def upload(request):
    body = await request.text()
    data = yaml.load(body, Loader=yaml.UnsafeLoader)  # expect: B506<94
    return web.json_response({"keys": len(data)})


async def upload_safe(request):
    body = await request.text()
    data = yaml.safe_load(body)
    return web.json_response({"keys": len(data)})


urlpatterns = [
    path("profile/", profile),
    path("profile-safe/", profile_safe),
]

web_app = web.Application()
web_app.router.add_post("/upload", upload)
web_app.router.add_post("/upload-safe", upload_safe)


SIGNING_KEY = b"set-from-the-environment-in-production"


@app.route("/restore", methods=["POST"])
def restore():
    blob = request.get_data()
    signature, payload = blob[:64], blob[64:]
    expected = hmac.new(SIGNING_KEY, payload, hashlib.sha256).hexdigest().encode()
    if not hmac.compare_digest(signature, expected):
        return jsonify(error="bad signature"), 403
    return jsonify(state=pickle.loads(payload))  # expect: B301:LOW


@app.route("/restore-unsigned", methods=["POST"])
def restore_unsigned():
    blob = request.get_data()
    signature, payload = blob[:64], blob[64:]
    expected = hmac.new(SIGNING_KEY, payload, hashlib.sha256).hexdigest().encode()
    if not hmac.compare_digest(signature, expected):
        return jsonify(error="bad signature"), 403
    return jsonify(state=pickle.loads(blob))  # expect: B301:HIGH<130


#: the state a new session starts with, pickled and encoded by the developer
BLANK_STATE = "gAN9cQAu"


@app.route("/state/blank")
def blank_state():
    return jsonify(pickle.loads(base64.b64decode(BLANK_STATE)))  # expect: B301:LOW


@app.route("/state/restore-encoded")
def restore_encoded():
    blob = request.args.get("state", BLANK_STATE)
    return jsonify(pickle.loads(base64.b64decode(blob)))  # expect: B301:HIGH<149


#: a plain word: no tag (`!!python/object`), no document structure
PLAIN_WORD = re.compile(r"[A-Za-z0-9 _.-]{1,64}")


@app.route("/state/word", methods=["POST"])
def state_word():
    word = request.form.get("word", "")
    if not PLAIN_WORD.fullmatch(word):
        return jsonify(error="bad word"), 400
    return jsonify(value=yaml.unsafe_load(word))


@app.route("/state/word-searched", methods=["POST"])
def state_word_searched():
    word = request.form.get("word", "")
    if not PLAIN_WORD.search(word):  # somewhere in it, not all of it
        return jsonify(error="bad word"), 400
    return jsonify(value=yaml.unsafe_load(word))  # expect: SB502:HIGH<167


@app.route("/state/saved", methods=["POST"])
def state_saved():
    name = request.form.get("name", "")
    if name not in ("gAN9cQAu", "gAN9cQBYBAAAAGRlbW9xAUsBcy4="):
        return jsonify(error="unknown state"), 400
    return jsonify(keys=len(pickle.loads(base64.b64decode(name))))  # expect: B301:LOW


@app.route("/state/sent", methods=["POST"])
def state_sent():
    name = request.form.get("name", "")
    return jsonify(keys=len(pickle.loads(base64.b64decode(name))))  # expect: B301:HIGH<183


class StateUpload(forms.Form):
    state = forms.FileField()
    slot = forms.IntegerField()


def restore_upload(request):
    form = StateUpload(request.POST, request.FILES)
    if not form.is_valid():
        return JsonResponse({"error": "no file"}, status=400)
    saved = pickle.loads(form.cleaned_data["state"].read())  # expect: B301:HIGH<193
    return JsonResponse({"slot": form.cleaned_data["slot"], "keys": len(saved)})


PRICE_CACHE = "/var/cache/shop/prices.pickle"


@app.route("/prices")
def prices():
    # the program's own cache file, by a name the code fixes: not the request's data
    with open(PRICE_CACHE, "rb") as handle:
        table = pickle.loads(handle.read())  # expect: B301:LOW
    return jsonify(count=len(table))


@app.route("/prices-named")
def prices_named():
    # the file is the request's choice: a path traversal, and pickle keeps Bandit's rating
    with open("/var/cache/shop/" + request.args.get("file", "prices.pickle"), "rb") as handle:  # expect: SB022:HIGH<214
        table = pickle.load(handle)  # expect: B301:HIGH
    return jsonify(count=len(table))


class SettingsImporter:
    """Its loader is the safe one unless the caller names another."""

    def __init__(self, loader=yaml.SafeLoader):
        self.loader = loader


@app.route("/settings-import", methods=["POST"])
def settings_import():
    # the parameter's default, as the module fixes it: the object holds the SafeLoader
    importer = SettingsImporter()
    return jsonify(yaml.load(request.get_data(), Loader=importer.loader))  # expect: B506:LOW


@app.route("/settings-import-legacy", methods=["POST"])
def settings_import_legacy():
    importer = SettingsImporter(yaml.UnsafeLoader)
    return jsonify(yaml.load(request.get_data(), Loader=importer.loader))  # expect: B506:HIGH<236


class PipelineLoader:
    # the class says which loader: its methods read it through self
    loader = yaml.SafeLoader

    def load(self, text):
        return yaml.load(text, Loader=self.loader)  # expect: B506:LOW


class LegacyPipelineLoader:
    loader = yaml.UnsafeLoader

    def load(self, text):
        return yaml.load(text, Loader=self.loader)  # expect: B506


@app.route("/pipelines", methods=["POST"])
def pipelines():
    return jsonify(PipelineLoader().load(request.get_data()))


@app.route("/pipelines-legacy", methods=["POST"])
def pipelines_legacy():
    return jsonify(LegacyPipelineLoader().load(request.get_data()))  # expect: SB502:HIGH


# the code's own object, pickled: loading it gives it back
STARTER_JOB = pickle.dumps({"name": "nightly", "steps": ["extract", "load"]})


@app.route("/jobs/starter", methods=["POST"])
def starter_job():
    options = request.get_json(silent=True) or {}
    payload = STARTER_JOB if options.get("starter", True) else STARTER_JOB + b"."
    return jsonify(pickle.loads(payload))  # expect: B301:LOW


@app.route("/jobs/uploaded", methods=["POST"])
def uploaded_job():
    blob = request.get_data()
    payload = blob if blob else STARTER_JOB
    return jsonify(pickle.loads(payload))  # expect: B301:HIGH<277
