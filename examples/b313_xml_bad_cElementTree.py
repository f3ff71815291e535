import xml.etree.cElementTree as cET  # expect: B405
from xml.etree import cElementTree  # expect: B405
from xml.etree.cElementTree import fromstring as fs, parse  # expect: B405

cET.parse(path)  # expect: B313
cET.iterparse(path)  # expect: B313
cET.fromstring(text)  # expect: B313
cET.XMLParser()  # expect: B313
cElementTree.fromstring(text)  # expect: B313
parse(path)  # expect: B313
fs(text)  # expect: B313
tree = cET.parse(  # expect: B313
    path,
)

cET.tostring(tree)
cET.Element("root")
cET.SubElement(tree, "child")
lxml_tree.parse(path)
