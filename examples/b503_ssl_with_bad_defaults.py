import ssl
from OpenSSL import SSL


def open_socket(raw, version=ssl.PROTOCOL_SSLv3):  # expect: B503@30
    return raw


def open_context(method=SSL.SSLv2_METHOD, fallback=SSL.TLSv1_METHOD):  # expect: B503, B503
    return method


def nested_module(version=OpenSSL.SSL.TLSv1_1_METHOD):  # expect: B503
    return version


def spread(
    host,
    version=ssl.PROTOCOL_TLSv1,  # expect: B503@13
):
    return host


def quiet(version=ssl.PROTOCOL_SSLv2):  # nosec B503
    return version


def current(version=ssl.PROTOCOL_TLS_CLIENT):
    return version


def bare_name(version=PROTOCOL_SSLv3):
    return version


def keyword_only(*, version=ssl.PROTOCOL_SSLv3):
    return version


async def asynchronous(version=ssl.PROTOCOL_SSLv3):
    return version


def text_default(version="PROTOCOL_SSLv3"):
    return version
