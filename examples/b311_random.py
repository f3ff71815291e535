import random
import random as rnd
import secrets
from random import choice, randint as roll

random.random()  # expect: B311
random.Random()  # expect: B311
random.randrange(10)  # expect: B311
random.randint(1, 6)  # expect: B311
random.choices(items, k=2)  # expect: B311
random.uniform(0, 1)  # expect: B311
random.triangular()  # expect: B311
random.randbytes(16)  # expect: B311
random.sample(items, 3)  # expect: B311
random.getrandbits(64)  # expect: B311
rnd.random()  # expect: B311
choice(items)  # expect: B311
roll(1, 6)  # expect: B311
token = "".join(
    random.choice(alphabet)  # expect: B311
    for _ in range(32)
)

secrets.choice(items)
secrets.token_hex(16)
random.SystemRandom()
random.seed(1)
random.shuffle(items)
rng.choice(items)
