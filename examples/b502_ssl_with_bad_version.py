import ssl
from OpenSSL import SSL
from ssl import PROTOCOL_TLSv1_1

ssl.wrap_socket(raw, ssl_version=ssl.PROTOCOL_SSLv2)  # expect: B502@34
ssl.wrap_socket(raw, ssl_version=ssl.PROTOCOL_SSLv3)  # expect: B502
ssl.wrap_socket(raw, ssl_version=PROTOCOL_TLSv1_1)  # expect: B502
ssl.wrap_socket(raw, ssl_version="PROTOCOL_TLSv1")  # expect: B502
pyOpenSSL.SSL.Context(method=SSL.SSLv2_METHOD)  # expect: B502
SSL.Context(method=SSL.TLSv1_METHOD)  # expect: B502
make_context(ssl_version=ssl.PROTOCOL_TLSv1)  # expect: B502
connect(
    host,
    method=SSL.SSLv23_METHOD,  # expect: B502@12
)
ssl.wrap_socket(raw, ssl_version=ssl.PROTOCOL_SSLv3)  # nosec B502

ssl.wrap_socket(raw, ssl_version=ssl.PROTOCOL_TLS_CLIENT)
ssl.wrap_socket(raw, None, None, False, ssl.CERT_REQUIRED, ssl.PROTOCOL_SSLv3)  # expect: B504
SSL.Context(SSL.TLSv1_METHOD)
SSL.Context(method=SSL.TLSv1_2_METHOD)
make_context(ssl_version=ssl.PROTOCOL_TLS_CLIENT)
ssl.SSLContext(ssl.PROTOCOL_TLSv1)
request(method="GET")
