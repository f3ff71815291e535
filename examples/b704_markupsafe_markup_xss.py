import flask
import markupsafe
from markupsafe import Markup, escape

html = Markup(f"<b>{username}</b>")  # expect: B704@15
html = markupsafe.Markup(content)  # expect: B704@26
html = flask.Markup("<i>" + title + "</i>")  # expect: B704@21
html = Markup(escape(username))  # expect: B704@15
html = Markup(
    template.render(),  # expect: B704@5
)

html = Markup("<b>static</b>")
html = Markup("<b>{}</b>").format(username)
html = Markup()
html = escape(username)
html = other.Markup(content)
