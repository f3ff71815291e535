import importlib
import xmlrpc  # expect: B411
import xmlrpc.client  # expect: B411
import xmlrpclib  # expect: B411
from xmlrpc.server import SimpleXMLRPCServer  # expect: B411
from xmlrpc import client as rpc  # expect: B411

__import__("xmlrpc")  # expect: B411
importlib.import_module("xmlrpc")  # expect: B411

import defusedxml.xmlrpc
from defusedxml import xmlrpc
import jsonrpc
importlib.import_module("xmlrpc.server")
__import__("xmlrpc.client")
