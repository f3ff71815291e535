"""The base view of the notes app: helpers its class-based views inherit."""

from urllib.parse import urlencode

from django.views import View


class NotesView(View):
    def back_to(self, target):
        return target

    def back_to_search(self, query):
        return "/notes/?" + urlencode({"q": query})
