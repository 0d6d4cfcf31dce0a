"""MindSpore's encrypted file layout (AES-GCM, AES-CBC, SM4-CBC), on the `cryptography` library."""

import os
import struct
from typing import cast

# A MindSpore cipher file is a run of blocks, each encrypting up to 64 MiB of plain bytes
# under a fresh random IV. Every field is a little-endian int32; a block is
#   magic | [GCM: 16-byte tag] | body length | IV length (16) | IV | cipher length | cipher
# where the body length counts the four fields after it. GCM uses the IV's first 12 bytes
# (OpenSSL's default GCM nonce length, which MindSpore leaves unchanged); CBC pads with PKCS#7.
_MAGIC = {"AES-GCM": 0x7F3A5ED8, "AES-CBC": 0x7F3A5ED9, "SM4-CBC": 0x7F3A5EDA}
_KEY_LENGTHS = {"AES-GCM": (16, 24, 32), "AES-CBC": (16, 24, 32), "SM4-CBC": (16,)}
MODES = tuple(_MAGIC)
BLOCK_SIZE = 64 * 1024 * 1024
_IV_LENGTH = 16
_GCM_NONCE = 12
_TAG = 16
_INT = struct.Struct("<i")


def check(key, mode, who, key_arg="enc_key", mode_arg="enc_mode"):
    """Check a key and a mode before anything is read or written (TypeError / ValueError).

    Example:
        >>> check(bytes(16), "AES-GCM", "save_checkpoint")
        >>> check(bytes(5), "AES-GCM", "save_checkpoint")
        Traceback (most recent call last):
        ...
        ValueError: save_checkpoint: `enc_key` must be 16, 24 or 32 bytes long for AES-GCM, got 5
    """
    if not isinstance(key, bytes):
        raise TypeError(f"{who}: `{key_arg}` must be bytes, got {type(key).__name__}")
    if mode not in _MAGIC:
        raise ValueError(f"{who}: `{mode_arg}` must be one of {MODES}, got {mode!r}")
    lengths = _KEY_LENGTHS[mode]
    if len(key) not in lengths:
        allowed = " or ".join(", ".join(map(str, lengths)).rsplit(", ", 1))
        raise ValueError(
            f"{who}: `{key_arg}` must be {allowed} bytes long for {mode}, got {len(key)}"
        )


def _cipher(key, mode, iv, tag=None):
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

    if mode == "AES-GCM":
        return Cipher(algorithms.AES(key), modes.GCM(iv[:_GCM_NONCE], tag))
    algorithm = algorithms.SM4(key) if mode == "SM4-CBC" else algorithms.AES(key)
    return Cipher(algorithm, modes.CBC(iv))


def _encrypt_block(plain, key, mode):
    from cryptography.hazmat.primitives import padding
    from cryptography.hazmat.primitives.ciphers import AEADEncryptionContext

    iv = os.urandom(_IV_LENGTH)
    encryptor = _cipher(key, mode, iv).encryptor()
    if mode != "AES-GCM":
        padder = padding.PKCS7(128).padder()
        plain = padder.update(plain) + padder.finalize()
    cipher = encryptor.update(plain) + encryptor.finalize()
    body = _INT.pack(_IV_LENGTH) + iv + _INT.pack(len(cipher)) + cipher
    # a GCM cipher's encryptor is an AEAD context (the one with a tag); `_cipher` returns
    # either mode's cipher, so the checker sees only the common context type
    tag = cast(AEADEncryptionContext, encryptor).tag if mode == "AES-GCM" else b""
    return _INT.pack(_MAGIC[mode]) + tag + _INT.pack(len(body)) + body


def encrypt(plain, key, mode="AES-GCM"):
    """`plain` (bytes) as MindSpore's cipher file holds it.

    Example:
        >>> key = bytes(range(16))
        >>> decrypt(encrypt(b"weights", key), key)
        b'weights'
    """
    view = memoryview(plain)
    return b"".join(
        _encrypt_block(bytes(view[at : at + BLOCK_SIZE]), key, mode)
        for at in range(0, max(len(view), 1), BLOCK_SIZE)
    )


def is_cipher(data):
    """Whether `data` (bytes) starts as a MindSpore cipher file (any mode).

    Example:
        >>> is_cipher(encrypt(b"x", bytes(16), "AES-CBC")), is_cipher(b"plain bytes")
        (True, False)
    """
    return len(data) >= 4 and _INT.unpack_from(data)[0] in _MAGIC.values()


def decrypt(data, key, mode="AES-GCM", trailer=b""):
    """The plain bytes of MindSpore cipher-file `data`; ValueError when the key or mode is
    wrong or the data is not such a file. Bytes after the last block that start with
    `trailer` (MindSpore appends its checkpoint CRC unencrypted) are returned as they are.

    Example:
        >>> key = bytes(range(24))
        >>> decrypt(encrypt(b"abc" * 3, key, "AES-CBC"), key, "AES-CBC")
        b'abcabcabc'
    """
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives import padding

    view, at, out = memoryview(data), 0, []
    while at < len(view):
        if trailer and bytes(view[at : at + len(trailer)]) == trailer:
            out.append(bytes(view[at:]))
            break
        try:
            magic = _INT.unpack_from(view, at)[0]
            if magic != _MAGIC[mode]:
                raise ValueError("not a block of this mode")
            at += 4
            tag = bytes(view[at : at + _TAG]) if mode == "AES-GCM" else None
            at += _TAG if tag else 0
            (body_length,) = _INT.unpack_from(view, at)
            body = view[at + 4 : at + 4 + body_length]
            at += 4 + body_length
            (iv_length,) = _INT.unpack_from(body)
            iv = bytes(body[4 : 4 + iv_length])
            (cipher_length,) = _INT.unpack_from(body, 4 + iv_length)
            cipher = bytes(body[8 + iv_length : 8 + iv_length + cipher_length])
            if len(cipher) != cipher_length or iv_length != _IV_LENGTH:
                raise ValueError("truncated block")
            decryptor = _cipher(key, mode, iv, tag).decryptor()
            plain = decryptor.update(cipher) + decryptor.finalize()
            if mode != "AES-GCM":
                unpadder = padding.PKCS7(128).unpadder()
                plain = unpadder.update(plain) + unpadder.finalize()
        except (struct.error, InvalidTag, ValueError) as error:
            reason = str(error) or "the key or the data is wrong"
            raise ValueError(
                f"the data cannot be decrypted with this key and mode {mode!r} ({reason})"
            ) from None
        out.append(plain)
    return b"".join(out)
