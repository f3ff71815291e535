"""Services whose clients are, unless a caller gives others, the shared ones of clients.py."""

from lxml import etree

from . import clients
from .clients import embed_client


class FeedFetcher:
    def __init__(self, client=None):
        self.client = client or clients.session

    def fetch(self, url):
        return self.client.get(url, timeout=10).content


class EmbedResolver:
    def __init__(self, client=embed_client):
        self.client = client

    def resolve(self, url):
        return self.client.get("https://oembed.example/api", params={"url": url}).json()

    def preview(self, endpoint):
        return self.client.get(endpoint).json()


def wire_story(blob):
    return etree.fromstring(blob, parser=clients.LEGACY_PARSER).findtext("title")


def partner_story(blob):
    return etree.fromstring(blob, parser=clients.STRICT_PARSER).findtext("title")


fetcher = FeedFetcher()
embeds = EmbedResolver()
