import defusedxml.sax
import xml.sax  # expect: B406
import xml.sax as sax  # expect: B406
from xml.sax import make_parser, parseString  # expect: B406
from xml.sax.saxutils import escape  # expect: B406

xml.sax.parse(path, handler)  # expect: B317
sax.parseString(text, handler)  # expect: B317
make_parser()  # expect: B317
parseString(text, handler)  # expect: B317
xml.sax.parse(  # expect: B317
    path,
    handler,
)

defusedxml.sax.parseString(text, handler)
defusedxml.sax.make_parser()
escape(text)
xml.sax.saxutils.quoteattr(text)
sax.handler.ContentHandler()
