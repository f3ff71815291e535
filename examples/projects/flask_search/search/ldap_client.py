"""The directory connection the search views share."""

from ldap3 import Connection, Server


def connect():
    return Connection(Server("ldap://directory.example.com"), auto_bind=True)
