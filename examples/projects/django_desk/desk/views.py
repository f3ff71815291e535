"""The desk's JSON API: handlers of the base view of base.py, and views using the services."""

import os

from django.http import JsonResponse

from .base import ApiView
from .services import embeds, fetcher, partner_story, wire_story

DRAFTS = "/srv/desk/drafts"
FEEDS = {"main": "https://wire.example/feed.xml", "sport": "https://wire.example/sport.xml"}


class DraftApi(ApiView):
    def delete(self, request):
        os.remove(os.path.join(DRAFTS, self.field("name")))  # expect: SB022:HIGH
        return JsonResponse({"deleted": True})


class DraftCleanupApi(ApiView):
    def delete(self, request):
        os.remove(os.path.join(DRAFTS, os.path.basename(self.field("name"))))
        return JsonResponse({"deleted": True})


def feed(request):
    return JsonResponse({"size": len(fetcher.fetch(request.GET["url"]))})  # expect: SB918:HIGH


def known_feed(request):
    url = FEEDS.get(request.GET.get("feed", "main"), FEEDS["main"])
    return JsonResponse({"size": len(fetcher.fetch(url))})


def embed_preview(request):
    return JsonResponse(embeds.preview(request.GET["endpoint"]))  # expect: SB918:HIGH


def embed(request):
    return JsonResponse(embeds.resolve(request.GET["url"]))


def import_wire(request):
    return JsonResponse({"title": wire_story(request.body)})  # expect: SB611:HIGH


def import_partner(request):
    return JsonResponse({"title": partner_story(request.body)})


def go_next(request):
    return HttpResponseRedirect(next_url(request))  # expect: SB601:HIGH


def go_safe_next(request):
    return HttpResponseRedirect(safe_next_url(request))


class OutboundView(TargetMixin, View):
    def get(self, request):
        return HttpResponseRedirect(self.get_target())  # expect: SB601:HIGH


class SafeOutboundView(TargetMixin, View):
    def get(self, request):
        return HttpResponseRedirect(self.get_safe_target())


def wire_item(request):
    return JsonResponse({"found": len(Wire.load("main").item(request.GET["guid"]))})  # expect: SB643:HIGH


def wire_item_checked(request):
    return JsonResponse({"found": len(Wire.load("main").item_checked(request.GET["guid"]))})


from django.http import HttpResponseRedirect  # noqa: E402
from django.views import View  # noqa: E402

from .navigation import TargetMixin, Wire, next_url, safe_next_url  # noqa: E402


def feed_by_service(request):
    # the annotation names the class of what the lookup returns
    feeds: FeedFetcher = service("feeds")
    return JsonResponse({"size": len(feeds.fetch(request.GET["url"]))})  # expect: SB918:HIGH


def known_feed_by_service(request):
    feeds: FeedFetcher = service("feeds")
    return JsonResponse({"size": len(feeds.fetch(FEEDS.get(request.GET.get("feed", "main"), FEEDS["main"])))})


from .registry import service  # noqa: E402
from .services import FeedFetcher  # noqa: E402
