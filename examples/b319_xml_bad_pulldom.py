import xml.dom.pulldom as pd  # expect: B409
from defusedxml import pulldom as safe_pulldom
from xml.dom import pulldom  # expect: B409
from xml.dom.pulldom import parse  # expect: B409

pulldom.parse(path)  # expect: B319
pulldom.parseString(text)  # expect: B319
pd.parseString(text)  # expect: B319
parse(path)  # expect: B319
events = pulldom.parseString(  # expect: B319
    text,
)

safe_pulldom.parseString(text)
pulldom.START_ELEMENT
pulldom.DOMEventStream
