"""Forms of the notes app: what each field lets through is its declaration's business."""

from django import forms


class ExportForm(forms.Form):
    # a slug holds letters, digits, - and _ only: no separator, no `..`
    name = forms.SlugField(max_length=50)
    comment = forms.CharField(required=False)
