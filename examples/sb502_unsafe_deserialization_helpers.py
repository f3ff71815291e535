"""A Flask manifest service whose small helpers pick a YAML loader and a request field by a
constant the caller gives: each call is answered for its own constant, not for every value
the helper could be given."""

import yaml
from flask import Flask, jsonify, request

app = Flask(__name__)

LOADERS = {"strict": yaml.SafeLoader, "extended": yaml.UnsafeLoader}


def manifest_kwargs(mode):
    return {"Loader": LOADERS[mode]}


def loader_for(trusted):
    if trusted:
        return yaml.UnsafeLoader
    return yaml.SafeLoader


def field(name="manifest"):
    return request.form.get(name, "")


@app.post("/manifests/import")
def import_manifest():
    text = request.get_data(as_text=True)
    manifest = yaml.load(text, **manifest_kwargs("extended"))  # expect: B506:HIGH<29
    return jsonify(keys=sorted(manifest or {}))


@app.post("/manifests/validate")
def validate_manifest():
    text = request.get_data(as_text=True)
    manifest = yaml.load(text, **manifest_kwargs("strict"))  # expect: B506:LOW
    return jsonify(keys=sorted(manifest or {}))


@app.post("/manifests/preview")
def preview_manifest():
    manifest = yaml.load(field(), Loader=loader_for(False))  # expect: B506:LOW
    return jsonify(keys=sorted(manifest or {}))


@app.post("/manifests/restore")
def restore_manifest():
    manifest = yaml.load(field(), Loader=loader_for(True))  # expect: B506:HIGH<24
    return jsonify(keys=sorted(manifest or {}))
