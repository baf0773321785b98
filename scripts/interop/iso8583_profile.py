"""Tapline's ISO 8583 profile for pyiso8583, shared by iso8583_vectors.py and
iso8583_peer.py (and, later, the test acquirer host).

The rows mirror Sources/ProcessingISO8583/ISO8583FieldTable+Tapline.swift; the vector
tests compare the two, so a change to one without the other fails. The profile is
"ASCII with a binary bitmap": MTI and text fields in ASCII, length prefixes as ASCII
digits, bitmaps and b fields as raw bytes (pyiso8583's `default` spec has the same
layout; its `default_ascii` writes bitmaps and b fields as hex text instead).

This spec is explicit rather than a copy of pyiso8583's defaults, whose maxima differ
from Tapline's for fields 54 (240) and, in default_ascii, 52, 55 and 128 (hex text).

Messages in JSON are {"mti": "0200", "fields": {"2": "...", "52": "HEX", ...}}: text
fields as their text, b fields as uppercase hex, as pyiso8583 itself represents them.
"""

# (number, name, format, length type, max length) -- format is ISO 8583's n, an, ans,
# b or z; length type is "fixed", "LLVAR", "LLLVAR" or "LLLLVAR".
TABLE = [
    (2, "Primary account number", "n", "LLVAR", 19),
    (3, "Processing code", "n", "fixed", 6),
    (4, "Amount, transaction", "n", "fixed", 12),
    (7, "Transmission date and time", "n", "fixed", 10),
    (11, "Systems trace audit number", "n", "fixed", 6),
    (12, "Time, local transaction", "n", "fixed", 6),
    (13, "Date, local transaction", "n", "fixed", 4),
    (14, "Date, expiration", "n", "fixed", 4),
    (18, "Merchant type", "n", "fixed", 4),
    (22, "Point of service entry mode", "n", "fixed", 3),
    (23, "Card sequence number", "n", "fixed", 3),
    (25, "Point of service condition code", "n", "fixed", 2),
    (32, "Acquiring institution identification code", "n", "LLVAR", 11),
    (35, "Track 2 data", "z", "LLVAR", 37),
    (37, "Retrieval reference number", "an", "fixed", 12),
    (38, "Authorization identification response", "an", "fixed", 6),
    (39, "Response code", "an", "fixed", 2),
    (41, "Card acceptor terminal identification", "ans", "fixed", 8),
    (42, "Card acceptor identification code", "ans", "fixed", 15),
    (43, "Card acceptor name/location", "ans", "fixed", 40),
    (49, "Currency code, transaction", "n", "fixed", 3),
    (52, "Personal identification number data", "b", "fixed", 8),
    (54, "Additional amounts", "an", "LLLVAR", 120),
    (55, "Integrated circuit card system related data", "b", "LLLVAR", 255),
    (60, "Reserved national", "ans", "LLLVAR", 999),
    (62, "Reserved private", "ans", "LLLVAR", 999),
    (63, "Reserved private", "ans", "LLLVAR", 999),
    (64, "Message authentication code", "b", "fixed", 8),
    (70, "Network management information code", "n", "fixed", 3),
    (90, "Original data elements", "n", "fixed", 42),
    (95, "Replacement amounts", "an", "fixed", 42),
    (120, "Reserved private", "ans", "LLLLVAR", 9999),
    (121, "Reserved private", "ans", "LLLLVAR", 9999),
    (125, "Reserved private", "ans", "LLLVAR", 999),
    (128, "Message authentication code", "b", "fixed", 8),
]

LENGTH_DIGITS = {"fixed": 0, "LLVAR": 2, "LLLVAR": 3, "LLLLVAR": 4}


def _row(data_enc, len_type, max_len, desc):
    return {"data_enc": data_enc, "len_enc": "ascii", "len_type": len_type, "max_len": max_len, "desc": desc}


def pyiso8583_spec():
    """The spec dict pyiso8583.encode/decode take."""
    spec = {
        "h": _row("ascii", 0, 0, "Message Header"),  # no header
        "t": _row("ascii", 0, 4, "Message Type"),
        "p": _row("b", 0, 8, "Bitmap, Primary"),
        "1": _row("b", 0, 8, "Bitmap, Secondary"),
    }
    for number, name, data_format, length_type, max_length in TABLE:
        data_enc = "b" if data_format == "b" else "ascii"
        spec[str(number)] = _row(data_enc, LENGTH_DIGITS[length_type], max_length, name)
    return spec


SPEC = pyiso8583_spec()


def to_pyiso8583(message):
    """{"mti", "fields"} -> the dict pyiso8583.encode takes (a new one: encode adds keys)."""
    document = {"t": message["mti"]}
    document.update({str(number): value for number, value in message["fields"].items()})
    return document


def from_pyiso8583(document):
    """pyiso8583.decode output -> {"mti", "fields"}, bitmaps dropped."""
    fields = {key: value for key, value in document.items() if key.isdigit() and key != "1"}
    return {"mti": document["t"], "fields": fields}


def table_json():
    """The table as the vector file records it, for the Swift side to compare."""
    return [
        {"field": number, "name": name, "format": data_format, "length": length_type, "max": max_length}
        for number, name, data_format, length_type, max_length in TABLE
    ]
