import hashlib
import Crypto.Hash.MD4  # expect: B413
from Crypto.Hash import MD5, SHA  # expect: B413
from Cryptodome.Hash import MD2 as CMD2
from Cryptodome.Hash import SHA256
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.hashes import SHA1

MD5.new(data)  # expect: B303
SHA.new(data)  # expect: B303
CMD2.new(data)  # expect: B303
Crypto.Hash.MD4.new(data)  # expect: B303
hashes.MD5()  # expect: B303
hashes.SHA1()  # expect: B303
SHA1()  # expect: B303
digest = MD5.new(  # expect: B303
    data
).hexdigest()

hashes.SHA256()
SHA256.new(data)
hashlib.sha256(data)
MD5.digest_size
my_hashes.MD5()
