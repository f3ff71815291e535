connect(host="db", password="hunter2")  # expect: B106@29:MEDIUM
Client(api_token="abc123")  # expect: B106
session.login(user="me", passwd="x", secret_key="y")  # expect: B106, B106
build(
    user="admin",
    password="",  # expect: B106@14:LOW
)
connect(password="quiet")  # nosec B106

connect(host="db", password=get_password())
connect(host="db", password=None)
connect(host="db", password=secrets["db"])
connect("db", "hunter2")
connect(tokens="many")
connect(**{"password": "hunter2"})  # expect: B105
connect(password=b"bytes")
connect(host="db", password="<db password>")  # expect: B106:LOW
authorize(token_type="bearer", scope="read")  # expect: B106:LOW
form.add(password_field="password")  # expect: B106:LOW
