"""Views of the notes app: request values go to the storage module."""

from django.http import HttpResponseRedirect, JsonResponse
from django.shortcuts import render

from notes import NotesView
from .storage import count_notes, find_notes, find_notes_safely


def notes(request):
    owner = request.GET.get("owner", "")
    rows = find_notes(owner)  # expect: SB089:HIGH<11
    return JsonResponse({"notes": [row[1] for row in rows]})


def notes_safe(request):
    owner = request.GET.get("owner", "")
    rows = find_notes_safely(owner)
    return JsonResponse({"notes": [row[1] for row in rows]})


def notes_count(request):
    owner_id = int(request.GET.get("owner_id", "0"))
    return JsonResponse({"count": count_notes(owner_id)})


class SaveNote(NotesView):
    def post(self, request):
        return HttpResponseRedirect(self.back_to(request.POST["next"]))  # expect: SB601:HIGH<29


class EditView(NotesView):
    template_name = "notes/edit.html"


class SaveSearch(EditView):
    def post(self, request):
        return HttpResponseRedirect(self.back_to_search(request.POST["q"]))


def preview(request):
    # the preview template writes the note's text with autoescaping off
    return render(request, "notes/preview.html", {"text": request.GET.get("text", "")})  # expect: SB079:HIGH<43


def preview_title(request):
    # the same template escapes the title
    return render(request, "notes/preview.html", {"title": request.GET.get("title", "")})


import os  # noqa: E402  (the export views' own imports, kept with them)

from django.http import FileResponse  # noqa: E402
from django.views.generic.edit import FormView  # noqa: E402

from .forms import ExportForm  # noqa: E402


class ExportNotes(FormView):
    # the form class is declared in forms.py: its fields decide what form_valid's form holds
    form_class = ExportForm

    def form_valid(self, form):
        return FileResponse(open(os.path.join("/srv/exports", form.cleaned_data["name"]), "rb"))


class ExportCommented(FormView):
    form_class = ExportForm

    def form_valid(self, form):
        path = os.path.join("/srv/exports", form.cleaned_data["comment"])
        return FileResponse(open(path, "rb"))  # expect: SB022:HIGH<70


from django.views.generic import TemplateView  # noqa: E402


class PreviewPage(TemplateView):
    # the context adds the text to what the base view gives: the template writes it raw
    template_name = "notes/preview.html"

    def get_context_data(self, **kwargs):
        return {**super().get_context_data(**kwargs), "text": self.request.GET.get("text", "")}  # expect: SB079:HIGH<83


class PreviewTitlePage(TemplateView):
    template_name = "notes/preview.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(title=self.request.GET.get("title", ""))
        return context


class PreviewTextPage(TemplateView):
    template_name = "notes/preview.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(text=self.request.GET.get("text", ""))
        return context  # expect: SB079:HIGH<100
