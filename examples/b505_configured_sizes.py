# options: {weak_cryptographic_key: {weak_key_size_rsa_medium: 4096}, tests: [B505]}
from cryptography.hazmat.primitives.asymmetric import dsa, rsa

rsa.generate_private_key(65537, 3072)  # expect: B505
rsa.generate_private_key(65537, 512)  # expect: B505
rsa.generate_private_key(public_exponent=65537)  # expect: B505
rsa.generate_private_key(65537, 4096)
dsa.generate_private_key(2048)
