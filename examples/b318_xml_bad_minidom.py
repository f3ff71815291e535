import xml.dom.minidom  # expect: B408
from defusedxml import minidom as safe_minidom
from xml.dom import minidom  # expect: B408
from xml.dom.minidom import parseString as parse_text  # expect: B408

minidom.parse(path)  # expect: B318
minidom.parseString(text)  # expect: B318
xml.dom.minidom.parseString(text)  # expect: B318
parse_text(text)  # expect: B318
document = minidom.parseString(  # expect: B318
    text
)

safe_minidom.parseString(text)
minidom.Document()
minidom.getDOMImplementation()
