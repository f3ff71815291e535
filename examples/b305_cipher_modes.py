import cryptography.hazmat.primitives.ciphers.modes as cmodes
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.modes import ECB

Cipher(algorithms.AES(key), modes.ECB())  # expect: B305
ECB()  # expect: B305
cmodes.ECB()  # expect: B305
cipher = Cipher(
    algorithms.AES(key),
    modes.ECB(),  # expect: B305
)

Cipher(algorithms.AES(key), modes.GCM(nonce))
modes.CBC(iv)
modes.CTR(nonce)
my_modes.ECB()
