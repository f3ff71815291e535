"""A Flask documents API written as class-based views (MethodView, routed by add_url_rule): the
URL's arguments reach file paths and the response body."""

import html
import os

from flask import Flask, request
from flask.views import MethodView

app = Flask(__name__)
ROOT = "/srv/documents"


class DocumentView(MethodView):
    def get(self, name):
        with open(os.path.join(ROOT, name)) as handle:  # expect: SB022:HIGH<15
            return handle.read()

    def post(self, name):
        return "<p>Saved " + request.form["title"] + "</p>"  # expect: SB079:HIGH<20


class PageView(MethodView):
    def get(self, number):
        with open(os.path.join(ROOT, "pages", f"{number}.txt")) as handle:
            return handle.read()

    def post(self, number):
        return "<p>Saved " + html.escape(request.form["title"]) + "</p>"


app.add_url_rule("/documents/<name>", view_func=DocumentView.as_view("document"))
app.add_url_rule("/pages/<int:number>", view_func=PageView.as_view("page"))
