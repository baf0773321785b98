#!/usr/bin/env python3
"""Live interop peer for Tests/CardDataTests/EMVInteropTests.swift.

Usage: python3 scripts/interop/emv_peer.py COMMAND < request.json > response.json

Commands (request and response are JSON objects; hex is uppercase on output):
  tlv-decode     {"hex": "..."}                          -> {"items": [...]}  (pyemv)
  tlv-encode     {"items": [...]}                        -> {"hex": "..."}    (pyemv)
  pin-decipher   {"key": hex, "pan": str, "block": hex}  -> {"pin": str}      (psec)
  pin-encipher   {"key": hex, "pan": str, "pin": str, "fill": hex or null}
                                                         -> {"block": hex}    (psec)
The TLV item shape is described in emv_common.py. Any failure exits non-zero with the
reason on stderr. Test data only: the PINs and PANs passed here are test values.
"""

import json
import sys

import emv_common


def tlv_decode(request):
    import pyemv.tlv

    return {"items": emv_common.from_pyemv(pyemv.tlv.decode(bytes.fromhex(request["hex"])))}


def tlv_encode(request):
    import pyemv.tlv

    return {"hex": pyemv.tlv.encode(emv_common.to_pyemv(request["items"])).hex().upper()}


def pin_decipher(request):
    key = bytes.fromhex(request["key"])
    block = bytes.fromhex(request["block"])
    return {"pin": emv_common.decipher_iso4(key, block, request["pan"])}


def pin_encipher(request):
    key = bytes.fromhex(request["key"])
    fill = bytes.fromhex(request["fill"]) if request.get("fill") else None
    block = emv_common.encipher_iso4(key, request["pin"], request["pan"], fill)
    return {"block": block.hex().upper()}


COMMANDS = {
    "tlv-decode": tlv_decode,
    "tlv-encode": tlv_encode,
    "pin-decipher": pin_decipher,
    "pin-encipher": pin_encipher,
}


def main():
    if len(sys.argv) != 2 or sys.argv[1] not in COMMANDS:
        sys.exit(f"usage: emv_peer.py {{{'|'.join(COMMANDS)}}} < request.json")
    response = COMMANDS[sys.argv[1]](json.load(sys.stdin))
    json.dump(response, sys.stdout)


if __name__ == "__main__":
    main()
