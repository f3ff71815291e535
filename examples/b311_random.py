import random
import random as rnd
import secrets
import time
from random import choice, randint as roll

# Bandit's list and the rest of the module's generators: nothing tells where the value goes,
# so Bandit's HIGH stands
random.random()  # expect: B311:HIGH
random.Random()  # expect: B311:HIGH
random.randrange(10)  # expect: B311:HIGH
random.randint(1, 6)  # expect: B311:HIGH
random.choices(items, k=2)  # expect: B311:HIGH
random.uniform(0, 1)  # expect: B311:HIGH
random.triangular()  # expect: B311:HIGH
random.randbytes(16)  # expect: B311:HIGH
random.getrandbits(64)  # expect: B311:HIGH
random.normalvariate(0, 1)  # expect: B311:HIGH
random.gauss(0, 1)  # expect: B311:HIGH
random.betavariate(1, 2)  # expect: B311:HIGH
random.expovariate(1.5)  # expect: B311:HIGH
random.gammavariate(1, 2)  # expect: B311:HIGH
random.lognormvariate(0, 1)  # expect: B311:HIGH
random.vonmisesvariate(0, 1)  # expect: B311:HIGH
random.paretovariate(3)  # expect: B311:HIGH
random.weibullvariate(1, 2)  # expect: B311:HIGH
random.binomialvariate(10, 0.5)  # expect: B311:HIGH
rnd.random()  # expect: B311:HIGH
choice(items)  # expect: B311:HIGH
roll(1, 6)  # expect: B311:HIGH
generator = random.Random(42)  # expect: B311:HIGH
generator.randint(1, 6)  # expect: B311:HIGH
random.Random(7).choice(items)  # expect: B311:HIGH, B311:HIGH

# the value reaches a secret's name: HIGH, and the message names it
token = "".join(
    random.choice(alphabet)  # expect: B311:HIGH
    for _ in range(32)
)
reset_code = str(random.randint(100000, 999999))  # expect: B311:HIGH
send_login_link(user, nonce=random.getrandbits(32))  # expect: B311:HIGH
user.api_key = "%032x" % generator.getrandbits(128)  # expect: B311:HIGH


def new_session_id():
    return random.randbytes(16).hex()  # expect: B311:HIGH


def make_password(length):
    letters = [random.choice(alphabet) for _ in range(length)]  # expect: B311:HIGH
    return "".join(letters)


# jitter, backoff, sampling, shuffling, colours: LOW, and the message says why
time.sleep(random.random())  # expect: B311:LOW
backoff = 2**attempt + random.uniform(0, 1)  # expect: B311:LOW
retry_delay = random.randint(1, 5)  # expect: B311:LOW
random.shuffle(items)  # expect: B311:LOW
picked = random.sample(items, 3)  # expect: B311:LOW
colour = random.choice(PALETTE)  # expect: B311:LOW
generator.shuffle(items)  # expect: B311:LOW


def jittered(seconds):
    return seconds * random.uniform(0.9, 1.1)  # expect: B311:LOW


# not flagged: the secrets module, SystemRandom (os.urandom), seeding, other objects
secrets.choice(items)
secrets.token_hex(16)
random.SystemRandom()
random.SystemRandom().choice(items)
random.seed(1)
rng.choice(items)
deck.shuffle()


def shuffled_hand(cards):
    rng = random.Random()  # expect: B311:LOW
    rng.shuffle(cards)  # expect: B311:LOW
    return cards


def one_time_code():
    rng = random.SystemRandom()  # the same name as above, another variable: not flagged
    return rng.randint(100000, 999999)
