import importlib
import xml.dom.minidom  # expect: B408
import xml.dom.minidom as md  # expect: B408
from xml.dom import minidom  # expect: B408
from xml.dom.minidom import parseString  # expect: B408

__import__("xml.dom.minidom")  # expect: B408
importlib.import_module("xml.dom.minidom")  # expect: B408

from defusedxml import minidom
from defusedxml.minidom import parseString
import xml.dom
from xml.dom import Node
