from django.utils import safestring
from django.utils.safestring import SafeString, mark_safe

SEPARATOR = "<br>"


def from_request(request):
    mark_safe(request.GET["name"])  # expect: B308, B703@15
    safestring.mark_safe(request.POST.get("bio"))  # expect: B308, B703@26
    SafeString(request.user.username)  # expect: B703@16


def from_parameter(name, *more):
    mark_safe(name)  # expect: B308, B703@15
    mark_safe("<b>{}</b>".format(name))  # expect: B308, B703@15
    mark_safe("<b>%s</b>" % name)  # expect: B308, B703@15
    mark_safe("<b>%s %s</b>" % ("fixed", name))  # expect: B308, B703
    mark_safe(f"<b>{name}</b>")  # expect: B308, B703
    mark_safe("<b>" + name + "</b>")  # expect: B308, B703
    mark_safe(more[0])  # expect: B308, B703


def through_variables(items, flag):
    html = "<b>fixed</b>"
    if flag:
        html = items[0]
    mark_safe(html)  # expect: B308, B703@15
    text = "<i>"
    text += flag
    mark_safe(text)  # expect: B308, B703
    for row in items:
        mark_safe(row)  # expect: B308, B703
    with open("f") as handle:
        mark_safe(handle)  # expect: B308, B703
    mark_safe(  # expect: B308
        "<p>{}</p>".format(  # expect: B703@9
            unknown_global,
        ),
    )


def proven_fixed(flag):
    mark_safe("<b>literal</b>")  # expect: B308
    html = "<b>one</b>"
    if flag:
        html = "<b>two</b>"
    mark_safe(html)  # expect: B308
    label = "<i>label</i>"
    copy = label
    mark_safe(copy)  # expect: B308
    mark_safe("<b>{}</b>".format(copy))  # expect: B308
    mark_safe("<b>{}{}</b>".format(*["a", label]))  # expect: B308
    mark_safe("<b>%s</b>" % label)  # expect: B308
    mark_safe("<b>%s %s</b>" % (label, "x"))  # expect: B308
    first, second = "<a>", "<b>"
    SafeString(first + second)  # expect: B703
    SafeString(second)
    both = "<u>"
    both += "</u>"
    SafeString(both)


def module_constant():
    SafeString(SEPARATOR)


format_html("<b>{}</b>", name)
escape(name)
