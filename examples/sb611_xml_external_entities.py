import xml.sax  # expect: B406
import xml.dom.pulldom  # expect: B409
from xml.sax.handler import feature_external_ges, feature_external_pes  # expect: B406

import defusedxml.sax
from lxml import etree, objectify
from lxml.etree import XMLParser


def lxml_parsers(data, allow_entities, offline):
    risky = etree.XMLParser(resolve_entities=True)  # expect: SB611:HIGH
    chosen = etree.XMLParser(resolve_entities=allow_entities)  # expect: SB611:MEDIUM
    internal = etree.XMLParser(resolve_entities="internal")
    closed = etree.XMLParser(resolve_entities=False)
    default = etree.XMLParser()

    direct = XMLParser(remove_blank_text=True, resolve_entities=True)  # expect: SB611@65:HIGH
    direct_safe = XMLParser(remove_blank_text=True, resolve_entities=False)

    pulled = etree.XMLPullParser(resolve_entities=True)  # expect: SB611
    pulled_safe = etree.XMLPullParser(events=("end",))
    events = etree.iterparse(data, resolve_entities=True)  # expect: SB611
    events_safe = etree.iterparse(data, events=("end",))
    made = objectify.makeparser(resolve_entities=True)  # expect: SB611
    made_safe = objectify.makeparser(remove_blank_text=True)

    fetching = etree.XMLParser(load_dtd=True, no_network=False)  # expect: SB611@58:HIGH
    reading = etree.XMLParser(load_dtd=True, no_network=True)
    dtd_only = etree.XMLParser(load_dtd=True)
    validating = etree.XMLParser(dtd_validation=True, no_network=offline)  # expect: SB611:MEDIUM
    network_only = etree.XMLParser(no_network=False)
    huge = etree.XMLParser(huge_tree=True)
    return locals()


def sax_parsers(stream, handler, wanted):
    reader = xml.sax.make_parser()  # expect: B317
    reader.setFeature(feature_external_ges, True)  # expect: SB611:HIGH
    reader.setFeature(feature_external_ges, False)
    reader.setFeature(xml.sax.handler.feature_external_pes, True)  # expect: SB611
    reader.setFeature(xml.sax.handler.feature_external_pes, False)
    reader.setFeature("http://xml.org/sax/features/external-general-entities", 1)  # expect: SB611
    reader.setFeature("http://xml.org/sax/features/external-general-entities", 0)
    reader.setFeature(feature_external_pes, wanted)  # expect: SB611:MEDIUM
    reader.setFeature(xml.sax.handler.feature_namespaces, True)
    reader.setContentHandler(handler)
    reader.parse(stream)

    pull = xml.sax.make_parser()  # expect: B317
    pull.setFeature(feature_external_ges, True)  # expect: SB611
    events = xml.dom.pulldom.parse(stream, parser=pull)  # expect: B319

    guarded = defusedxml.sax.make_parser()
    guarded.setFeature(feature_external_ges, True)
    defusedxml.sax.make_parser().setFeature(feature_external_ges, True)
    return events


EXPAND_ENTITIES = False
FETCH_DTDS = True


def flags_from_names(data, expand):
    # a flag read from a name is judged by what the name holds where the code shows it
    quiet = etree.XMLParser(resolve_entities=EXPAND_ENTITIES)
    online = False
    kept_offline = etree.XMLParser(load_dtd=True, no_network=not online)
    loud = etree.XMLParser(resolve_entities=FETCH_DTDS)  # expect: SB611:HIGH
    local_on = True
    on_here = etree.XMLParser(resolve_entities=local_on)  # expect: SB611:HIGH
    chosen = etree.XMLParser(resolve_entities=expand)  # expect: SB611:MEDIUM
    fetching = etree.XMLParser(load_dtd=True, no_network=not local_on)  # expect: SB611:HIGH
    return quiet, kept_offline, loud, on_here, chosen, fetching
