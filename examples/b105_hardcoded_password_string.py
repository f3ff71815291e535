password = "hunter2"  # expect: B105@12:MEDIUM
DB_PASSWORD = "s3cr3t"  # expect: B105
self.api_token = "abc123"  # expect: B105
passwd = pwd = "x"  # expect: B105
user_pwd_old = "old"  # expect: B105
SECRETE = "typo"  # expect: B105
passphrase = ""  # expect: B105:LOW
credentials = {"password": "hunter2", "user": "admin"}  # expect: B105@28
settings = {"token": None}  # expect: B105:LOW
limits = {"secret": 5}  # expect: B105
conf["password"] = "hunter2"  # expect: B105
if password == "hunter2":  # expect: B105@16:MEDIUM
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

# Bandit's findings, all kept; where the context shows the value is no secret, LOW and said why:
# a lexer's token type compared with a literal
if token_type == "lparen":  # expect: B105:LOW
    depth += 1
# a field, header, type or URL name, not the secret
PASSWORD_FIELD = "password"  # expect: B105:LOW
token_type = "Bearer"  # expect: B105:LOW
TOKEN_URL = "https://login.example.com/oauth2/token"  # expect: B105:LOW
PASSWORD = "password"  # expect: B105:LOW
# placeholders
password = "<your password here>"  # expect: B105:LOW
db_password = "***"  # expect: B105:LOW
api_token = "${API_TOKEN}"  # expect: B105:LOW
# entries of mappings that describe form fields
labels = {"password": "Password", "user": "User name"}  # expect: B105@23:LOW
widgets["password"] = "PasswordInput"  # expect: B105:LOW
# the same shapes with a real-looking secret stay MEDIUM
SECRET_KEY = "django-insecure-8f3k2m1x"  # expect: B105:MEDIUM
defaults = {"password": "hunter2"}  # expect: B105@25:MEDIUM
