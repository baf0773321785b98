#!/usr/bin/env python3
"""A small ISO 8583 client for scripts/acquirer_host.py (or any host of the profile in
docs/iso8583.md): frames, sends and reads messages under iso8583_profile.py.

  acquirer_client.py --port P sale PAN AMOUNT     one 0200 keyed sale, prints the answer
  acquirer_client.py check                        starts a host and runs every scenario

`check` exits non-zero at the first scenario whose answer is not the expected one. Test
data only (test PANs, the documented test zone PIN key).
"""

import argparse
import datetime
import itertools
import json
import pathlib
import random
import socket
import subprocess
import sys
import tempfile
import warnings

import iso8583
from psec import des as psec_des
from psec import pinblock as psec_pinblock

import iso8583_profile

# psec enciphers with cryptography's TripleDES, which warns that it is deprecated.
warnings.filterwarnings("ignore", message=".*TripleDES.*")

HOST_SCRIPT = pathlib.Path(__file__).resolve().parents[1] / "acquirer_host.py"
ZONE_PIN_KEY = "0123456789ABCDEFFEDCBA9876543210"
ICC = "9F26081A2B3C4D5E6F7081" "9F270180" "9F0206000000001500" "9C0100"  # cryptogram, CID, amount, type


def pin_block(pin, pan, key=ZONE_PIN_KEY):
    """ISO 9564 format 0 PIN block under the zone PIN key, as hex (field 52)."""
    clear = psec_pinblock.encode_pinblock_iso_0(pin, pan)
    return psec_des.encrypt_tdes_ecb(bytes.fromhex(key), clear).hex().upper()


class Client:
    def __init__(self, host, port, terminal="TERM0001"):
        self.socket = socket.create_connection((host, port), timeout=5)
        self.terminal = terminal.ljust(8)  # ans 8, right-padded with spaces
        # The host answers a repeated 41 + MTI + STAN + 7 with its first answer: start anywhere.
        self.stans = itertools.count(random.randint(1, 900_000))

    def fields(self, **fields):
        """A request's fields, passed as f2=..., f37=...: 7, 11 (the next STAN), 41 and 49
        filled in unless given; a field passed as None is left out."""
        base = {"7": datetime.datetime.now(datetime.timezone.utc).strftime("%m%d%H%M%S"),
                "11": f"{next(self.stans):06d}", "41": self.terminal, "49": "840"}
        base.update({key.lstrip("f"): value for key, value in fields.items()})
        return {key: value for key, value in base.items() if value is not None}

    def send(self, mti, fields):
        data, _ = iso8583.encode(iso8583_profile.to_pyiso8583({"mti": mti, "fields": fields}), iso8583_profile.SPEC)
        self.send_raw(bytes(data))

    def send_raw(self, data):
        self.socket.sendall(len(data).to_bytes(2, "big") + data)

    def receive(self, timeout=5):
        """The next message as {"mti", "fields"}; None when nothing comes in time or the host closed."""
        self.socket.settimeout(timeout)
        try:
            header = self._exactly(2)
            if header is None:
                return None
            data = self._exactly(int.from_bytes(header, "big"))
        except socket.timeout:
            return None
        document, _ = iso8583.decode(data, iso8583_profile.SPEC)
        return iso8583_profile.from_pyiso8583(document)

    def _exactly(self, count):
        data = b""
        while len(data) < count:
            chunk = self.socket.recv(count - len(data))
            if not chunk:
                return None
            data += chunk
        return data

    def request(self, mti, fields, timeout=5):
        self.send(mti, fields)
        return self.receive(timeout)


def start_host(*flags, journal=None):
    """Runs acquirer_host.py on an ephemeral port; returns (process, port)."""
    command = [sys.executable, str(HOST_SCRIPT), "--port", "0", *flags]
    if journal:
        command += ["--journal", str(journal)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    if not line.startswith("listening on "):
        process.kill()
        raise SystemExit(f"the host did not start: {line!r}")
    return process, int(line.split()[-1])


def expect(name, response, code, **fields):
    got = response["fields"] if response else None
    wrong = got is None or got.get("39") != code or any(got.get(key.lstrip("f")) != value
                                                        for key, value in fields.items())
    if wrong:
        raise SystemExit(f"FAIL {name}: expected 39={code} {fields}, got {response}")
    print(f"ok   {name}: {response['mti']} 39={code}")
    return got


def original(client, mti, pan, amount, processing="000000", **extra):
    return client.request(mti, client.fields(f2=pan, f3=processing, f4=f"{amount:012d}", f14="2712", f22="012",
                                             f25="08", **extra))


def follow_up(client, mti, processing, amount, approved, trace, **extra):
    return client.request(mti, client.fields(f3=processing, f4=f"{amount:012d}", f37=approved["37"],
                                             f90=trace + "0" * 22, **extra))


def trace_of(mti, fields):
    return mti + fields["11"] + fields["7"]  # 90's first 20 digits


def check():
    with tempfile.TemporaryDirectory() as directory:
        journal = pathlib.Path(directory) / "journal.jsonl"
        process, port = start_host(journal=journal)
        try:
            scenarios(port)
        finally:
            process.terminate()
            process.wait()
        lines = [json.loads(line) for line in journal.read_text().splitlines()]
        text = journal.read_text()
        secret = [line for line in lines for key in ("35", "52")
                  if not line.get("fields", {}).get(key, "<removed").startswith("<removed")]
        if "4242424242424242" in text or "5200828282828210" in text or secret:
            raise SystemExit("FAIL journal: a PAN, track 2 or PIN block was written")
        taps = [line for line in lines if line.get("fields", {}).get("55")]
        if not taps or taps[0]["fields"]["55"][0]["tag"] != "9F26":
            raise SystemExit("FAIL journal: field 55 is not journaled as its tag list")
        print(f"ok   journal: {len(lines)} lines, card data masked, 55 as tags")


def scenarios(port):
    client = Client("127.0.0.1", port)
    expect("sign-on", client.request("0800", client.fields(f41=None, f49=None, f70="001")), "00", f70="001")

    sale = expect("approved sale", original(client, "0200", "4242424242424242", 1000), "00", f4="000000001000")
    assert len(sale["37"]) == 12 and len(sale["38"]) == 6
    expect("decline", original(client, "0200", "4000000000000002", 1000), "05")
    expect("amount 0", original(client, "0200", "4242424242424242", 0), "13")
    expect("partial approval", original(client, "0200", "4000000000000077", 1010), "10", f4="000000000505")
    expect("processor error", original(client, "0100", "4000000000000119", 1000), "96")

    pin_pan = "5200828282828210"
    tap = dict(f3="000000", f4="000000001500", f22="071", f25="00", f35=pin_pan + "=27122011143804400000", f55=ICC)
    expect("PIN required", client.request("0200", client.fields(**tap)), "65")
    expect("right PIN", client.request("0200", client.fields(**tap, f52=pin_block("1234", pin_pan))), "00")
    expect("wrong PIN", client.request("0200", client.fields(**tap, f52=pin_block("9999", pin_pan))), "55")
    expect("unparsable 55", client.request("0200", client.fields(**{**tap, "f55": "9F2609AABB"})), "30")

    fields = client.fields(f2="4242424242424242", f3="000000", f4="000000002000", f22="012", f25="08")
    auth = expect("authorization", client.request("0100", fields), "00")
    auth_trace = trace_of("0100", fields)
    expect("incremental", follow_up(client, "0100", "000000", 500, auth, auth_trace), "00", f37=auth["37"])
    expect("capture above tip overcapture", follow_up(client, "0220", "000000", 3001, auth, auth_trace), "13")
    expect("capture", follow_up(client, "0220", "000000", 3000, auth, auth_trace, f38=auth["38"]), "00")
    expect("tip adjust", follow_up(client, "0220", "020000", 3200, auth, auth_trace, f38=auth["38"],
                                   f54="0044840D000000000700"), "00")
    expect("capture again", follow_up(client, "0220", "000000", 100, auth, auth_trace), "12")
    expect("refund", follow_up(client, "0200", "200000", 1200, auth, auth_trace), "00", f37=auth["37"])
    expect("refund above what is left", follow_up(client, "0200", "200000", 2001, auth, auth_trace), "13")
    expect("void after a refund", follow_up(client, "0400", "000000", 2000, auth, auth_trace), "12")
    expect("unknown RRN", follow_up(client, "0220", "000000", 100, {"37": "UNKNOWN00000"}, auth_trace), "12")
    expect("unreferenced refund", original(client, "0200", "5555555555554444", 700, "200000"), "00")

    fields = client.fields(f2="4242424242424242", f3="000000", f4="000000005000", f22="012", f25="08")
    hold = expect("authorization to reverse", client.request("0100", fields), "00")
    hold_trace = trace_of("0100", fields)
    expect("partial reversal", follow_up(client, "0400", "000000", 5000, hold, hold_trace,
                                         f95="000000003000" + "0" * 12 + "C00000000" * 2), "00")
    expect("full reversal", follow_up(client, "0400", "000000", 3000, hold, hold_trace), "00")
    expect("capture after reversal", follow_up(client, "0220", "000000", 3000, hold, hold_trace), "12")

    fields = client.fields(f2="4000000000000259", f3="000000", f4="000000004000", f22="012", f25="08")
    client.send("0200", fields)
    if client.receive(timeout=0.5) is not None:
        raise SystemExit("FAIL no-answer card: the host answered")
    print("ok   no-answer card: no answer")
    lost = dict(f3="000000", f4="000000004000", f90=trace_of("0200", fields) + "0" * 22)
    expect("reversal of the unanswered sale", client.request("0400", client.fields(**lost)), "00")
    expect("repeated reversal", client.request("0401", client.fields(**lost)), "00")

    # Captures: sale 1000, partial sale 505, PIN sale 1500, capture 3200 (refund 1200 is a refund);
    # the reversed no-answer sale is not counted. Refunds: 1200 and the unreferenced 700.
    totals = f"{4:010d}{1000 + 505 + 1500 + 3200:016d}{2:010d}{1200 + 700:016d}"
    expect("reconciliation equal", client.request("0500", client.fields(f63=totals)), "00", f63=totals)
    expect("reconciliation mismatched", client.request("0500", client.fields(f63=totals)), "95", f63="0" * 52)

    client.send_raw(b"\xffNOT ISO 8583")
    if client.receive(timeout=2) is not None:
        raise SystemExit("FAIL garbage frame: the host answered")
    print("ok   garbage frame: connection closed")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int)
    commands = parser.add_subparsers(dest="command", required=True)
    sale = commands.add_parser("sale")
    sale.add_argument("pan")
    sale.add_argument("amount", type=int)
    commands.add_parser("check")
    options = parser.parse_args()
    if options.command == "check":
        check()
        return
    if options.port is None:
        parser.error("sale needs --port")
    client = Client(options.host, options.port)
    print(json.dumps(original(client, "0200", options.pan, options.amount)))


if __name__ == "__main__":
    main()
