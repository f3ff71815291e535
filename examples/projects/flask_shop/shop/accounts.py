"""Accounts: a service keeping its repository on self (`users or Users()`); the row the
repository reads back is the database's, not the name the query was given."""

import sqlite3


class Users:
    def find(self, name):
        db = sqlite3.connect("shop.db")
        return db.execute("SELECT id FROM users WHERE name = ?", (name,)).fetchone()


class Accounts:
    def __init__(self, users=None):
        self.users = users or Users()

    def sign_in(self, name):
        row = self.users.find(name)
        if row is None:
            raise LookupError(name)
        return row
