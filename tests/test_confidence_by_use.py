"""B311 and B105-B107 rated by where the value goes: the confidence and the message of each case
pinned (the examples pin confidences; here the words a user reads)."""

from __future__ import annotations

import random
import sys

import pytest

from sarifbandit.config.options import Config
from sarifbandit.engine.filescan import scan_bytes
from sarifbandit.plugins.random_use import GENERATORS, is_test_file

_PREDICTABLE = "the random module is predictable and unfit for security purposes"


def _found(code: str, path: str = "app.py"):
    result = scan_bytes(code.encode(), path, Config(dataflow=False))
    return [(f.rule_id, f.confidence.name, f.message) for f in result.findings]


@pytest.mark.parametrize(
    ("code", "confidence", "message"),
    [
        (
            "import random\nx = random.random()\n",
            "HIGH",
            f"random.random() called: {_PREDICTABLE}",
        ),
        (
            "import random\nreset_token = random.getrandbits(64)\n",
            "HIGH",
            f"random.getrandbits() called: {_PREDICTABLE}; its value is assigned to "
            "`reset_token`, which must be unguessable",
        ),
        (
            "import random\ndef new_salt():\n    return random.randbytes(8)\n",
            "HIGH",
            f"random.randbytes() called: {_PREDICTABLE}; its value is returned by "
            "`new_salt()`, which must be unguessable",
        ),
        (
            "import random, time\ntime.sleep(random.random())\n",
            "LOW",
            f"random.random() called: {_PREDICTABLE}; rated LOW: its value is passed to "
            "`time.sleep`",
        ),
        (
            "import random\nretry_delay = random.uniform(1, 2)\n",
            "LOW",
            f"random.uniform() called: {_PREDICTABLE}; rated LOW: its value is assigned to "
            "`retry_delay`",
        ),
        (
            "import random\nrandom.shuffle(deck)\n",
            "LOW",
            f"random.shuffle() called: {_PREDICTABLE}; rated LOW: shuffle() reorders or picks "
            "items, not a secret",
        ),
        (
            "import random\nrng = random.Random(3)\nrng.gauss(0, 1)\n",
            "HIGH",
            f"rng.gauss() called on a random.Random instance: {_PREDICTABLE}",
        ),
    ],
)
def test_b311_messages(code, confidence, message) -> None:
    assert _found(code)[-1] == ("B311", confidence, message)


def test_b311_in_test_code_is_low_whatever_the_name() -> None:
    code = "import random\ntoken = random.random()\n"
    for path in ("tests/unit/helpers.py", "pkg/test_auth.py", "auth_test.py", "conftest.py"):
        assert _found(code, path) == [
            ("B311", "LOW", f"random.random() called: {_PREDICTABLE}; rated LOW: in test code")
        ]
    assert not is_test_file("src/contest.py") and not is_test_file("latest/app.py")


def test_system_random_and_secrets_are_not_flagged() -> None:
    code = "import random, secrets\nrandom.SystemRandom().choice(x)\nsecrets.choice(x)\n"
    assert _found(code) == []


def test_every_generator_is_one_of_the_standard_library() -> None:
    missing = {name for name in GENERATORS if not hasattr(random.Random, name)}
    # binomialvariate arrived in Python 3.12
    assert missing <= ({"binomialvariate"} if sys.version_info < (3, 12) else set())
    assert {"seed", "getstate", "setstate"}.isdisjoint(GENERATORS)


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (
            'password = "hunter2"\n',
            ("B105", "MEDIUM", "possible hard-coded password 'hunter2' assigned to password"),
        ),
        (
            'if token_type == "lparen":\n    pass\n',
            (
                "B105",
                "LOW",
                "possible hard-coded password 'lparen' compared with token_type; rated LOW: "
                "`token_type` is a token's type (a lexer or parser token), not a secret",
            ),
        ),
        (
            'labels = {"password": "Password"}\n',
            (
                "B105",
                "LOW",
                "possible hard-coded password 'Password' stored under the key 'password'; "
                "rated LOW: an entry of `labels`, a mapping that describes fields",
            ),
        ),
        (
            'PASSWORD_FIELD = "pw"\n',
            (
                "B105",
                "LOW",
                "possible hard-coded password 'pw' assigned to PASSWORD_FIELD; rated LOW: the "
                "name `PASSWORD_FIELD` says the value is its field, not the secret",
            ),
        ),
        (
            'connect(password="<password>")\n',
            (
                "B106",
                "LOW",
                "possible hard-coded password '<password>' passed as password=; rated LOW: the "
                "value looks like a placeholder",
            ),
        ),
        (
            'def f(password=""):\n    pass\n',
            (
                "B107",
                "LOW",
                "possible hard-coded password '' as the default of password in f(); rated LOW: "
                "an empty string is a placeholder, not a secret",
            ),
        ),
        (
            'def f(password="admin"):\n    pass\n',
            (
                "B107",
                "MEDIUM",
                "possible hard-coded password 'admin' as the default of password in f()",
            ),
        ),
    ],
)
def test_password_messages(code, expected) -> None:
    assert _found(code) == [expected]
