def login(user, password="hunter2"):  # expect: B107@26:MEDIUM
    return user, password


def connect(host, port=5432, db_pwd="", api_token="abc"):  # expect: B107:LOW, B107:MEDIUM
    return host


def positional_only(password="hunter2", /):  # expect: B107
    return password


def spread(
    host,
    secret="s3cr3t",  # expect: B107@12
):
    return host


def quiet(password="x"):  # nosec B107
    return password


def placeholder(password=None):
    return password


def keyword_only(*, password="hunter2"):
    return password


async def fetch(password="hunter2"):
    return password


def numbers(password=1234):
    return password


def plural(passwords="many"):
    return passwords


class Service:
    def open(self, token=DEFAULT_TOKEN):
        return token


def reviewed(password="a nosec anywhere in the body covers the def"):
    return password  # nosec B107


def authorize(client, token_type="Bearer", password_param="password"):  # expect: B107:LOW, B107:LOW
    return client
