"""Helpers that build commands and SQL from their parameters (Bandit flags each of them)."""

import os
import sqlite3
import subprocess  # expect: B404:LOW

DATABASE = "/srv/jobs/jobs.db"


def archive(kind):
    # every caller passes one of ARCHIVE_KINDS (views.py)
    return subprocess.run(f"archive-tool --kind {kind}", shell=True)  # expect: B602:LOW


def compress(level):
    # one caller passes the query string as it came
    return subprocess.run("compress-tool --level " + level, shell=True)  # expect: B602:HIGH


def purge(days):
    # every caller passes a number
    return os.system("purge-tool --older-than %s" % days)  # expect: B605:LOW


class Reports:
    def __init__(self):
        self.db = sqlite3.connect(DATABASE)

    def rows(self, order):
        return self.db.execute("SELECT id, name FROM jobs ORDER BY %s" % order).fetchall()  # expect: B608:LOW

    def sorted_rows(self, order):
        # hands its parameter on: its own callers decide
        return self.rows(order)

    def matching(self, name):
        return self.db.execute("SELECT id FROM jobs WHERE name = '%s'" % name).fetchall()  # expect: B608:MEDIUM


reports = Reports()
