#!/usr/bin/env python3
"""Card-data JWE test vectors for Tapline, made outside Tapline.

Writes Tests/CardDataTests/Fixtures/jwe_vectors.json, which the Swift tests load:
  - a fixed P-256 recipient key pair (JWK with "d");
  - "joserfc": JWEs (ECDH-ES, A256GCM, with kid; one with apu/apv) sealed by joserfc;
  - "tapline": one JWE laid out the way Tapline seals it (its header field order), from a
    fixed ephemeral key and IV, computed here with the `cryptography` package (ECDH, Concat
    KDF, AES-GCM) rather than joserfc, plus its PIN key. The Swift test reproduces it byte
    for byte through the test seam, so Tapline's output is pinned to an independent
    implementation.

    python3 scripts/interop/jwe_vectors.py              regenerate (keeps the committed keys)
    python3 scripts/interop/jwe_vectors.py --new-keys   regenerate with new keys too
    python3 scripts/interop/jwe_vectors.py --check      joserfc opens every vector; the
                                                        Tapline one is recomputed and compared
Needs `pip install joserfc` (which brings `cryptography`).
"""
import argparse
import base64
import hashlib
import json
import os
import sys
from pathlib import Path

import joserfc
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.concatkdf import ConcatKDFHash
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from joserfc import jwe
from joserfc.jwk import ECKey

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "Tests/CardDataTests/Fixtures/jwe_vectors.json"
KID = "tapline-vectors-1"
REGISTRY = jwe.JWERegistry(algorithms=["ECDH-ES", "A256GCM"], strict_check_header=False)


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def tlv(tag: str, value: bytes) -> bytes:
    # BER lengths: one byte below 128, else 0x81 and one byte (all values here are short).
    length = bytes([len(value)]) if len(value) < 128 else bytes([0x81, len(value)])
    return bytes.fromhex(tag) + length + value


def card_payload() -> bytes:
    """About 300 bytes shaped like an EMV contactless read of a test card (no real card)."""
    filler = hashlib.sha256(b"tapline vectors").digest()
    card = b"".join([
        tlv("5A", bytes.fromhex("4761739001010010")),                  # Visa test PAN
        tlv("57", bytes.fromhex("4761739001010010D30122011143878089")),
        tlv("5F24", bytes.fromhex("301231")),
        tlv("5F2A", bytes.fromhex("0840")),
        tlv("9F02", bytes.fromhex("000000002500")),
        tlv("9F4B", filler * 2),
    ])
    terminal = b"".join([
        tlv("9A", bytes.fromhex("250101")),
        tlv("9C", b"\x00"),
        tlv("9F37", filler[:4]),
        tlv("9F26", filler[4:12]),
        tlv("9F10", filler * 2),
        tlv("9F6E", filler[:20]),
        tlv("DF01", b"tapline-vectors " * 5),
    ])
    return tlv("FF01", card) + tlv("FF02", terminal)


def key_pair(existing: dict | None, kid: str | None) -> dict:
    if existing:
        return existing
    parameters = {"kid": kid} if kid else None
    return ECKey.generate_key("P-256", parameters=parameters, private=True).as_dict(private=True)


def public_numbers(jwk: dict) -> ec.EllipticCurvePublicKey:
    point = b"\x04" + unb64url(jwk["x"]) + unb64url(jwk["y"])
    return ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)


def private_key(jwk: dict) -> ec.EllipticCurvePrivateKey:
    return ec.derive_private_key(int.from_bytes(unb64url(jwk["d"]), "big"), ec.SECP256R1())


def tapline_compact(recipient: dict, ephemeral: dict, iv: bytes, plaintext: bytes, extra: dict) -> tuple[str, bytes]:
    """Seals as Tapline does, independently of Tapline and joserfc: returns compact and PIN key."""
    header = {
        "alg": "ECDH-ES", "enc": "A256GCM", "kid": recipient["kid"],
        "epk": {"kty": "EC", "crv": "P-256", "x": ephemeral["x"], "y": ephemeral["y"]},
    }
    header.update(sorted(extra.items()))
    segment = b64url(json.dumps(header, separators=(",", ":"), ensure_ascii=False).encode())
    z = private_key(ephemeral).exchange(ec.ECDH(), public_numbers(recipient))
    other_info = (len(b"A256GCM")).to_bytes(4, "big") + b"A256GCM" + bytes(8) + (256).to_bytes(4, "big")
    cek = ConcatKDFHash(hashes.SHA256(), 32, other_info).derive(z)
    sealed = AESGCM(cek).encrypt(iv, plaintext, segment.encode())
    compact = ".".join([segment, "", b64url(iv), b64url(sealed[:-16]), b64url(sealed[-16:])])
    pin_key = HKDF(hashes.SHA256(), 16, salt=None, info=b"tapline pin block v1").derive(cek)
    return compact, pin_key


def generate(new_keys: bool) -> dict:
    old = json.loads(FIXTURE.read_text()) if FIXTURE.exists() and not new_keys else {}
    recipient = key_pair(old.get("recipient"), KID)
    ephemeral = key_pair(old.get("tapline", {}).get("ephemeral"), None)
    key = ECKey.import_key(recipient)
    cases = [
        ("short ascii", b"tapline interop: hello", {}),
        ("card payload", card_payload(), {}),
        ("apu and apv", b"agreement party info", {"apu": b64url(b"Alice"), "apv": b64url(b"Bob")}),
        ("typ header", b"\x00\x01\x02 binary \xff", {"typ": "tapline-card"}),
    ]
    vectors = []
    for name, plaintext, extra in cases:
        header = {"alg": "ECDH-ES", "enc": "A256GCM", "kid": KID, **extra}
        compact = jwe.encrypt_compact(header, plaintext, key, registry=REGISTRY)
        vectors.append({"name": name, "plaintextHex": plaintext.hex(), "compact": compact})
    iv = bytes.fromhex(old["tapline"]["ivHex"]) if old else os.urandom(12)
    plaintext = b"sealed the Tapline way"
    extra = {"typ": "tapline-card"}
    compact, pin_key = tapline_compact(recipient, ephemeral, iv, plaintext, extra)
    return {
        "generator": f"scripts/interop/jwe_vectors.py, joserfc {joserfc.__version__}",
        "recipient": recipient,
        "joserfc": vectors,
        "tapline": {
            "ephemeral": ephemeral, "ivHex": iv.hex(), "plaintextHex": plaintext.hex(),
            "extraHeader": extra, "compact": compact, "pinKeyHex": pin_key.hex(),
        },
    }


def check() -> int:
    fixture = json.loads(FIXTURE.read_text())
    key = ECKey.import_key(fixture["recipient"])
    failures = 0
    entries = fixture["joserfc"] + [dict(fixture["tapline"], name="tapline")]
    for entry in entries:
        opened = jwe.decrypt_compact(entry["compact"], key, registry=REGISTRY).plaintext
        ok = opened.hex() == entry["plaintextHex"]
        failures += not ok
        print(f"{'ok  ' if ok else 'FAIL'} joserfc opens {entry['name']}")
    tap = fixture["tapline"]
    compact, pin_key = tapline_compact(
        fixture["recipient"], tap["ephemeral"], bytes.fromhex(tap["ivHex"]),
        bytes.fromhex(tap["plaintextHex"]), tap["extraHeader"],
    )
    ok = compact == tap["compact"] and pin_key.hex() == tap["pinKeyHex"]
    failures += not ok
    print(f"{'ok  ' if ok else 'FAIL'} tapline vector recomputed (compact and PIN key)")
    return 1 if failures else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="verify the committed vectors")
    parser.add_argument("--new-keys", action="store_true", help="replace the committed keys")
    args = parser.parse_args()
    if args.check:
        return check()
    FIXTURE.parent.mkdir(parents=True, exist_ok=True)
    FIXTURE.write_text(json.dumps(generate(args.new_keys), indent=2) + "\n")
    print(f"wrote {FIXTURE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
