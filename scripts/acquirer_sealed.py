"""The acquirer's side of `tapline serve --card-data pass-through` for the test host
(scripts/acquirer_host.py --card-keys FILE): opens the reader's sealed card data in field 120
and checks it against the request, as docs/iso8583.md ("Sealed card data") asks of an acquirer
that decrypts card data itself.

Tapline's simulated reader seals to the gateway's own card-data key, so the host is given that
gateway's key file and opens the JWE as the sample decryption service does
(samples/decryption_service.py); a real acquirer opens Apple's format with its own keys.

Checks, each a refusal with its response code:
  - 88: the data do not open (not Tapline's JWE, unknown key, tampered);
  - 58: the read was made under another merchant's or device's reader token than field 121's
    MI and DI name, is older than 60 s (or dated more than 5 s ahead), or (a PIN try) carries
    another PIN token than 121's PT;
  - 13: 9F02/5F2A differ from fields 4 and 49; 12: 9C (purchase or refund) differs from 3;
  - 54: the card expired (5F24).
A PIN try's PIN is the sealed data's format 4 block (DF8104), deciphered as the sample decryption
service does (samples/pin_translation.py); `pin_of` gives it to the host's PIN step.
"""
import datetime
import os
import sys

from pyemv import tlv as emv_tlv

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "samples"))
import decryption_service  # noqa: E402
import pin_translation  # noqa: E402

MAX_AGE_SECONDS = 60


class SealedRefusal(Exception):
    def __init__(self, code, reason):
        super().__init__(reason)
        self.code = code
        self.reason = reason


def context_elements(text):
    """Field 121: two-letter tag, four digits of length, value; repeated."""
    elements, position = {}, 0
    while position < len(text):
        tag, digits = text[position:position + 2], text[position + 2:position + 6]
        if len(tag) != 2 or not digits.isdigit():
            raise SealedRefusal("30", "field 121 is not tag, 4-digit length, value")
        end = position + 6 + int(digits)
        if end > len(text):
            raise SealedRefusal("30", "field 121 element runs past the field")
        elements[tag] = text[position + 6:end]
        position = end
    return elements


def open_sealed(fields, key_file, now=None):
    """(pan, expiry YYMM, the opened TLV as a dict, the JWE's content key) of the request's
    field 120, after the checks above. `fields` is the decoded request."""
    context = context_elements(fields.get("121", ""))
    if "MI" not in context or "DI" not in context:
        raise SealedRefusal("30", "field 121 lacks MI or DI")
    try:
        plaintext, merchant, device, content_key = decryption_service.open_card_data(
            fields["120"], decryption_service.card_keys(key_file))
        tags = emv_tlv.decode(plaintext)
    except decryption_service.Refused:
        raise SealedRefusal("88", "the sealed card data do not open")
    except Exception as error:  # a TLV that does not parse, a key file that does not read
        raise SealedRefusal("88", f"the sealed card data do not read: {type(error).__name__}")
    if (merchant, device) != (context["MI"], context["DI"]):
        raise SealedRefusal("58", "read under another merchant's or device's reader token")
    read_at = int.from_bytes(tags.get("DF8102", b""), "big") / 1000
    age = (now or datetime.datetime.now(datetime.timezone.utc).timestamp()) - read_at
    if not -5 <= age <= MAX_AGE_SECONDS:
        raise SealedRefusal("58", f"read {int(age)} s ago")
    if "PT" in context and tags.get("DF8105", b"").decode("ascii", "replace") != context["PT"]:
        raise SealedRefusal("58", "the PIN was entered under another PIN token")
    if "9F02" in tags and int(tags["9F02"].hex()) != int(fields.get("4", "0")):
        raise SealedRefusal("13", "read for another amount")
    if "5F2A" in tags and tags["5F2A"].hex()[-3:] != fields.get("49"):
        raise SealedRefusal("13", "read for another currency")
    if "9C" in tags and tags["9C"].hex() != ("20" if fields.get("3", "")[:2] == "20" else "00"):
        raise SealedRefusal("12", "read for another kind of transaction")
    pan = tags.get("5A", b"").hex().upper().rstrip("F")
    expiry = tags.get("5F24", b"").hex()
    if len(expiry) != 6 or not expiry.isdigit():
        raise SealedRefusal("30", "the read has no expiry (5F24)")
    today = datetime.date.today()
    if (2000 + int(expiry[:2]), int(expiry[2:4])) < (today.year, today.month):
        raise SealedRefusal("54", "the card expired")
    return pan, expiry[:4], tags, content_key


def pin_of(sealed):
    """The PIN in an opened read's format 4 block, None when it carries none; ValueError when
    the block does not decipher."""
    from psec import pinblock

    pan, _, tags, content_key = sealed
    if "DF8104" not in tags:
        return None
    return pinblock.decipher_pinblock_iso_4(pin_translation.reader_pin_key(content_key), tags["DF8104"], pan)
