#!/usr/bin/env python3
"""Live interop peer for Tests/ProcessingISO8583Tests/ISO8583InteropTests.swift: encodes
and decodes ISO 8583 messages with pyiso8583 under Tapline's profile (iso8583_profile.py).

Usage: python3 scripts/interop/iso8583_peer.py COMMAND < request.json > response.json

Commands (one process handles a whole batch, so a test starts Python once per direction):
  encode   {"messages": [{"mti": "0200", "fields": {...}}, ...]}  -> {"hex": ["...", ...]}
  decode   {"hex": ["...", ...]}                                  -> {"messages": [...]}
Hex is uppercase. Any failure exits non-zero with the reason on stderr. Test data only.
"""

import json
import sys

import iso8583

import iso8583_profile


def encode(request):
    encoded = []
    for message in request["messages"]:
        data, _ = iso8583.encode(iso8583_profile.to_pyiso8583(message), iso8583_profile.SPEC)
        encoded.append(bytes(data).hex().upper())
    return {"hex": encoded}


def decode(request):
    messages = []
    for text in request["hex"]:
        document, _ = iso8583.decode(bytes.fromhex(text), iso8583_profile.SPEC)
        messages.append(iso8583_profile.from_pyiso8583(document))
    return {"messages": messages}


COMMANDS = {"encode": encode, "decode": decode}


def main():
    if len(sys.argv) != 2 or sys.argv[1] not in COMMANDS:
        sys.exit(f"usage: iso8583_peer.py {{{'|'.join(COMMANDS)}}} < request.json")
    json.dump(COMMANDS[sys.argv[1]](json.load(sys.stdin)), sys.stdout)


if __name__ == "__main__":
    main()
