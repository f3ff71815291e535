"""Uploaded archives unpacked by a Flask service: the members' names are the sender's."""

import os
import tarfile
import zipfile

from flask import Flask, request

app = Flask(__name__)
DEST = "/srv/unpacked"


@app.route("/unzip", methods=["POST"])
def unzip():
    archive = zipfile.ZipFile(request.files["archive"])
    for member in archive.namelist():
        # a member named "../../etc/cron.d/job" is written outside DEST (zip slip)
        with open(os.path.join(DEST, member), "wb") as out:  # expect: SB022:MEDIUM<15
            out.write(archive.read(member))
    return "unpacked"


@app.route("/unzip-flat", methods=["POST"])
def unzip_flat():
    archive = zipfile.ZipFile(request.files["archive"])
    for member in archive.namelist():
        with open(os.path.join(DEST, os.path.basename(member)), "wb") as out:
            out.write(archive.read(member))
    return "unpacked"


@app.route("/untar", methods=["POST"])
def untar():
    bundle = tarfile.open(fileobj=request.files["bundle"].stream)
    for member in bundle.getmembers():
        with open(os.path.join(DEST, member.name), "wb") as out:  # expect: SB022:MEDIUM<34
            out.write(bundle.extractfile(member).read())
    bundle.extractall(DEST, filter="data")
    return "unpacked"
