import importlib
import wsgiref.handlers
from twisted.web import twcgi
from wsgiref.handlers import CGIHandler  # expect: B412
from wsgiref.handlers import CGIHandler as Handler  # expect: B412
from twisted.web.twcgi import CGIScript, CGIDirectory  # expect: B412, B412

wsgiref.handlers.CGIHandler()  # expect: B412
CGIHandler().run(app)  # expect: B412
twcgi.CGIScript(path)  # expect: B412
__import__("wsgiref.handlers.CGIHandler")  # expect: B412

from wsgiref.handlers import BaseCGIHandler, SimpleHandler
from wsgiref.simple_server import make_server
from twisted.web import twcgi as cgi_module
import wsgiref
wsgiref.handlers.SimpleHandler(stdin, stdout, stderr, environ)
importlib.import_module("wsgiref.handlers")
