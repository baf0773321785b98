#!/usr/bin/env python3
"""joserfc as the other end of Tapline's card-data JWE (ECDH-ES, A256GCM, P-256).

Used by Tests/CardDataTests/JWEInteropTests.swift; needs `pip install joserfc`.

    jwe_peer.py open <jwk-with-d-json> <compact> [--binding]
                                                      prints the plaintext as hex (and, with
                                                      --binding, the header's mid and did)
    jwe_peer.py seal <public-jwk-json> <plaintext-hex> [--apu B64URL] [--apv B64URL]
                     [--mid MERCHANT --did DEVICE]    prints a compact JWE (kid from the JWK),
                                                      bound to a reader token's merchant and device
"""
import argparse
import json
import sys

from joserfc import jwe
from joserfc.jwk import ECKey

ALGORITHMS = ["ECDH-ES", "A256GCM"]


def registry() -> jwe.JWERegistry:
    # Tapline may add its own string fields to the header; joserfc refuses unknown header
    # names unless told not to.
    return jwe.JWERegistry(algorithms=ALGORITHMS, strict_check_header=False)


def open_compact(jwk_json: str, compact: str, binding: bool) -> str:
    key = ECKey.import_key(json.loads(jwk_json))
    opened = jwe.decrypt_compact(compact, key, registry=registry())
    if opened.protected.get("alg") != "ECDH-ES" or opened.protected.get("enc") != "A256GCM":
        raise SystemExit(f"unexpected header {opened.protected}")
    if binding:
        return f"{opened.plaintext.hex()}\n{opened.protected.get('mid')} {opened.protected.get('did')}"
    return opened.plaintext.hex()


def seal(jwk_json: str, plaintext_hex: str, apu: str | None, apv: str | None, mid: str | None, did: str | None) -> str:
    jwk = json.loads(jwk_json)
    jwk.pop("d", None)
    key = ECKey.import_key(jwk)
    header = {"alg": "ECDH-ES", "enc": "A256GCM"}
    if jwk.get("kid"):
        header["kid"] = jwk["kid"]
    if apu is not None:
        header["apu"] = apu
    if apv is not None:
        header["apv"] = apv
    if mid is not None:
        header["mid"] = mid
    if did is not None:
        header["did"] = did
    return jwe.encrypt_compact(header, bytes.fromhex(plaintext_hex), key, registry=registry())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    opener = sub.add_parser("open")
    opener.add_argument("jwk")
    opener.add_argument("compact")
    opener.add_argument("--binding", action="store_true")
    sealer = sub.add_parser("seal")
    sealer.add_argument("jwk")
    sealer.add_argument("plaintext_hex")
    sealer.add_argument("--apu")
    sealer.add_argument("--apv")
    sealer.add_argument("--mid")
    sealer.add_argument("--did")
    args = parser.parse_args()
    if args.command == "open":
        print(open_compact(args.jwk, args.compact, args.binding))
    else:
        print(seal(args.jwk, args.plaintext_hex, args.apu, args.apv, args.mid, args.did))


if __name__ == "__main__":
    try:
        main()
    except Exception as error:  # one line on stderr, exit 1: the Swift side shows it
        print(f"jwe_peer: {type(error).__name__}: {error}", file=sys.stderr)
        sys.exit(1)
