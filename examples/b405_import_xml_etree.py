import defusedxml.ElementTree
import importlib
import xml.etree.cElementTree  # expect: B405
import xml.etree.ElementTree as ET  # expect: B405
from xml.etree import ElementTree, cElementTree  # expect: B405, B405
from xml.etree.ElementTree import Element  # expect: B405
from xml.etree.ElementInclude import include

__import__("xml.etree.ElementTree")  # expect: B405
importlib.import_module("xml.etree.cElementTree")  # expect: B405

import xml
import xml.etree
from xml import etree
from defusedxml.ElementTree import fromstring
importlib.import_module("xml.etree")
