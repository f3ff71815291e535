"""XML documents a Flask app parses with lxml: an uploaded document parsed by a parser that
resolves external entities is reported where it is parsed; the same parser reading only the
app's own text, and safe parsers reading uploads, are not."""

import io

from flask import Flask, request
from lxml import etree

app = Flask(__name__)
#: a parser of the module's, used by the views below
EXPANDING = etree.XMLParser(resolve_entities=True)


@app.route("/orders", methods=["POST"])
def import_orders():
    parser = etree.XMLParser(resolve_entities=True, remove_blank_text=True)
    orders = etree.fromstring(request.data, parser)  # expect: SB611:HIGH<18
    return str(len(orders))


@app.route("/orders-closed", methods=["POST"])
def import_orders_closed():
    parser = etree.XMLParser(resolve_entities=False, remove_blank_text=True)
    orders = etree.fromstring(request.data, parser)
    return str(len(orders))


@app.route("/orders-default", methods=["POST"])
def import_orders_default():
    orders = etree.fromstring(request.data)  # lxml keeps external entities out by default
    return str(len(orders))


@app.route("/defaults")
def defaults():
    parser = etree.XMLParser(resolve_entities=True)
    settings = etree.fromstring(b"<settings><page-size>20</page-size></settings>", parser)
    return settings.findtext("page-size")


@app.route("/feed", methods=["POST"])
def feed():
    parser = etree.XMLParser(resolve_entities=True)
    parser.feed(request.get_data())  # expect: SB611:HIGH<45
    return str(parser.close().tag)


@app.route("/stream", methods=["POST"])
def stream():
    count = 0
    for _event, _element in etree.iterparse(io.BytesIO(request.data), resolve_entities=True):  # expect: SB611:HIGH<52
        count += 1
    return str(count)


@app.route("/catalog", methods=["POST"])
def catalog():
    return etree.fromstring(request.data, EXPANDING).tag  # expect: SB611:HIGH<59


def invoice_parser(expand=True):
    return etree.XMLParser(resolve_entities=expand, no_network=not expand, load_dtd=expand)  # expect: SB611:MEDIUM, SB611:MEDIUM


@app.route("/invoices/import", methods=["POST"])
def import_invoice():
    return etree.fromstring(request.data, parser=invoice_parser()).tag  # expect: SB611:HIGH<68


@app.route("/invoices/check", methods=["POST"])
def check_invoice():
    return etree.fromstring(request.data, parser=invoice_parser(expand=False)).tag


class FeedImporter:
    def __init__(self):
        self.parser = etree.XMLParser(resolve_entities=False, no_network=True)

    def load(self, data):
        return etree.fromstring(data, self.parser)


class LegacyImporter:
    def __init__(self):
        self.parser = etree.XMLParser(resolve_entities=True)  # expect: SB611:HIGH

    def load(self, data):
        return etree.fromstring(data, self.parser)


@app.route("/feeds/import", methods=["POST"])
def import_feed():
    return FeedImporter().load(request.data).tag


@app.route("/feeds/import-legacy", methods=["POST"])
def import_legacy_feed():
    return LegacyImporter().load(request.data).tag  # expect: SB611:HIGH<99


STRICT = {"resolve_entities": False, "no_network": True}
INCLUDING = {"resolve_entities": True, "no_network": False}


def parser_with(**options):
    return etree.XMLParser(**options)


@app.route("/orders/import", methods=["POST"])
def import_orders():
    return etree.fromstring(request.data, parser_with(**STRICT)).tag


@app.route("/orders/import-including", methods=["POST"])
def import_orders_including():
    return etree.fromstring(request.data, parser_with(**INCLUDING)).tag  # expect: SB611:HIGH<117


#: parsers made by one partial, told apart by the keyword each call gives
make_parser = functools.partial(etree.XMLParser, no_network=True, remove_blank_text=True)
RESOLVING = make_parser(resolve_entities=True)
HARDENED = make_parser(resolve_entities=False)


@app.route("/orders/import-partial", methods=["POST"])
def import_orders_partial():
    return etree.fromstring(request.data, RESOLVING).tag  # expect: SB611:HIGH<128


@app.route("/orders/import-partial-hardened", methods=["POST"])
def import_orders_partial_hardened():
    return etree.fromstring(request.data, HARDENED).tag


import functools  # noqa: E402


def sax_reader(external_entities: bool):
    reader = xml.sax.make_parser()  # expect: B317
    reader.setFeature(feature_external_ges, external_entities)  # expect: SB611:MEDIUM
    return reader


@app.route("/feeds/import-sax", methods=["POST"])
def import_feed_sax():
    # the reader resolves external entities: the uploaded feed's are read
    sax_reader(True).parse(io.BytesIO(request.data))  # expect: SB611:HIGH<148
    return "ok"


@app.route("/feeds/import-sax-closed", methods=["POST"])
def import_feed_sax_closed():
    sax_reader(False).parse(io.BytesIO(request.data))
    return "ok"


import xml.sax  # noqa: E402  # expect: B406
from xml.sax.handler import feature_external_ges  # noqa: E402  # expect: B406
