"""Shared by emv_vectors.py and emv_peer.py: the JSON shape the Swift tests read, and
ISO 9564 format 4 PIN blocks through psec.

A TLV list is a JSON array, in order, of
    {"tag": "9F02", "value": "000000001234"}    a primitive object, value in hex
    {"tag": "70", "children": [ ... ]}          a constructed object (template)
pyemv uses nested dicts instead (tag -> bytes, or tag -> dict for templates), which
cannot hold the same tag twice at one level; the fixtures never do that.

pyemv 1.5.0 has no ISO 9564 format 4 PIN block, so PIN blocks come from psec, the
sibling library by the same author (pip install psec).
"""

import contextlib


def from_pyemv(decoded):
    """pyemv.tlv.decode() output -> the JSON list shape."""
    items = []
    for tag, value in decoded.items():
        if isinstance(value, dict):
            items.append({"tag": tag, "children": from_pyemv(value)})
        else:
            items.append({"tag": tag, "value": bytes(value).hex().upper()})
    return items


def to_pyemv(items):
    """The JSON list shape -> the dict pyemv.tlv.encode() takes."""
    encoded = {}
    for item in items:
        tag = item["tag"].upper()
        if tag in encoded:
            raise ValueError(f"tag {tag} appears twice at one level; pyemv cannot hold that")
        if "children" in item:
            encoded[tag] = to_pyemv(item["children"])
        else:
            encoded[tag] = bytes.fromhex(item["value"])
    return encoded


@contextlib.contextmanager
def _fixed_fill(fill):
    """Makes psec use `fill` as the 8 random bytes of the next PIN field."""
    import psec.pinblock

    original = psec.pinblock._urandom

    def urandom(count):
        if count != len(fill):
            raise ValueError(f"psec asked for {count} random bytes, fixture has {len(fill)}")
        return fill

    psec.pinblock._urandom = urandom
    try:
        yield
    finally:
        psec.pinblock._urandom = original


def encipher_iso4(key, pin, pan, fill=None):
    """psec's format 4 PIN block; `fill` (8 bytes) replaces the random fill when given."""
    import psec.pinblock

    if fill is None:
        return psec.pinblock.encipher_pinblock_iso_4(key, pin, pan)
    with _fixed_fill(fill):
        return psec.pinblock.encipher_pinblock_iso_4(key, pin, pan)


def decipher_iso4(key, block, pan):
    """The PIN psec finds in a format 4 PIN block (raises ValueError if malformed)."""
    import psec.pinblock

    return psec.pinblock.decipher_pinblock_iso_4(key, block, pan)


def encipher_field_iso4(key, pin_field, pan):
    """Enciphers any 16-byte plaintext PIN field, well-formed or not, the format 4 way
    with psec's building blocks: E(K, E(K, PIN field) XOR PAN field)."""
    from psec import aes, pinblock, tools

    pan_field = pinblock.encode_pan_field_iso_4(pan)
    return aes.encrypt_aes_ecb(key, tools.xor(aes.encrypt_aes_ecb(key, pin_field), pan_field))
