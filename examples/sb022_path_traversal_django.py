"""Invoices of a small Django billing app: query strings and URL kwargs reach the file system."""

import os

from django.http import FileResponse, HttpResponseBadRequest, JsonResponse
from django.urls import path

INVOICES = "/var/billing/invoices"
YEARS = {"2023", "2024", "2025"}


def invoice(request):
    number = request.GET["number"]
    return FileResponse(open(os.path.join(INVOICES, number + ".pdf"), "rb"))  # expect: SB022:HIGH<13


def invoice_safe(request):
    number = request.GET["number"]
    if not number.isdigit():
        return HttpResponseBadRequest("bad number")
    return FileResponse(open(os.path.join(INVOICES, number + ".pdf"), "rb"))


def by_customer(request, customer):
    folder = os.path.join(INVOICES, customer)
    return JsonResponse({"count": len(os.listdir(folder))})  # expect: SB022:HIGH<24


def by_customer_id(request, customer):
    folder = os.path.join(INVOICES, str(int(customer)))
    return JsonResponse({"count": len(os.listdir(folder))})


def archive(request):
    year = request.POST.get("year", "2025")
    parts = [INVOICES, "archive"]
    parts.append(year)
    os.makedirs("/".join(parts), exist_ok=True)  # expect: SB022:HIGH<35
    return JsonResponse({"ok": True})


def archive_safe(request):
    year = request.POST.get("year", "2025")
    parts = [INVOICES, "archive"]
    parts.append(year)
    parts.pop()
    os.makedirs("/".join(parts), exist_ok=True)
    return JsonResponse({"ok": True})


def yearly(request):
    year = request.GET.get("year", "2025")
    if year not in YEARS:
        return HttpResponseBadRequest("unknown year")
    return JsonResponse({"count": len(os.listdir(os.path.join(INVOICES, year)))})


def yearly_unchecked(request):
    year = request.GET.get("year", "2025")
    if year in YEARS:
        print("known year")
    return JsonResponse({"count": len(os.listdir(os.path.join(INVOICES, year)))})  # expect: SB022:HIGH<59


def statement(request):
    name = request.COOKIES.get("statement", "")
    name = "statement-{}.pdf".format(name.lower())
    return FileResponse(open(os.path.join(INVOICES, name), "rb"))  # expect: SB022:HIGH<66


def statement_default(request):
    name = request.COOKIES.get("statement", "")
    name = "statement-latest.pdf"
    return FileResponse(open(os.path.join(INVOICES, name), "rb"))


urlpatterns = [
    path("invoice/", invoice),
    path("invoice-safe/", invoice_safe),
    path("customer/<str:customer>/", by_customer),
    path("customer-id/<str:customer>/", by_customer_id),
    path("archive/", archive),
    path("archive-safe/", archive_safe),
    path("yearly/", yearly),
    path("yearly-unchecked/", yearly_unchecked),
    path("statement/", statement),
    path("statement-default/", statement_default),
]


UPLOADS = "/srv/uploads"


def store_upload(request):
    # Django cuts an upload's name to a base name and rejects `..`: it names one file here
    upload = request.FILES["document"]
    with open(os.path.join(UPLOADS, upload.name), "wb") as out:
        out.write(upload.read())
    return JsonResponse({"stored": upload.name})


def store_upload_renamed(request):
    # the client's own field says where: nothing cut it to a base name
    upload = request.FILES["document"]
    target = request.POST["target"]
    with open(os.path.join(UPLOADS, target), "wb") as out:  # expect: SB022:HIGH<105
        out.write(upload.read())
    return JsonResponse({"stored": target})


def stored_copy(request):
    # a storage joins the name below its folder and rejects one that leaves it
    from django.core.files.storage import default_storage

    return FileResponse(default_storage.open(request.GET["name"]))


urlpatterns += [
    path("upload/", store_upload),
    path("upload-renamed/", store_upload_renamed),
    path("stored/", stored_copy),
]


from django import forms  # noqa: E402
from django.core.validators import RegexValidator  # noqa: E402


class WorkspaceForm(forms.Form):
    # the validator's anchored pattern lets a short slug through only; clean_project runs
    # after it and keeps its check
    project = forms.CharField(validators=[RegexValidator(r"^[a-z0-9-]{2,40}$")])

    def clean_project(self):
        return self.cleaned_data["project"].strip()


class LooseWorkspaceForm(forms.Form):
    project = forms.CharField(max_length=40)

    def clean_project(self):
        return self.cleaned_data["project"].strip()


def reset_workspace(request):
    form = WorkspaceForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest("bad project")
    os.remove(os.path.join("/srv/workspaces", form.cleaned_data["project"]))
    return JsonResponse({"reset": True})


def reset_loose_workspace(request):
    form = LooseWorkspaceForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest("bad project")
    os.remove(os.path.join("/srv/workspaces", form.cleaned_data["project"]))  # expect: SB022:HIGH
    return JsonResponse({"reset": True})



from django.views import View  # noqa: E402


def wipe(project):
    os.remove(os.path.join("/srv/workspaces", project))


class ResetView(View):
    # the view names its form in the class body: `self.form_class(...)` makes that form
    form_class = WorkspaceForm

    def post(self, request):
        form = self.form_class(request.POST)
        if not form.is_valid():
            return HttpResponseBadRequest("bad project")
        wipe(form.cleaned_data["project"])
        return JsonResponse({"reset": True})


class LooseResetView(View):
    form_class = LooseWorkspaceForm

    def post(self, request):
        form = self.form_class(request.POST)
        if not form.is_valid():
            return HttpResponseBadRequest("bad project")
        wipe(form.cleaned_data["project"])  # expect: SB022:HIGH
        return JsonResponse({"reset": True})


class AttachmentView(View):
    # the hook is each subclass's: `self.open_attachment(name)` runs the one of the view routed
    root = "/srv/media/attachments"

    def open_attachment(self, name):
        raise NotImplementedError

    def get(self, request):
        return FileResponse(self.open_attachment(request.GET.get("name", "")))  # expect: SB022:HIGH


class LegacyAttachmentView(AttachmentView):
    def open_attachment(self, name):
        return open(os.path.join(self.root, name), "rb")


class CheckedAttachmentView(AttachmentView):
    def open_attachment(self, name):
        return open(os.path.join(self.root, os.path.basename(name)), "rb")
