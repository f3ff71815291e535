import django.utils.safestring as ss
from django.utils import safestring
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.safestring import mark_safe as trusted

mark_safe("<b>bold</b>")  # expect: B308
safestring.mark_safe("<i>italic</i>")  # expect: B308
trusted("<hr>")  # expect: B308
html = ss.mark_safe(  # expect: B308
    "<br>"
)

format_html("<b>{}</b>", name)
escape(name)
templates.mark_safe("<b>bold</b>")
