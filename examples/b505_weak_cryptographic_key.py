from cryptography.hazmat.primitives.asymmetric import dsa, ec, rsa
from Crypto.PublicKey import RSA  # expect: B413
from Cryptodome.PublicKey import DSA

rsa.generate_private_key(public_exponent=65537, key_size=1024)  # expect: B505@58
rsa.generate_private_key(65537, 512)  # expect: B505@33
rsa.generate_private_key(65537, 2047)  # expect: B505
dsa.generate_private_key(key_size=1023)  # expect: B505
dsa.generate_private_key(1024)  # expect: B505
ec.generate_private_key(ec.SECP192R1)  # expect: B505@25
ec.generate_private_key(ec.SECP192R1())  # expect: B505@25
ec.generate_private_key(curve=ec.SECT163K1())  # expect: B505@31
RSA.generate(1024)  # expect: B505
RSA.generate(bits=2000)  # expect: B505
DSA.generate(512)  # expect: B505
rsa.generate_private_key(
    public_exponent=65537,
    key_size=768,  # expect: B505@14
)
rsa.generate_private_key(65537, 1024)  # nosec B505

rsa.generate_private_key(public_exponent=65537, key_size=2048)
rsa.generate_private_key(65537, 4096)
rsa.generate_private_key(public_exponent=65537)
rsa.generate_private_key(65537, key_size=KEY_SIZE)
dsa.generate_private_key(key_size=3072)
ec.generate_private_key(ec.SECP256R1())
ec.generate_private_key(ec.SECP384R1)
ec.generate_private_key(curve=custom_curve)
RSA.generate(3072)
DSA.generate(bits)
other.generate_private_key(key_size=512)
