import xml.sax.expatreader  # expect: B406
import xml.sax.expatreader as reader  # expect: B406
from defusedxml import expatreader as safe_reader
from xml.sax import expatreader  # expect: B406

expatreader.create_parser()  # expect: B315
xml.sax.expatreader.create_parser()  # expect: B315
reader.create_parser()  # expect: B315
parser = expatreader.create_parser(  # expect: B315
)

safe_reader.create_parser()
expatreader.ExpatParser
