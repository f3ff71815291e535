import xml.dom.expatbuilder as builder  # expect: B407
from defusedxml import expatbuilder as safe_builder
from xml.dom import expatbuilder  # expect: B407
from xml.dom.expatbuilder import parseString  # expect: B407

expatbuilder.parse(path)  # expect: B316
expatbuilder.parseString(text)  # expect: B316
builder.parse(path)  # expect: B316
parseString(text)  # expect: B316
document = expatbuilder.parseString(  # expect: B316
    text,
)

safe_builder.parseString(text)
safe_builder.parse(path)
expatbuilder.ExpatBuilder
