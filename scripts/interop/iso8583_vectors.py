#!/usr/bin/env python3
"""Writes Tests/ProcessingISO8583Tests/Fixtures/iso8583_vectors.json: ISO 8583 messages
encoded by pyiso8583 under Tapline's profile (iso8583_profile.py), for the byte-exact
tests in Tests/ProcessingISO8583Tests/ISO8583VectorTests.swift. The file also records the
field table the script used, which the Swift tests compare with their own.

Usage: python3 scripts/interop/iso8583_vectors.py   (needs: pip install pyiso8583)

Everything is fixed test data (test PANs, made-up ids), so re-running gives the same file
unless pyiso8583 changes behaviour. Each vector is decoded again by pyiso8583 before it
is written, so a vector pyiso8583 cannot read back never reaches the fixtures.
"""

import json
import pathlib
from importlib.metadata import version

import iso8583

import iso8583_profile

OUTPUT = pathlib.Path(__file__).resolve().parents[2] / "Tests/ProcessingISO8583Tests/Fixtures/iso8583_vectors.json"


def tlv(tag, value_hex):
    """One short-form BER-TLV object as hex (values here are all under 128 bytes)."""
    length = len(value_hex) // 2
    assert length < 128
    return f"{tag}{length:02X}{value_hex}"


# A contactless Visa read's chip data as the gateway would forward it in field 55.
ICC_DATA = "".join(
    [
        tlv("9F26", "1A2B3C4D5E6F7081"),  # application cryptogram
        tlv("9F27", "80"),  # cryptogram information data (ARQC)
        tlv("9F36", "0042"),  # application transaction counter
        tlv("95", "0000008000"),  # terminal verification results
        tlv("9F10", "06010A03A00000"),  # issuer application data
        tlv("9F37", "9B1D4C7E"),  # unpredictable number
        tlv("9F02", "000000002500"),  # amount, authorised
        tlv("9F03", "000000000000"),  # amount, other
        tlv("9F1A", "0840"),  # terminal country code
        tlv("5F2A", "0840"),  # transaction currency code
        tlv("9A", "251123"),  # transaction date
        tlv("9C", "00"),  # transaction type
        tlv("82", "2000"),  # application interchange profile
        tlv("9F34", "420300"),  # CVM results (online PIN)
    ]
)

NAME_LOCATION = "TAPLINE TEST SHOP".ljust(23) + "SAN FRANCISCO".ljust(13) + "CAUS"
assert len(NAME_LOCATION) == 40

VECTORS = [
    (
        "authorization_0100_keyed",
        "0100",
        {
            "2": "4242424242424242",
            "3": "000000",
            "4": "000000001000",
            "7": "1123165430",
            "11": "000042",
            "12": "085430",
            "13": "1123",
            "14": "2712",
            "18": "5999",
            "22": "010",
            "25": "59",
            "32": "123456",
            "41": "TERM0001",
            "42": "MERCHANT0000001",
            "43": NAME_LOCATION,
            "49": "840",
        },
    ),
    (
        "sale_0200_contactless_pin_icc",
        "0200",
        {
            "2": "4761739001010010",
            "3": "000000",
            "4": "000000002500",
            "7": "1123165501",
            "11": "000043",
            "12": "085501",
            "13": "1123",
            "14": "2212",
            "18": "5812",
            "22": "071",
            "23": "001",
            "25": "00",
            "32": "123456",
            "35": "4761739001010010=22122011143804400000",
            "41": "TERM0001",
            "42": "MERCHANT0000001",
            "43": NAME_LOCATION,
            "49": "840",
            "52": "0412AC89ABCDEF67",
            "55": ICC_DATA,
        },
    ),
    (
        "authorization_response_0110_approved",
        "0110",
        {
            "3": "000000",
            "4": "000000001000",
            "7": "1123165431",
            "11": "000042",
            "37": "532716000042",
            "38": "A1B2C3",
            "39": "00",
            "41": "TERM0001",
            "42": "MERCHANT0000001",
            "49": "840",
        },
    ),
    (
        "reversal_0400_partial_secondary_bitmap",
        "0400",
        {
            "2": "4242424242424242",
            "3": "000000",
            "4": "000000001000",
            "7": "1123170000",
            "11": "000044",
            "22": "010",
            "25": "00",
            "37": "532716000042",
            "41": "TERM0001",
            "42": "MERCHANT0000001",
            "49": "840",
            # Original MTI, STAN, transmission date and time, acquirer id, forwarding id.
            "90": "0100" + "000042" + "1123165430" + "00000123456" + "00000000000",
            # Actual amount after the reversal, settlement amount, two fees with C/D signs.
            "95": "000000000600" + "000000000000" + "C00000000" + "C00000000",
        },
    ),
    (
        "sign_on_0800",
        "0800",
        {"7": "1123160000", "11": "000001", "41": "TERM0001", "70": "001"},
    ),
    (
        "sign_on_response_0810",
        "0810",
        {"7": "1123160000", "11": "000001", "39": "00", "41": "TERM0001", "70": "001"},
    ),
    (
        "reconciliation_0500_totals_mac",
        "0500",
        {
            "7": "1123230000",
            "11": "000045",
            "41": "TERM0001",
            "42": "MERCHANT0000001",
            "49": "840",
            "54": "0040840C000000004500" + "0020840D000000001000",
            "63": "SALES=0003/000000004500;REFUNDS=0001/000000001000",
            "128": "8D2E4F10A3B5C7D9",
        },
    ),
    (
        "completion_0220_length_limits",
        "0220",
        {
            "2": "6011000990139424123",  # 19 digits, the LLVAR maximum
            "3": "000000",
            "4": "000000003000",
            "11": "000046",
            "32": "12345678901",  # 11 digits, the maximum
            "37": "532716000043",
            "38": "ZX9Y8W",
            "41": "TERM0001",
            "42": "MERCHANT0000001",
            "49": "978",
            "54": ("0040978C000000000500" * 6),  # 120 characters, the maximum
            "60": "",  # an empty LLLVAR field: length "000"
            "62": "".join(chr(0x20 + index % 95) for index in range(999)),  # every printable character, 999 long
        },
    ),
    (
        "sale_0200_sealed_card_data_passed_through",
        "0200",
        {
            "3": "000000",
            "4": "000000002500",
            "7": "1123180102",
            "11": "000047",
            "12": "180102",
            "13": "1123",
            "22": "071",
            "25": "00",
            "41": "TERM0001",
            "42": "MERCHANT0000001",
            "49": "840",
            "120": "ZXlK" + "QUJDRGVm" * 1249,  # 9996 characters of base64: four digits of length
            "121": "MI0011merchant-01DI0008iPhone-7PT0016pin-token-123456",
        },
    ),
]


def build(name, mti, fields):
    message = {"mti": mti, "fields": fields}
    data, _ = iso8583.encode(iso8583_profile.to_pyiso8583(message), iso8583_profile.SPEC)
    document, _ = iso8583.decode(bytes(data), iso8583_profile.SPEC)
    if iso8583_profile.from_pyiso8583(document) != message:
        raise SystemExit(f"{name}: pyiso8583 does not read back what it wrote")
    return {"name": name, "mti": mti, "fields": fields, "hex": bytes(data).hex().upper()}


def main():
    document = {
        "pyiso8583": version("pyiso8583"),
        "table": iso8583_profile.table_json(),
        "vectors": [build(*vector) for vector in VECTORS],
    }
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(json.dumps(document, indent=2) + "\n")
    print(f"wrote {OUTPUT.relative_to(OUTPUT.parents[3])}")


if __name__ == "__main__":
    main()
