"""Objects the desk's services share: made once, by the libraries' own classes."""

import httpx
import requests
from lxml import etree

session = requests.Session()
embed_client = httpx.Client(timeout=5.0)
STRICT_PARSER = etree.XMLParser(resolve_entities=False, no_network=True)
LEGACY_PARSER = etree.XMLParser(resolve_entities=True)  # expect: SB611:HIGH
