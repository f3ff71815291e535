import jinja2
from jinja2 import Environment, select_autoescape

env = jinja2.Environment(loader=loader)  # expect: B701@7
env = Environment(loader=loader, autoescape=False)  # expect: B701@45
env = Environment(autoescape=use_escaping)  # expect: B701@30
env = Environment(autoescape=should_escape(name))  # expect: B701@30
env = jinja2.Environment(  # expect: B701@7
    loader=jinja2.FileSystemLoader("templates"),
)
env = jinja2.Environment(
    loader=loader,
    autoescape=False,  # expect: B701@16
)
env = Environment(loader=make_loader(autoescape=False))  # expect: B701@49

env = Environment(loader=loader, autoescape=True)
env = jinja2.Environment(autoescape=select_autoescape(["html", "xml"]))
env = Environment(autoescape=jinja2.select_autoescape())
env = Environment(loader=make_loader(autoescape=True))
env = SandboxedEnvironment(loader=loader)
env = other.Environment(loader=loader)

import aiohttp_jinja2

aiohttp_jinja2.setup(app, loader=loader, autoescape=False)  # expect: B701@53
aiohttp_jinja2.setup(app, loader=loader)
aiohttp_jinja2.setup(app, loader=loader, autoescape=True)
