"""PIN translation for the sample decryption service (decryption_service.py), as a provider's
HSM does it: the reader's ISO 9564 format 4 block (tag DF8104, AES under a key derived from the
JWE's content key) is deciphered and the same PIN enciphered as an ISO 9564 format 0 block under
the triple-DES PIN key the service shares with the gateway. The PIN exists only inside
`translate`; nothing here prints or records it. Needs `psec` and `cryptography`.
"""
import sys

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF


class Untranslatable(Exception):
    """A PIN read the service cannot translate (answered 422)."""


PIN_BLOCK_TAG = 0xDF8104
PAN_TAG = 0x5A


def tlv_elements(data):
    """(tag, start, value start, end) of each top-level BER-TLV element of `data`."""
    elements, index = [], 0
    try:
        while index < len(data):
            start, tag = index, data[index]
            index += 1
            if tag & 0x1F == 0x1F:   # a multi-byte tag: more bytes while bit 8 is set
                while True:
                    tag = tag << 8 | data[index]
                    index += 1
                    if not tag & 0x80:
                        break
            length = data[index]
            index += 1
            if length & 0x80:
                count = length & 0x7F
                length = int.from_bytes(data[index:index + count], "big")
                index += count
            if index + length > len(data):
                raise Untranslatable()
            elements.append((tag, start, index, index + length))
            index += length
    except IndexError:
        raise Untranslatable()
    return elements


def reader_pin_key(content_key):
    """The AES-128 key the reader enciphered its PIN block under, as Tapline derives it
    (CompactJWE.pinKey): HKDF-SHA256 of the JWE's content key, empty salt, info
    "tapline pin block v1"."""
    return HKDF(algorithm=hashes.SHA256(), length=16, salt=b"", info=b"tapline pin block v1").derive(content_key)


def translate(plaintext, content_key, pin_key):
    """(the TLV without DF8104, the format 0 block in hex) for a read with a PIN block;
    (the TLV, None) for one without. The PIN lives only inside this call."""
    elements = tlv_elements(plaintext)
    blocks = [plaintext[value:end] for tag, _, value, end in elements if tag == PIN_BLOCK_TAG]
    if not blocks:
        return plaintext, None
    # Only a read with a PIN needs psec: a service without it still opens every other read.
    import psec.des
    import psec.pinblock

    pans = [plaintext[value:end].hex().upper().rstrip("F") for tag, _, value, end in elements if tag == PAN_TAG]
    if pin_key is None or len(blocks) != 1 or len(pans) != 1:
        raise Untranslatable()   # no key to translate under, or not one PIN block for one card
    try:
        pin = psec.pinblock.decipher_pinblock_iso_4(reader_pin_key(content_key), blocks[0], pans[0])
        block = psec.des.encrypt_tdes_ecb(pin_key, psec.pinblock.encode_pinblock_iso_0(pin, pans[0]))
    except ValueError:
        raise Untranslatable()   # the reader's block does not open: nothing the service can answer
    stripped = b"".join(plaintext[start:end] for tag, start, _, end in elements if tag != PIN_BLOCK_TAG)
    return stripped, block.hex().upper()


def key_file(path):
    """The PIN key shared with the gateway: 32 or 48 hex digits in a file."""
    try:
        with open(path) as file:
            key = bytes.fromhex(file.read().strip())
    except (OSError, ValueError):
        sys.exit(f"--pin-key {path}: cannot read a hex key from it")
    if len(key) not in (16, 24):
        sys.exit(f"--pin-key {path} must hold 32 or 48 hex digits (a double- or triple-length triple-DES key)")
    import psec.pinblock  # noqa: F401  (fails now, not at the first PIN, when psec is missing)
    return key
