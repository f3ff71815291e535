from Crypto.Cipher import ARC4, DES, XOR  # expect: B413
from Cryptodome.Cipher import AES, ARC2, Blowfish
from cryptography.hazmat.primitives.ciphers import algorithms
from cryptography.hazmat.primitives.ciphers.algorithms import TripleDES as TDES

ARC4.new(key)  # expect: B304
DES.new(key, DES.MODE_CBC, iv)  # expect: B304
XOR.new(key)  # expect: B304
ARC2.new(key, ARC2.MODE_CBC, iv)  # expect: B304
Blowfish.new(key, Blowfish.MODE_CBC, iv)  # expect: B304
algorithms.ARC4(key)  # expect: B304
algorithms.Blowfish(key)  # expect: B304
algorithms.CAST5(key)  # expect: B304
algorithms.IDEA(key)  # expect: B304
algorithms.SEED(key)  # expect: B304
TDES(key)  # expect: B304
cipher = algorithms.TripleDES(  # expect: B304
    key
)

algorithms.AES(key)
algorithms.ChaCha20(key, nonce)
AES.new(key, AES.MODE_GCM)
DES.block_size
