"""Loans: a repository of its own, made by its base's classmethod."""

from .repository import Repository


class LoanRepository(Repository):
    def by_reader(self, reader):
        return self.db.execute("SELECT * FROM loans WHERE reader = '%s'" % reader).fetchall()  # expect: B608

    def by_reader_safely(self, reader):
        return self.db.execute("SELECT * FROM loans WHERE reader = ?", (reader,)).fetchall()
