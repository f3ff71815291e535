# options: {ssl_with_bad_defaults: {bad_protocol_versions: [PROTOCOL_TLSv1_2]}, tests: [B502, B503]}
import ssl


def open_socket(raw, version=ssl.PROTOCOL_TLSv1_2):  # expect: B503
    return ssl.wrap_socket(raw, ssl_version=ssl.PROTOCOL_TLSv1_2)


def legacy(raw, version=ssl.PROTOCOL_SSLv3):
    return ssl.wrap_socket(raw, ssl_version=ssl.PROTOCOL_SSLv3)  # expect: B502
