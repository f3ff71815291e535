"""Services looked up by name: what a lookup returns, its callers' annotations say."""

from .services import fetcher

SERVICES = {"feeds": fetcher}


def service(name):
    return SERVICES[name]
