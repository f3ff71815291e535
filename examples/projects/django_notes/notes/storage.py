"""Note storage: SQL is written here, the request is read in the views."""

from django.db import connection


def find_notes(owner):
    with connection.cursor() as cursor:
        cursor.execute("SELECT id, body FROM notes WHERE owner = '" + owner + "'")  # expect: B608
        return cursor.fetchall()


def find_notes_safely(owner):
    with connection.cursor() as cursor:
        cursor.execute("SELECT id, body FROM notes WHERE owner = %s", [owner])
        return cursor.fetchall()


def count_notes(owner_id):
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM notes WHERE owner_id = %d" % owner_id)  # expect: B608
        return cursor.fetchone()[0]
