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
