import importlib
import xml.dom.pulldom  # expect: B409
import xml.dom.pulldom as pd  # expect: B409
from xml.dom import pulldom  # expect: B409
from xml.dom.pulldom import parseString  # expect: B409

__import__("xml.dom.pulldom")  # expect: B409
importlib.import_module("xml.dom.pulldom")  # expect: B409

from defusedxml import pulldom
import xml.dom
