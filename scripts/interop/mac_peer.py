#!/usr/bin/env python3
"""The retail MAC and key exchange computed by psec and pyemv, for Tapline's interop tests
(Tests/ProcessingISO8583Tests/RetailMACInteropTests.swift). Independent of Tapline's Swift.

    mac_peer.py mac   < {"cases": [{"key": HEX, "data": HEX}, ...]}  -> {"macs": [HEX, ...]}
    mac_peer.py wrap  < {"cases": [{"zmk": HEX, "key": HEX}, ...]}   -> {"wrapped": [{"enciphered": HEX, "kcv": HEX}, ...]}

mac: ISO/IEC 9797-1 MAC algorithm 3, padding method 1, under a double-length key, by
psec; pyemv computes it too and the script fails if the two differ.
wrap: the key enciphered under the zone master key (triple DES ECB, each 8-byte part
alone) and its key check value (first 3 bytes of zeros enciphered under it), by psec.
"""

import json
import sys
import warnings

from psec import des as psec_des
from psec import mac as psec_mac
from pyemv import mac as pyemv_mac

warnings.filterwarnings("ignore", message=".*TripleDES.*")


def mac(case):
    key, data = bytes.fromhex(case["key"]), bytes.fromhex(case["data"])
    ours = psec_mac.generate_retail_mac(key[:8], key[8:16], data, 1)
    theirs = pyemv_mac.mac_iso9797_3(key[:8], key[8:16], data, 1)
    if ours != theirs:
        raise SystemExit(f"psec and pyemv disagree on {case}")
    return ours.hex().upper()


def wrap(case):
    zmk, key = bytes.fromhex(case["zmk"]), bytes.fromhex(case["key"])
    return {"enciphered": psec_des.encrypt_tdes_ecb(zmk, key).hex().upper(),
            "kcv": psec_des.generate_kcv(key, 3).hex().upper()}


def main():
    request = json.load(sys.stdin)
    if sys.argv[1] == "mac":
        json.dump({"macs": [mac(case) for case in request["cases"]]}, sys.stdout)
    elif sys.argv[1] == "wrap":
        json.dump({"wrapped": [wrap(case) for case in request["cases"]]}, sys.stdout)
    else:
        raise SystemExit(f"unknown command {sys.argv[1]}")


if __name__ == "__main__":
    main()
