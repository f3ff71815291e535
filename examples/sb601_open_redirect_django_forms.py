"""Sign-in forms of a Django site that send the user on to a `next` address after signing in:
a form's `clean_<field>()` method decides what its cleaned_data holds for that field."""

from django import forms
from django.http import HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme


class SignInForm(forms.Form):
    email = forms.EmailField()
    next_url = forms.CharField(required=False)

    def clean_next_url(self):
        url = self.cleaned_data["next_url"].strip()
        if url and url_has_allowed_host_and_scheme(url, allowed_hosts=None):
            return url
        return "/"


class QuickSignInForm(forms.Form):
    email = forms.EmailField()
    next_url = forms.CharField(required=False)

    def clean_next_url(self):
        # tidied, not checked
        return self.cleaned_data["next_url"].strip()


def sign_in(request):
    form = SignInForm(request.POST)
    if form.is_valid():
        return HttpResponseRedirect(form.cleaned_data["next_url"])
    return HttpResponseRedirect("/sign-in")


def quick_sign_in(request):
    form = QuickSignInForm(request.POST)
    if form.is_valid():
        return HttpResponseRedirect(form.cleaned_data["next_url"])  # expect: SB601:HIGH<37
    return HttpResponseRedirect("/sign-in")


def stays_on_site(request, url):
    return url_has_allowed_host_and_scheme(url, allowed_hosts={request.get_host()})


def starts_with_slash(url):
    return url.startswith("/")  # `//evil.example` starts so too


def sign_out(request):
    target = request.GET.get("next", "/")
    if not stays_on_site(request, target):
        target = "/"
    return HttpResponseRedirect(target)


def sign_out_slash(request):
    target = request.GET.get("next", "/")
    if not starts_with_slash(target):
        target = "/"
    return HttpResponseRedirect(target)  # expect: SB601:HIGH<59
