import mako
from mako import template
from mako.template import Template

page = Template("<p>${name}</p>")  # expect: B702@8
page = template.Template(text)  # expect: B702@8
page = mako.template.Template(  # expect: B702@8
    filename="page.html",
)

page = Template("<p>${name | h}</p>").render(name=name)  # expect: B702
page = string.Template("$name").substitute(name=name)
page = jinja2.Template("{{ name }}")
lookup = mako.lookup.TemplateLookup(directories=["templates"])
