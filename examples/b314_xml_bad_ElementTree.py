import defusedxml.ElementTree as SafeET
import xml.etree.ElementTree  # expect: B405
import xml.etree.ElementTree as ET  # expect: B405
from xml.etree import ElementTree  # expect: B405
from xml.etree.ElementTree import XMLParser, iterparse  # expect: B405

ET.parse(path)  # expect: B314
ET.fromstring(text)  # expect: B314
xml.etree.ElementTree.fromstring(text)  # expect: B314
ElementTree.parse(path)  # expect: B314
iterparse(path)  # expect: B314
XMLParser()  # expect: B314
root = ET.fromstring(  # expect: B314
    text
)

SafeET.fromstring(text)
SafeET.parse(path)
ET.tostring(root)
ET.Element("root")
