"""Where a view sends the browser next: helpers given the request, and a mixin reading the
request the view holds."""

from django.utils.http import url_has_allowed_host_and_scheme


def next_url(request):
    return request.GET.get("next", "/")


def safe_next_url(request):
    target = request.GET.get("next", "/")
    url_is_safe = url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()})
    return target if url_is_safe else "/"


class TargetMixin:
    def get_target(self):
        return self.request.GET.get("to") or "/"

    def get_safe_target(self):
        target = self.request.GET.get("to") or "/"
        url_is_safe = url_has_allowed_host_and_scheme(target, allowed_hosts={self.request.get_host()})
        return target if url_is_safe else "/"


class Wire:
    """A wire's items, loaded by a classmethod that makes the object."""

    def __init__(self, root):
        self.root = root

    @classmethod
    def load(cls, name):
        from lxml import etree

        return cls(etree.parse(f"/srv/desk/wires/{name}.xml", parser=etree.XMLParser(resolve_entities=False)))

    def item(self, guid):
        return self.root.xpath(f"//item[guid='{guid}']")

    def item_checked(self, guid):
        return self.root.xpath("//item[guid=$guid]", guid=guid)
