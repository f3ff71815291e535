import ssl
import ssl as tls
from ssl import _create_unverified_context as unverified

ssl._create_unverified_context()  # expect: B323
tls._create_unverified_context()  # expect: B323
unverified()  # expect: B323
context = ssl._create_unverified_context(  # expect: B323
    cafile=None,
)

ssl.create_default_context()
ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
helpers._create_unverified_context()
