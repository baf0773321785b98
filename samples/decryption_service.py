#!/usr/bin/env python3
"""A sample of the payment service provider's card-data decryption service, for
`tapline serve --card-data remote` (docs/ios.md, "Card data").

    python3 samples/decryption_service.py --cert service.pem --key service-key.pem \\
        [--client-ca ca.pem] --keys tapline-keys.json [--pin-key pin-key.hex] [--port 0] [--journal FILE] [--fault MODE]

The gateway POSTs {"paymentCardData", "generalCardData", "merchantId", "deviceId", "amount"?,
"currency"?}; the service answers 200 {"cardData": base64 of the EMV TLV, "merchantId",
"deviceId", "pinBlock"?} with the merchant and device the data was read for, or 422 when the
data is not card data it can open.

A read with a PIN (single tap and PIN) carries the reader's ISO 9564 format 4 block (tag
DF8104), enciphered under a key only the opener of the card data holds. The service translates
it, as a provider's HSM would: it deciphers the block and answers the same PIN as an ISO 9564
format 0 block under the PIN key it shares with the gateway (--pin-key, a file holding a double-
or triple-length triple-DES key in hex; `tapline serve --card-data-service-pin-key`), in
`pinBlock` (16 hex digits), and removes DF8104 from the TLV it answers. Without --pin-key a PIN
read is answered 422. --leave-pin-block (for tests) answers the TLV with DF8104 still in it, as a
service that does not translate PINs would.

What it stands in for: a real provider's service opens Apple's card-data format with keys Apple
gave the provider, and knows the merchant and device from the reader token it issued. Tapline's
simulated reader seals instead to the gateway's own card-data key (a compact JWE, ECDH-ES with
A256GCM, the merchant and device in its protected header `mid` and `did`), so this sample is
given that gateway's key file (`--keys`, the file `tapline serve --keys` writes; read on every
request, so it may not exist yet when the service starts, and a key rotation is seen at once)
and opens the JWE as Tapline would. It uses only the file's card-data keys.

Its journal (--journal) records the merchant, the device and the outcome of each request (and
`"pin": "translated"` for a PIN it translated, and `"asked"`, the amount and currency the gateway
said the request asks), never card data, a PIN or a PIN block. Needs the
`cryptography` package, and `psec` for --pin-key.
"""
import base64
import binascii
import hashlib
import json
import os
import sys
import warnings

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pin_translation  # noqa: E402
import provider_service  # noqa: E402


class Refused(Exception):
    """Not card data this service can open (answered 422)."""


def b64url(text):
    if not isinstance(text, str) or "=" in text:
        raise Refused()
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise Refused()


def card_keys(path):
    """The key file's card-data keys: key id -> P-256 private key."""
    with open(path) as file:
        stored = json.load(file).get("cardDataKeys") or {}
    keys = {}
    for entry in (stored.get("current"), stored.get("previous")):
        if entry:
            scalar = int.from_bytes(base64.b64decode(entry["privateKey"]), "big")
            keys[entry["keyId"]] = ec.derive_private_key(scalar, ec.SECP256R1())
    return keys


def concat_kdf(secret, algorithm, apu, apv, bits):
    """NIST SP 800-56A Concat KDF with SHA-256, as JWE ECDH-ES derives its key (RFC 7518 4.6.2)."""
    def prefixed(data):
        return len(data).to_bytes(4, "big") + data
    other = prefixed(algorithm.encode()) + prefixed(apu) + prefixed(apv) + bits.to_bytes(4, "big")
    return hashlib.sha256((1).to_bytes(4, "big") + secret + other).digest()[: bits // 8]


def open_card_data(payment_card_data, keys):
    """(TLV plaintext, merchant id, device id, the JWE's content key) of the reader's paymentCardData."""
    try:
        compact = base64.b64decode(payment_card_data, validate=True).decode("ascii")
    except (binascii.Error, ValueError, TypeError):
        raise Refused()
    parts = compact.split(".")
    if len(parts) != 5 or parts[1]:
        raise Refused()
    try:
        header = json.loads(b64url(parts[0]))
    except ValueError:
        raise Refused()
    if not isinstance(header, dict) or header.get("alg") != "ECDH-ES" or header.get("enc") != "A256GCM":
        raise Refused()
    key, epk = keys.get(header.get("kid")), header.get("epk")
    if key is None or not isinstance(epk, dict):
        raise Refused()
    try:
        point = ec.EllipticCurvePublicNumbers(
            int.from_bytes(b64url(epk["x"]), "big"), int.from_bytes(b64url(epk["y"]), "big"), ec.SECP256R1()).public_key()
        secret = key.exchange(ec.ECDH(), point)
    except (KeyError, ValueError, TypeError):
        raise Refused()
    content_key = concat_kdf(secret, "A256GCM", b64url(header.get("apu", "")), b64url(header.get("apv", "")), 256)
    try:
        plaintext = AESGCM(content_key).decrypt(b64url(parts[2]), b64url(parts[3]) + b64url(parts[4]), parts[0].encode("ascii"))
    except (InvalidTag, ValueError):
        raise Refused()
    if not isinstance(header.get("mid"), str) or not isinstance(header.get("did"), str):
        raise Refused()   # a real provider knows the binding from its reader token; this JWE must name it
    return plaintext, header["mid"], header["did"], content_key


def main():
    def extra(parser):
        parser.add_argument("--keys", required=True, help="the gateway's key file (tapline-keys.json)")
        parser.add_argument("--pin-key", help="file with the PIN key shared with the gateway, 32 or 48 hex digits")
        parser.add_argument("--leave-pin-block", action="store_true", help="for tests: answer DF8104 untranslated")

    options = provider_service.arguments("A sample card-data decryption service for tapline serve --card-data remote.", extra)
    pin_key = pin_translation.key_file(options.pin_key) if options.pin_key else None
    # psec's triple DES is pyca/cryptography's, which warns that TripleDES is deprecated.
    warnings.simplefilter("ignore")

    def answer(request):
        fields = ("paymentCardData", "merchantId", "deviceId")
        if not all(isinstance(request.get(name), str) and request[name] for name in fields):
            return 400, {"error": "paymentCardData, merchantId and deviceId are required strings"}
        try:
            keys = card_keys(options.keys)
        except (OSError, ValueError, KeyError, TypeError):
            return 500, {"error": "the service cannot read its keys"}
        try:
            plaintext, merchant, device, content_key = open_card_data(request["paymentCardData"], keys)
            pin_block = None
            if not options.leave_pin_block:
                plaintext, pin_block = pin_translation.translate(plaintext, content_key, pin_key)
        except (Refused, pin_translation.Untranslatable):
            return 422, {"error": "this is not card data the service can open"}
        body = {"cardData": base64.b64encode(plaintext).decode(), "merchantId": merchant, "deviceId": device}
        if pin_block:
            body["pinBlock"] = pin_block
        return 200, body

    def record(request, status, body):
        outcome = {200: "opened", 422: "refused"}.get(status, "failed")
        entry = {"merchantId": request.get("merchantId"), "deviceId": request.get("deviceId"), "outcome": outcome}
        if "pinBlock" in body:
            entry["pin"] = "translated"   # that there was one, never the block
        if "amount" in request:
            entry["asked"] = f"{request['amount']} {request.get('currency')}"   # what the request asks, for the check
        return entry

    provider_service.run(options, answer, record)


if __name__ == "__main__":
    main()
