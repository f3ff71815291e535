"""A Django FormView whose handler is given the bound form: its declared text field holds what the
user typed, its number field a number. Nothing else in the module names a source: form_valid alone is
enough for the analysis to run it."""

from django import forms
from django.db import connection
from django.http import JsonResponse
from django.views.generic.edit import FormView


class TitleSearchForm(forms.Form):
    title = forms.CharField(max_length=80)
    year = forms.IntegerField(min_value=1900)


class TitleSearch(FormView):
    form_class = TitleSearchForm

    def form_valid(self, form):
        title = form.cleaned_data["title"]
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT id FROM books WHERE title = '{title}'")  # expect: B608:HIGH<19
            return JsonResponse({"ids": [row[0] for row in cursor.fetchall()]})


class YearSearch(FormView):
    form_class = TitleSearchForm

    def form_valid(self, form):
        year = form.cleaned_data["year"]
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT id FROM books WHERE year = {year}")  # expect: B608:LOW
            return JsonResponse({"ids": [row[0] for row in cursor.fetchall()]})
