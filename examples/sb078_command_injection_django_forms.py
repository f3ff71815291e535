"""A Django export page built on FormView: the bound form's cleaned data reaches a shell
command (MEDIUM: the form's field types may have validated it)."""

import subprocess  # expect: B404

from django.http import HttpResponse
from django.views.generic.edit import FormView


class ExportView(FormView):
    def form_valid(self, form):
        folder = form.cleaned_data["folder"]
        subprocess.check_output("tar czf /tmp/out.tgz %s" % folder, shell=True)  # expect: B602:MEDIUM<11
        return HttpResponse("exported")


class ExportListView(FormView):
    def form_valid(self, form):
        subprocess.check_output(["tar", "czf", "/tmp/out.tgz", form.cleaned_data["folder"]])  # expect: B603:LOW, B607, B108
        return HttpResponse("exported")


def uptime_page(request):
    # the command's text is fixed: the response around it does not make it input
    days = 5
    return HttpResponse(subprocess.check_output(f"last -n {days}", shell=True))  # expect: B602:LOW


def last_logins_page(request):
    count = request.GET.get("count", "5")
    return HttpResponse(subprocess.check_output(f"last -n {count}", shell=True))  # expect: B602:HIGH<30
