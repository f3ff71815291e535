import importlib
import xml.sax  # expect: B406
import xml.sax as sax  # expect: B406
from xml import sax  # expect: B406
from xml.sax import handler  # expect: B406
from xml.sax.saxutils import escape  # expect: B406

__import__("xml.sax")  # expect: B406
importlib.import_module("xml.sax")  # expect: B406

import defusedxml.sax
from defusedxml import sax
import xml.dom
importlib.import_module("xml.sax.handler")
