#!/usr/bin/env python3
"""Writes Tests/CardDataTests/Fixtures/emv_vectors.json: EMV TLV and ISO 9564 format 4
PIN block vectors produced by independent implementations, pyemv (TLV) and psec (PIN
blocks), for the Swift tests in Tests/CardDataTests/EMVVectorTests.swift.

Usage: python3 scripts/interop/emv_vectors.py   (needs: pip install pyemv psec)

Everything is deterministic: "random" bytes come from SHA-256 of a label, so re-running
gives the same file unless pyemv or psec change behaviour. All card data is test data.
"""

import hashlib
import json
import pathlib
from importlib.metadata import version

import pyemv.tlv

import emv_common

OUTPUT = pathlib.Path(__file__).resolve().parents[2] / "Tests/CardDataTests/Fixtures/emv_vectors.json"


def filler(label, count):
    """`count` deterministic pseudo-random bytes named by `label`."""
    out = b""
    counter = 0
    while len(out) < count:
        out += hashlib.sha256(f"{label}/{counter}".encode()).digest()
        counter += 1
    return out[:count]


def ascii(text):
    return text.encode("ascii")


# Realistic records, as pyemv dicts (tag -> bytes, or tag -> dict for templates).
TLV_RECORDS = {
    # Visa qVSDC GET PROCESSING OPTIONS answer, format 2.
    "gpo_response_format2": {
        "77": {
            "82": bytes.fromhex("2000"),
            "57": bytes.fromhex("4761739001010010D22122011143804400000F"),
            "5F34": bytes.fromhex("01"),
            "9F10": bytes.fromhex("06010A03A00000"),
            "9F26": filler("9F26", 8),
            "9F27": bytes.fromhex("80"),
            "9F36": bytes.fromhex("0042"),
            "9F6C": bytes.fromhex("0080"),
            "9F6E": bytes.fromhex("20700000"),
        }
    },
    # READ RECORD answer with the PAN, expiry and cardholder name.
    "read_record": {
        "70": {
            "5A": bytes.fromhex("5413330089600010"),
            "5F24": bytes.fromhex("251231"),
            "5F20": ascii("CARDHOLDER/TEST"),
            "5F28": bytes.fromhex("0840"),
            "5F34": bytes.fromhex("00"),
            "9F07": bytes.fromhex("FF00"),
        }
    },
    # SELECT 2PAY.SYS.DDF01 answer: five levels deep, two-byte template tag BF0C.
    "select_ppse_fci": {
        "6F": {
            "84": ascii("2PAY.SYS.DDF01"),
            "A5": {
                "BF0C": {
                    "61": {
                        "4F": bytes.fromhex("A0000000031010"),
                        "50": ascii("VISA CREDIT"),
                        "87": bytes.fromhex("01"),
                    }
                }
            },
        }
    },
    # A reader's payload: Tapline's E1 template with three- and four-byte private tags
    # and nested 77 and 70 templates.
    "tapline_read": {
        "E1": {
            "DF8101": ascii("rd_01JH6Q4ZK3"),
            "DF8102": (1767225600123).to_bytes(8, "big"),
            "DF8103": ascii("rdr_7F3A"),
            "DF8106": ascii("476173******0010"),
            "DF8107": ascii("visa"),
            "DF8108": ascii("credit"),
            "DF8104": filler("DF8104", 16),
            "DF8105": b"",
            "DF818101": bytes.fromhex("01"),
            "77": {
                "9F26": filler("tapline 9F26", 8),
                "9F27": bytes.fromhex("80"),
                "9F36": bytes.fromhex("0007"),
                "9F10": filler("tapline 9F10", 32),
            },
            "70": {
                "5A": bytes.fromhex("4761739001010010"),
                "5F24": bytes.fromhex("301231"),
            },
        }
    },
    # Terminal data for a purchase, flat at the top level; 9F03 is zero, 9F7C empty.
    "terminal_transaction_data": {
        "9F02": bytes.fromhex("000000001234"),
        "9F03": bytes.fromhex("000000000000"),
        "5F2A": bytes.fromhex("0978"),
        "9A": bytes.fromhex("260115"),
        "9F21": bytes.fromhex("134501"),
        "9C": bytes.fromhex("00"),
        "9F37": filler("9F37", 4),
        "95": bytes.fromhex("0000008000"),
        "9B": bytes.fromhex("E800"),
        "9F1A": bytes.fromhex("0250"),
        "9F33": bytes.fromhex("E0F8C8"),
        "9F35": bytes.fromhex("22"),
        "9F34": bytes.fromhex("1F0302"),
        "8A": ascii("00"),
        "9F7C": b"",
    },
    # Issuer public key certificate record: 176-byte value and 221-byte template, both
    # with 0x81 lengths.
    "long_form_81": {
        "70": {
            "90": filler("90", 176),
            "9F32": bytes.fromhex("03"),
            "92": filler("92", 36),
        }
    },
    # ICC public key record (template of 300 bytes) and signed dynamic data of 300
    # bytes, both with 0x82 lengths.
    "long_form_82": {
        "70": {
            "9F46": filler("9F46", 248),
            "9F47": bytes.fromhex("03"),
            "9F48": filler("9F48", 42),
        },
        "9F4B": filler("9F4B", 300),
    },
    # Mastercard kernel Data Record: a constructed private tag starting with 0xFF.
    "mastercard_data_record": {
        "FF8105": {
            "9F02": bytes.fromhex("000000002500"),
            "9F26": filler("FF8105 9F26", 8),
            "5A": bytes.fromhex("5413330089600010"),
        },
    },
}

# (name, key, PIN, PAN, fill label). PANs of 11, 12, 16 and 19 digits exercise the PAN
# length nibble and the left padding; keys are AES-128, -192 and -256.
PIN_CASES = [
    ("aes128_pin4_pan16", bytes.fromhex("00112233445566778899AABBCCDDEEFF"), "1234", "1234567890123456"),
    ("aes256_pin12_pan19", filler("key 256", 32), "123456789012", "4761739001010010123"),
    ("aes192_pin6_pan12", filler("key 192", 24), "902718", "123456789012"),
    ("aes128_pin5_pan11", filler("key 128", 16), "55555", "12345678901"),
    ("aes256_pin0000_pan13", filler("key 256 b", 32), "0000", "5413330089601"),
]

# psec's own documented example; its fill is unknown, so it is checked by deciphering only.
PSEC_DOC_VECTOR = {
    "name": "psec_docstring_decipher_only",
    "key": "00112233445566778899AABBCCDDEEFF",
    "pin": "1234",
    "pan": "1234567890123456",
    "fill": None,
    "block": "E4BE5B623AF7E006AC319E5B93544564",
}


# (name, first 8 bytes of the plaintext PIN field, the error Swift must report). Each is
# enciphered properly, so only the field inside is wrong; psec must refuse them too.
MALFORMED_PIN_FIELDS = [
    ("control_nibble_3", "341234FFFFFFFFFF", "notFormat4(3)"),
    ("control_nibble_0", "041234FFFFFFFFFF", "notFormat4(0)"),
    ("pin_length_3", "43123AAAAAAAAAAA", "invalidPINLength"),
    ("pin_length_13", "4D1234567890123A", "invalidPINLength"),
    ("non_decimal_digit", "4412B4AAAAAAAAAA", "invalidPINDigit"),
    ("fill_not_a", "441234AAAAAAAAA0", "invalidFill"),
    ("format_0_style_fill", "441234FFFFFFFFFF", "invalidFill"),
]


def tlv_vectors():
    vectors = []
    for name, record in TLV_RECORDS.items():
        encoded = pyemv.tlv.encode(record)
        decoded = pyemv.tlv.decode(encoded)
        assert decoded == record, f"{name}: pyemv does not round-trip its own encoding"
        vectors.append({"name": name, "hex": encoded.hex().upper(), "items": emv_common.from_pyemv(decoded)})
    return vectors


def pin_vectors():
    vectors = []
    for name, key, pin, pan in PIN_CASES:
        fill = filler(f"fill {name}", 8)
        block = emv_common.encipher_iso4(key, pin, pan, fill)
        assert emv_common.decipher_iso4(key, block, pan) == pin, f"{name}: psec does not round-trip"
        vectors.append({
            "name": name, "key": key.hex().upper(), "pin": pin, "pan": pan,
            "fill": fill.hex().upper(), "block": block.hex().upper(),
        })
    doc = PSEC_DOC_VECTOR
    assert emv_common.decipher_iso4(bytes.fromhex(doc["key"]), bytes.fromhex(doc["block"]), doc["pan"]) == doc["pin"]
    vectors.append(doc)
    return vectors


def malformed_pin_vectors():
    key = bytes.fromhex("00112233445566778899AABBCCDDEEFF")
    pan = "4761739001010010"
    vectors = []
    for name, field_start, error in MALFORMED_PIN_FIELDS:
        pin_field = bytes.fromhex(field_start) + filler(f"malformed fill {name}", 8)
        block = emv_common.encipher_field_iso4(key, pin_field, pan)
        try:
            emv_common.decipher_iso4(key, block, pan)
        except ValueError:
            pass
        else:
            raise AssertionError(f"{name}: psec accepts a malformed PIN field")
        vectors.append({"name": name, "key": key.hex().upper(), "pan": pan, "block": block.hex().upper(), "error": error})
    return vectors


def main():
    document = {
        "generator": "scripts/interop/emv_vectors.py",
        "pyemv": version("pyemv"),
        "psec": version("psec"),
        "tlv": tlv_vectors(),
        "pinblock_iso4": pin_vectors(),
        "pinblock_iso4_malformed": malformed_pin_vectors(),
    }
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(json.dumps(document, indent=2) + "\n")
    print(f"wrote {OUTPUT.relative_to(OUTPUT.parents[3])}")


if __name__ == "__main__":
    main()
