import sqlite3


class Shelf:
    def __init__(self, path):
        self.path = path

    def find(self, term):
        conn = sqlite3.connect(self.path)
        return conn.execute(f"SELECT name FROM items WHERE name LIKE '%{term}%'").fetchall()  # expect: B608:MEDIUM
