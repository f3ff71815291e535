password = "hunter2"  # expect: B105@12
DB_PASSWORD = "s3cr3t"  # expect: B105
self.api_token = "abc123"  # expect: B105
passwd = pwd = "x"  # expect: B105
user_pwd_old = "old"  # expect: B105
SECRETE = "typo"  # expect: B105
passphrase = ""  # expect: B105
credentials = {"password": "hunter2", "user": "admin"}  # expect: B105@28
settings = {"token": None}  # expect: B105
limits = {"secret": 5}  # expect: B105
conf["password"] = "hunter2"  # expect: B105
if password == "hunter2":  # expect: B105@16
    login()
if self.token != "":  # expect: B105
    refresh()
options = {
    "user": "admin",
    "password": "hunter2",  # expect: B105@17
}
password = "quiet"  # nosec B105

tokens = "many"
passwords = "plural"
pas_wrd = "underscore"
password: str = "annotated"
password += "suffix"
password, user = "a", "b"
word = "password"
message = {"password": lookup()}
secret_name = lookup("token")
if "hunter2" == password:
    login()
if password in ("a", "b"):
    login()
password = get_password()
value = conf["password"]
reviewed = {
    "password": "one nosec in the dict covers every key",
    "token": "of the same dict",  # nosec B105
}
