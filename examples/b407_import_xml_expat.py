import importlib
import xml.dom.expatbuilder  # expect: B407
import xml.dom.expatbuilder as builder  # expect: B407
from xml.dom import expatbuilder  # expect: B407
from xml.dom.expatbuilder import ExpatBuilder  # expect: B407

__import__("xml.dom.expatbuilder")  # expect: B407
importlib.import_module("xml.dom.expatbuilder")  # expect: B407

from defusedxml import expatbuilder
import xml.parsers.expat
from xml.dom import NodeFilter
