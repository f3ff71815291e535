"""The desk's base view: Django runs `dispatch()` before the handler, and this one keeps the
request's JSON body on the view for the handlers of every module."""

import json

from django.http import JsonResponse
from django.views import View


class ApiView(View):
    def dispatch(self, request, *args, **kwargs):
        self.payload = {}
        if request.body:
            try:
                self.payload = json.loads(request.body)
            except ValueError:
                return JsonResponse({"error": "invalid json"}, status=400)
        return super().dispatch(request, *args, **kwargs)

    def field(self, name, default=""):
        return self.payload.get(name, default)
