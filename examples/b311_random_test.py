# A test module (named *_test.py): random data for tests needs no secrecy, so B311 is LOW here,
# whatever the value is called.
import random


def test_round_trip():
    payload = random.randbytes(64)  # expect: B311:LOW
    token = "".join(random.choice("abc") for _ in range(8))  # expect: B311:LOW
    assert decode(encode(payload, token)) == payload  # expect: B101
