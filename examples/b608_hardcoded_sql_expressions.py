"""Queries assembled from strings: select * from users where this docstring is ignored."""

import logging

log = logging.getLogger(__name__)


def direct(cursor, name, user_id, table, columns):
    cursor.execute("SELECT * FROM users WHERE name = '%s'" % name)  # expect: B608@20
    cursor.execute("select * from users where id = " + user_id)  # expect: B608@20
    cursor.execute("DELETE FROM users WHERE id = {}".format(user_id))  # expect: B608@20
    cursor.executemany(f"INSERT INTO {table} (a, b) VALUES (%s, %s)", rows)  # expect: B608@24
    cursor.execute("UPDATE users SET name = 'x' WHERE id = :id".replace(":id", user_id))  # expect: B608@20
    cursor.execute("select " + columns + " from users")  # expect: B608@20
    cursor.execute(sql="select * from t where id = %s" % user_id)  # expect: B608@24
    cursor.execute(
        f"SELECT name FROM users "  # expect: B608@9
        f"WHERE id = {user_id}"
    )


def through_variables(cursor, model, name):
    query = "SELECT * FROM users WHERE name = '%s'" % name  # expect: B608@13
    cursor.execute(query)
    sql = "select id from t where a = "  # a plain literal is not built yet
    sql += name
    cursor.execute(sql)
    raw = model.objects.raw(f"select * from app_user where name = '{name}'")  # expect: B608@29
    return raw


def never_executed(path, count):
    print("Select a file from " + path)  # expect: B608@11
    log.info("deleted %d rows: delete from queue where done" % count)  # expect: B608@14
    message = f"update the settings from {path} and set them again"  # expect: B608@15
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
        "select * from t where id = " + user_id,  # expect: B608
    )
    return label, other, note
