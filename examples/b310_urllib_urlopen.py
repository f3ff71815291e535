import urllib.parse
import urllib.request
import urllib.request as ur
from six.moves.urllib.request import URLopener
from urllib.request import urlopen, urlretrieve

urllib.request.urlopen(url)  # expect: B310
urlopen(url)  # expect: B310
urlretrieve(url, filename)  # expect: B310
urllib.request.URLopener()  # expect: B310
ur.FancyURLopener()  # expect: B310
URLopener()  # expect: B310
body = ur.urlopen(  # expect: B310
    url,
).read()

urllib.request.Request(url)
urllib.request.build_opener()
urllib.parse.urlparse(url)
browser.urlopen(url)
