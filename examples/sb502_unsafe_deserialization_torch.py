"""Model checkpoints uploaded to a Flask service and loaded with torch."""

import torch
from flask import Flask, request

app = Flask(__name__)


@app.route("/weights", methods=["POST"])
def weights():
    # tensors only: weights_only=True refuses any other object in the pickle
    state = torch.load(request.files["checkpoint"], weights_only=True)
    return str(len(state))


@app.route("/checkpoint", methods=["POST"])
def checkpoint():
    state = torch.load(request.files["checkpoint"], weights_only=False)  # expect: B614:HIGH<18
    return str(len(state))
