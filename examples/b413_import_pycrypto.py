import Crypto.Cipher  # expect: B413
import Crypto.Hash.SHA256  # expect: B413
import importlib
from Crypto import Cipher, PublicKey  # expect: B413, B413
from Crypto.IO import PEM  # expect: B413
from Crypto.Protocol.KDF import PBKDF2  # expect: B413
from Crypto.PublicKey import RSA  # expect: B413
from Crypto.Random import get_random_bytes  # expect: B413
from Crypto.Signature import pkcs1_15  # expect: B413
from Crypto.Util.Padding import pad  # expect: B413

__import__("Crypto.Cipher")  # expect: B413
importlib.import_module("Crypto.Util")  # expect: B413

import Crypto
import Cryptodome.Cipher
from Cryptodome.Cipher import AES
from Cryptodome.Util.Padding import unpad
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from Crypto import version_info
importlib.import_module("Crypto")
