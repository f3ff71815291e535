import crypt
import hashlib
from hashlib import md5, sha1 as legacy_sha

hashlib.md5(data)  # expect: B324@1
hashlib.sha1(data).hexdigest()  # expect: B324
hashlib.md4()  # expect: B324
md5(data)  # expect: B324
legacy_sha(data)  # expect: B324
hashlib.md5(data, usedforsecurity=True)  # expect: B324
hashlib.new("md5")  # expect: B324@13
hashlib.new("SHA1", data)  # expect: B324
hashlib.new(name="md4")  # expect: B324
hashlib.new(
    "sha",  # expect: B324@5
    data,
)
crypt.crypt(word, crypt.METHOD_MD5)  # expect: B324@19
crypt.crypt(word, salt=crypt.METHOD_CRYPT)  # expect: B324
crypt.mksalt(crypt.METHOD_BLOWFISH)  # expect: B324
crypt.mksalt(method=crypt.METHOD_MD5)  # expect: B324
hashlib.md5(data)  # nosec B324

hashlib.md5(data, usedforsecurity=False)
hashlib.sha256(data)
hashlib.new("sha256", data)
hashlib.new(algorithm)
hashlib.new(name=choose())
hashlib.blake2b(data)
crypt.crypt(word, crypt.METHOD_SHA512)
crypt.mksalt(crypt.METHOD_SHA256)
crypt.mksalt()
checksums.md5(data)

algorithm = "md5"
hashlib.new(algorithm, data)  # expect: B324:HIGH
chosen = "sha1" if legacy else "sha256"
hashlib.new(chosen, data)  # expect: B324:MEDIUM
strong = "sha256"
hashlib.new(strong, data)
first = "md5"
second = first
third = second
fourth = third  # MAX_NAME_HOPS (3) assignments are followed back, not a fourth
hashlib.new(third, data)  # expect: B324:HIGH
hashlib.new(fourth, data)

from django.contrib.auth.hashers import make_password

legacy = make_password(data, None, "unsalted_md5")  # expect: B324:HIGH
fast = make_password(data, hasher="sha1")  # expect: B324:HIGH
current = make_password(data)  # the project's PASSWORD_HASHERS decide
chosen = make_password(data, hasher="argon2")
