#!/usr/bin/env python3
"""Live interop peer for Tests/CardDataTests/TripleDESInteropTests.swift and
PINBlockFormat0InteropTests.swift: triple DES and ISO 9564 format 0 PIN blocks by psec
(pip install psec), whose DES is pyca/cryptography's.

Usage: python3 scripts/interop/pin_peer.py COMMAND < request.json > response.json

Commands (request and response are JSON objects; hex is uppercase on output). Each takes a
list of cases so that one run checks many:
  tdes-encrypt   {"cases": [{"key": hex, "block": hex}, ...]}   -> {"results": [hex, ...]}
  tdes-decrypt   {"cases": [{"key": hex, "block": hex}, ...]}   -> {"results": [hex, ...]}
  kcv            {"keys": [hex, ...]}                           -> {"results": [hex, ...]}
                 (3-byte key check values)
  pin0-encipher  {"cases": [{"key": hex, "pin": str, "pan": str}, ...]}
                                                                -> {"results": [hex, ...]}
                 (psec's format 0 block, then triple DES under the key)
  pin0-decipher  {"cases": [{"key": hex, "block": hex, "pan": str}, ...]}
                                                                -> {"results": [pin, ...]}
Any failure exits non-zero with the reason on stderr. Test data only: the keys, PINs and
PANs passed here are test values.
"""

import json
import sys
import warnings

# pyca/cryptography warns that TripleDES is deprecated; the warning says nothing about the
# result and would only clutter the test's standard error.
warnings.simplefilter("ignore")


def _des():
    import psec.des

    return psec.des


def _hex(data):
    return data.hex().upper()


def tdes_encrypt(request):
    des = _des()
    return {"results": [_hex(des.encrypt_tdes_ecb(bytes.fromhex(c["key"]), bytes.fromhex(c["block"])))
                        for c in request["cases"]]}


def tdes_decrypt(request):
    des = _des()
    return {"results": [_hex(des.decrypt_tdes_ecb(bytes.fromhex(c["key"]), bytes.fromhex(c["block"])))
                        for c in request["cases"]]}


def kcv(request):
    des = _des()
    return {"results": [_hex(des.generate_kcv(bytes.fromhex(key), 3)) for key in request["keys"]]}


def pin0_encipher(request):
    import psec.pinblock

    des = _des()
    results = []
    for case in request["cases"]:
        clear = psec.pinblock.encode_pinblock_iso_0(case["pin"], case["pan"])
        results.append(_hex(des.encrypt_tdes_ecb(bytes.fromhex(case["key"]), clear)))
    return {"results": results}


def pin0_decipher(request):
    import psec.pinblock

    des = _des()
    results = []
    for case in request["cases"]:
        clear = des.decrypt_tdes_ecb(bytes.fromhex(case["key"]), bytes.fromhex(case["block"]))
        results.append(psec.pinblock.decode_pinblock_iso_0(clear, case["pan"]))
    return {"results": results}


COMMANDS = {
    "tdes-encrypt": tdes_encrypt,
    "tdes-decrypt": tdes_decrypt,
    "kcv": kcv,
    "pin0-encipher": pin0_encipher,
    "pin0-decipher": pin0_decipher,
}


def main():
    if len(sys.argv) != 2 or sys.argv[1] not in COMMANDS:
        sys.exit(f"usage: pin_peer.py {{{'|'.join(COMMANDS)}}} < request.json")
    response = COMMANDS[sys.argv[1]](json.load(sys.stdin))
    json.dump(response, sys.stdout)


if __name__ == "__main__":
    main()
