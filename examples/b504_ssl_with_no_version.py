import ssl
from ssl import wrap_socket

ssl.wrap_socket(raw)  # expect: B504@1
ssl.wrap_socket(raw, server_side=True)  # expect: B504
wrap_socket(raw)  # expect: B504
ssl.wrap_socket(raw, ssl_version=pick_version())  # expect: B504@34
ssl.wrap_socket(raw, None, None, False, ssl.CERT_REQUIRED, ssl.PROTOCOL_TLSv1_2)  # expect: B504
ssl.wrap_socket(  # nosec B504
    raw,
)

ssl.wrap_socket(raw, ssl_version=ssl.PROTOCOL_TLSv1_2)
ssl.wrap_socket(raw, ssl_version=VERSION)
context.wrap_socket(raw, server_hostname=host)
ssl.create_default_context().wrap_socket(raw, server_hostname=host)
