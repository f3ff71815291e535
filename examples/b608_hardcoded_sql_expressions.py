"""Queries assembled from strings: select * from users where this docstring is ignored."""

import logging

log = logging.getLogger(__name__)


def direct(cursor, name, user_id, table, columns):
    cursor.execute("SELECT * FROM users WHERE name = '%s'" % name)  # expect: B608@20:MEDIUM
    cursor.execute("select * from users where id = " + user_id)  # expect: B608@20:MEDIUM
    cursor.execute("DELETE FROM users WHERE id = {}".format(user_id))  # expect: B608@20:MEDIUM
    cursor.executemany(f"INSERT INTO {table} (a, b) VALUES (%s, %s)", rows)  # expect: B608@24:MEDIUM
    cursor.execute("UPDATE users SET name = 'x' WHERE id = :id".replace(":id", user_id))  # expect: B608@20:LOW
    cursor.execute("select " + columns + " from users")  # expect: B608@20:MEDIUM
    cursor.execute(sql="select * from t where id = %s" % user_id)  # expect: B608@24:MEDIUM
    cursor.execute(
        f"SELECT name FROM users "  # expect: B608@9:MEDIUM
        f"WHERE id = {user_id}"
    )


def through_variables(cursor, model, name):
    query = "SELECT * FROM users WHERE name = '%s'" % name  # expect: B608@13:MEDIUM
    cursor.execute(query)
    sql = "select id from t where a = "  # a plain literal is not built yet
    sql += name
    cursor.execute(sql)
    raw = model.objects.raw(f"select * from app_user where name = '{name}'")  # expect: B608@29:MEDIUM
    return raw


def never_executed(path, count):
    print("Select a file from " + path)  # expect: B608@11:LOW
    log.info("deleted %d rows: delete from queue where done" % count)  # expect: B608@14:LOW
    message = f"update the settings from {path} and set them again"  # expect: B608@15:LOW
    raise ValueError(message)


def not_flagged(cursor, name, user_id, x):
    cursor.execute("SELECT * FROM users WHERE name = %s", (name,))
    cursor.execute("select * from users")
    cursor.execute("select * " "from users where id = 1")
    cursor.execute("select " + "from users")
    cursor.execute("SELECT *" + " FROM users WHERE a=" + x)
    cursor.execute("update users set" + x)
    cursor.execute(f"{x} from users")
    label = "Choose one of these options from the menu" + name
    other = "insert the key into the lock" % name
    note = f"selected {x} files"
    cursor.execute("select * from t where id = %s" % user_id)  # nosec B608
    cursor.execute(
        "select * from t where id = " + user_id,  # nosec
    )
    # for a string, nosec looks at the lines of its own expression, not the whole call
    cursor.execute(  # nosec
        "select * from t where id = " + user_id,  # expect: B608:MEDIUM
    )
    return label, other, note


TABLE = "users"


def built_from_constants(cursor, parser, user_id):
    cursor.execute("SELECT * FROM " + TABLE + " WHERE active = 1")  # expect: B608:LOW
    cursor.execute("SELECT * FROM %s WHERE id = %d" % ("users", 1))  # expect: B608:LOW
    cursor.execute(f"DELETE FROM {TABLE} WHERE done = 1")  # expect: B608:LOW
    cursor.execute(f"DELETE FROM {TABLE} WHERE id = {user_id}")  # expect: B608:MEDIUM
    parser.add_argument("--q", help="select rows from %s where a = b" % user_id)  # expect: B608:LOW


def words_not_statements(cursor, path, user_id):
    cursor.execute("Could not select a row from " + path)  # expect: B608:LOW
    cursor.execute("-- hint\n  select * from t where id = " + user_id)  # expect: B608:MEDIUM
    cursor.execute("/* planner */ DELETE FROM t WHERE id = %s" % user_id)  # expect: B608:MEDIUM
    cursor.execute("WITH x AS (SELECT 1) SELECT * FROM x WHERE id = " + user_id)  # expect: B608:MEDIUM


class Query:
    def __init__(self, where):
        self.where = where

    def __str__(self):
        return "SELECT * FROM t WHERE %s" % self.where  # expect: B608:LOW


LAST_TABLE = "audit"


def remember_table(name):
    # a function that rebinds the module's name: LAST_TABLE is no longer the constant it starts as
    global LAST_TABLE
    LAST_TABLE = name


def read_remembered(cursor):
    cursor.execute("SELECT * FROM " + LAST_TABLE)  # expect: B608:MEDIUM
    cursor.execute("SELECT * FROM " + TABLE)  # expect: B608:LOW
