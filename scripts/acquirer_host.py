#!/usr/bin/env python3
"""Tapline's test acquirer host: the host side of the ISO 8583 link in docs/iso8583.md
("Operations"), for running the gateway's link end to end. Test use only: it holds its
books in memory, never trims them, and its PIN key is a published test key.

    python3 -m pip install pyiso8583 psec pyemv
    python3 scripts/acquirer_host.py --port 0 --journal /tmp/host.jsonl

Once it listens it prints exactly one line, `listening on PORT`, to stdout; everything
else (errors, with the reason) goes to stderr. Messages are the profile of
scripts/interop/iso8583_profile.py, each after a 2-byte big-endian length. A frame that
does not decode closes its connection. Answers go out as they are decided, in any order.

Decisions mirror the Swift simulator (Sources/Processing/SimulatedBook.swift and
SimulatedAuthorization.swift) with the test-card table of Sources/CardData/TestCards.swift:
  - originals (0100 authorization, 0200 sale, 0200 3=20xxxx refund; card in 2, in 35
    before '=', or sealed in 120 with --card-keys) are decided by the card; an account verification (0100 with 25=51) must
    have amount 0 (else 13), declines with a declining card's code and answers 85 for any
    other card, booking nothing. Otherwise: amount 0 (or above 99 999 999 999) → 13; a PAN that is not 12-19 digits
    passing Luhn → 14; listed cards as the table says; any other card approves. The PIN
    card answers 65 without 52; with 52 the block is deciphered (ISO 9564 format 0, zone
    PIN key, psec): 1234 approves, any other PIN or an undecipherable block → 55. The
    no-answer card is approved on the books but never answered (see --late-answer-ms),
    so only a reversal settles it. Unreferenced refunds credit like the simulator (the PIN
    card and amount-driven approvals credit in full). Field 55 must parse (pyemv) → else 30.
    18 (four digits) and 60 (seven POS data digits) are required and 43 checked when
    sent (40 printable characters, a two-letter country or none) → else 30. An approved
    sale or authorization whose request had 55 is answered with 55 = tag 91 (issuer
    authentication data: an ARPC derived from the request's 55, then 3030).
  - follow-ups (37 present; card data on one → 30; the original is found by 37 and 41,
    unknown → 12):
    0220 3=00 capture, 0100 incremental, 0220 3=02 tip adjust (54 amount type 44), 0200
    3=20 refund, 0400 void / full reversal (no 95) and partial reversal (95). State moves
    → 12, amounts that do not fit → 13, by the simulator's rules. The capture limit is
    PaymentLifecycle.tipOvercapture with tip = capture - authorized, as the simulator
    computes it: authorized + floor(authorized * 20 / 100). On the wire a void and a full
    reversal are the same message; both get the void rule (4 = outstanding, nothing
    refunded), which is all the gateway ever sends. A partial reversal must also carry the
    host's outstanding amount in 4 (→ 13 otherwise) and releases 4 minus 95's first 12 digits.
  - a 0400/0401 that is not a void or partial reversal of the original named by 37 (no 37,
    or 90 names another request) cancels the request 90 names (MTI, STAN, 7, with 41):
    its effect is undone once, whatever it was; the answer is 0410 39=00 even when nothing
    is known. A request named by a cancel before it arrives is answered 68 and not booked.
    A repeat (same 41, 90, 4 and 95) gets the first answer again.
  - a request repeated with the same 41, MTI, 11 and 7 gets its first answer again.
  - 0500: 63 = capture count (10), total (16), refund count (10), total (16) for 41 and 49
    since the last 0500. The host counts approved captures (sales and 0220 captures, as
    they stand at the 0500: tip adjustments included, voided, reversed to zero or
    cancelled ones not) and approved refunds not cancelled. 39 = 00 if equal, else 95;
    its own totals in 63; a new batch starts either way.
  - 0800 (70 = 001 sign-on, 002 sign-off, 301 echo) → 0810 39 = 00 (the echo's 39 is
    --echo-code's when given). Requests on a
    connection that has not signed on are answered all the same; the journal says so.
  - a missing or malformed field the decision needs → 30; any other request MTI → 12;
    a message whose third MTI digit is not 0 or 2 (a response, a notification) is
    logged, never answered.
Responses: MTI + 10; 7, 11, 41, 49 echoed; 39; 37 (new RRN on approved originals, the
original's on follow-ups); 38 (new approval code) on approvals; 4 (the approved amount,
half with 39 = 10, else the request's).

Flags:
  --host H, --port P     listen address (default 127.0.0.1; port 0 = ephemeral; give an
                         address, not a name that resolves to several)
  --zone-pin-key HEX     zone PIN key for 52 (default 0123456789ABCDEFFEDCBA9876543210)
  --journal FILE         append one JSON line per message received and sent
  --card-keys FILE       the gateway's key file: open sealed card data in 120 (scripts/acquirer_sealed.py
                         says how it is checked); the card is then the read's 5A, and approvals carry 14
  --mac-key HEX          terminal authentication key (32 hex digits): every message must
                         carry the retail MAC (ISO 9797-1 algorithm 3, padding 1, psec) of
                         its bytes before the MAC field, in 64 (no secondary bitmap) or 128;
                         one without a valid MAC is journaled "bad MAC" and not answered;
                         every answer carries one
  --print-cards          print the test-card table as JSON and exit
  --tls-cert FILE, --tls-key FILE
                         serve TLS (the gateway's iso8583s://) with this PEM certificate chain and key
  --tls-client-ca FILE   with --tls-cert: require a client certificate issued by these PEM
                         certificates (mutual TLS); each connection's is journaled
Test controls (each off by default):
  --delay-ms N           answer 01xx, 02xx and 04xx requests N ms after deciding them
  --late-answer-ms N     answer the no-answer card after N ms instead of never
  --ignore-reversals N   drop, undecided and unanswered, the first N 0400/0401 naming
                         each request (41 + 90's MTI, STAN, date-time)
  --ignore-advices N     drop, undecided and unanswered, the first N sends of each
                         completion advice (0220 and its 0221 repeats: 41, STAN, 7)
  --omit-37              approve originals without 37 (booked all the same): a host that
                         breaks the profile, whose approvals nothing could follow up
  --drop-after N         once per run: the first connection to receive its Nth message
                         decides that message, then closes without answering it
  --garbage-on STAN      answer every message with this STAN (11), 0800 included, with
                         a well-framed run of non-ISO bytes (decided as usual)
  --wrong-mti-on STAN    answer every message with this STAN (11), 0800 included, under the
                         wrong MTI: the right one with its function digit 2 higher (0210 →
                         0230, 0810 → 0830), fields as decided
  --zone-master-key HEX  zone master key (32 or 48 hex digits) for key exchange: a new
                         key goes in 125 as "TAK", its hex enciphered under this key
                         (triple DES ECB, psec) and its 6-hex-digit KCV
  --send-mac-key HEX     with --mac-key and --zone-master-key: after the first sign-on,
                         send an 0800 (70 = 161) with this TAK in 125; once its 0810 says
                         39 = 00, answers carry MACs under it (requests verify under the
                         new key or the one before). An 0800 70 = 161 without 125 from the
                         gateway (its key request) is answered 39 = 00 with this key in 125,
                         unless --requested-mac-key names another
  --requested-mac-key HEX
                         with --mac-key and --zone-master-key: the TAK that answers the
                         gateway's key request (default --send-mac-key, else a random key);
                         the host MACs its own messages under it from the first message of
                         the gateway's that verifies under it (until then under the old key)
  --refuse-key-requests  answer the gateway's key requests 39 = 96, without a key
  --wrong-key-kcv        send the key (of --send-mac-key, or answering a key request) with a
                         wrong KCV
  --bad-mac-on STAN      with --mac-key: answer every message with this STAN (11) with a
                         wrong MAC (the right one with its first byte inverted)
  --echo-code CODE       answer echo tests (0800, 70 = 301) with 39 = CODE (2 characters)
                         instead of 00
Signal: SIGUSR1 closes every open connection (journaled as "dropped by signal"), so that a
test can make the gateway reconnect.

Journal line (UTF-8 JSON, one object per line):
  {"at": "2025-11-23T18:01:02.123Z", "connection": 1, "direction": "in"|"out",
   "mti": "0200", "fields": {"2": "424242******4242", "35": "<removed, 37 characters>",
   "52": "<removed, 8 bytes>", "55": [{"tag": "9F26", "value": "1A2B..."}, ...], ...},
   "signedOn": true (in only: whether the connection had signed on before this message),
   "note": "..." (when something unusual happened)}
  Text fields as received, b fields in hex; 2 masked to first 6 / last 4; 35, 36, 45 and
  52 never written; 55 as its TLV list (emv_common's shape) with 5A masked and track and
  name tags removed, or "<unparsable, N bytes>". Notes: "duplicate" (same 41, MTI, 11,
  7), "repeat" (a reversal answered before), "cancelled before it came", "ignored"
  (--ignore-reversals), "unanswered", "late", "dropped connection", "not a request: no
  answer", "internal error" (answered 96; a bug, see stderr); a frame that does not
  decode is {"direction": "in", "error": "...", "length": N}; a garbage answer is
  {"direction": "out", "garbage": true, "stan": "...", "length": N}; an answer under the
  wrong MTI (--wrong-mti-on) has "note": "wrong MTI".
TLS lines (with --tls-cert), before the connection's messages:
  {"connection": 1, "event": "tls", "version": "TLSv1.3",
   "clientCertificate": {"subject": "CN", "sha256": "hex of the DER"} (with --tls-client-ca)}
  {"connection": 1, "event": "tls handshake failed", "error": "..."}
"""

import argparse
import asyncio
import dataclasses
import datetime
import hashlib
import json
import pathlib
import secrets
import signal
import ssl
import string
import sys
import traceback
import warnings

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "interop"))

import iso8583  # noqa: E402
from psec import des as psec_des  # noqa: E402
from psec import mac as psec_mac  # noqa: E402
from psec import pinblock as psec_pinblock  # noqa: E402
from pyemv import tlv as emv_tlv  # noqa: E402

import emv_common  # noqa: E402
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import acquirer_sealed  # noqa: E402
import iso8583_profile  # noqa: E402

# psec enciphers with cryptography's TripleDES, which warns that it is deprecated.
warnings.filterwarnings("ignore", message=".*TripleDES.*")

DEFAULT_ZONE_PIN_KEY = "0123456789ABCDEFFEDCBA9876543210"
LARGEST_AMOUNT = 99_999_999_999  # Money.largestMinorUnits
TIP_OVERCAPTURE_PERCENT = 20  # PaymentLifecycle.tipOvercapturePercent
GARBAGE = b"\xffNOT ISO 8583\x00"

# Sources/CardData/TestCards.swift, in its order. Any other valid card approves.
CORRECT_PIN = "1234"
TEST_CARDS = [
    {"pan": "4242424242424242", "behaviour": "approve"},
    {"pan": "5555555555554444", "behaviour": "approve"},
    {"pan": "378282246310005", "behaviour": "approve"},
    {"pan": "4000000000000002", "behaviour": "decline", "responseCode": "05"},
    {"pan": "4000000000009995", "behaviour": "decline", "responseCode": "51"},
    {"pan": "4000000000000069", "behaviour": "decline", "responseCode": "54"},
    {"pan": "5200828282828210", "behaviour": "pinRequired", "responseCode": "65",
     "correctPIN": CORRECT_PIN, "wrongPINResponseCode": "55"},
    {"pan": "4000000000000119", "behaviour": "processorError", "responseCode": "96"},
    {"pan": "4000000000000259", "behaviour": "noAnswer"},
    {"pan": "4000000000000077", "behaviour": "amountDriven"},
    # The simulator's disputed card: approved here; an acquirer's disputes come in its dispute file.
    {"pan": "4000000000001976", "behaviour": "approve"},
]
CARDS_BY_PAN = {card["pan"]: card for card in TEST_CARDS}
APPROVE = {"behaviour": "approve"}

# EMV tags never journaled (track data, cardholder name, PIN data); 5A is masked.
SECRET_TAGS = {"56", "57", "99", "5F20", "9F1F", "9F20", "9F6B"}


def log(message):
    print(f"acquirer_host: {message}", file=sys.stderr, flush=True)


def disposition(code):
    """ISOResponseCode.disposition."""
    if code in ("00", "08", "11", "85"):
        return "approved"
    if code == "10":
        return "partial"
    if code in ("65", "70"):
        return "pin"
    if code in ("91", "96"):
        return "systemError"
    return "declined"


def tip_overcapture(authorized, tip):
    """PaymentLifecycle.tipOvercapture(authorized:tip:)."""
    share = authorized // 100 * TIP_OVERCAPTURE_PERCENT + authorized % 100 * TIP_OVERCAPTURE_PERCENT // 100
    return max(0, min(tip, share))


def luhn_ok(digits):
    total = 0
    for index, char in enumerate(reversed(digits)):
        value = int(char)
        if index % 2 == 1:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def masked_pan(pan):
    """CardData.PAN.masked: first 6 and last 4, or all stars when not a plausible PAN."""
    if not (12 <= len(pan) <= 19 and pan.isascii() and pan.isdigit()):
        return "*" * len(pan)
    return pan[:6] + "*" * (len(pan) - 10) + pan[-4:]


def amount12(value):
    return f"{value:012d}"


class Refusal(Exception):
    """A request answered with a response code instead of being decided further."""

    def __init__(self, code, reason=None):
        super().__init__(reason or code)
        self.code = code
        self.reason = reason


def number(fields, key, length=None, required=True):
    """Field `key` as an int, or None when absent and not required; 30 when malformed."""
    value = fields.get(key)
    if value is None:
        if required:
            raise Refusal("30", f"field {key} missing")
        return None
    if not (value.isascii() and value.isdigit()) or (length and len(value) != length):
        raise Refusal("30", f"field {key} is not {length or ''} digits")
    return int(value)


@dataclasses.dataclass
class Authorization:
    """The books of one approved sale or authorization (SimulatedAuthorization)."""

    rrn: str
    terminal: str
    currency: str
    kind: str  # "sale" or "authorization"
    trace: str  # MTI + STAN + 7 of the original, as 90 names it
    authorized: int
    captured: int
    refunded: int = 0
    tip: int = 0
    closed: bool = False
    by_amount: bool = False  # amount-driven card: increments decided by their last two digits
    capture_batch: int = -1  # the reconciliation batch its capture belongs to

    @property
    def outstanding(self):
        return self.captured - self.refunded if self.captured > 0 else self.authorized

    def undo(self, before, after):
        """SimulatedAuthorization.undo: reverts before → after, keeping later changes."""
        self.authorized -= after.authorized - before.authorized
        self.captured -= after.captured - before.captured
        self.refunded -= after.refunded - before.refunded
        self.tip -= after.tip - before.tip
        if after.closed != before.closed:
            self.closed = before.closed


@dataclasses.dataclass
class Refund:
    terminal: str
    currency: str
    batch: int
    amount: int
    cancelled: bool = False


@dataclasses.dataclass
class Record:
    """A financial request the host decided (or a cancel saw named before it came)."""

    answer: dict = None  # response fields (39, 4, 37, 38), None when never decided
    withheld: bool = False  # the no-answer card: decided, not answered
    change: tuple = None  # (authorization, before copy or None when created, after copy)
    refund: Refund = None
    cancelled: bool = False

    @property
    def approved(self):
        return self.answer is not None and disposition(self.answer["39"]) in ("approved", "partial")


@dataclasses.dataclass
class Outcome:
    """What the connection does with a message: answer these fields (None: no answer)."""

    answer: dict = None
    delay_ms: int = 0
    note: str = None


class Host:
    def __init__(self, options):
        self.options = options
        self.zone_pin_key = bytes.fromhex(options.zone_pin_key)
        self.auths = {}  # (41, RRN) -> Authorization
        self.records = {}  # (41, MTI, STAN, 7) -> Record
        self.reversal_answers = {}  # (41, 90[:20], 4, 95) -> answer fields
        self.ignored_reversals = {}  # (41, 90[:20]) -> how many were dropped
        self.ignored_advices = {}  # (41, 11, 7) -> how many sends of an advice were dropped
        self.refunds = []
        self.batches = {}  # (41, 49) -> current batch number
        self.rrns = set()
        self.approval_sequence = 0

    # Identifiers

    def new_rrn(self):
        alphabet = string.ascii_uppercase + string.digits
        while True:
            rrn = "".join(secrets.choice(alphabet) for _ in range(12))
            if rrn not in self.rrns:
                self.rrns.add(rrn)
                return rrn

    def new_approval_code(self):
        self.approval_sequence += 1
        return f"{self.approval_sequence % 1_000_000:06d}"

    def batch(self, terminal, currency):
        return self.batches.get((terminal, currency), 0)

    # Dispatch

    def handle(self, conn, mti, fields, icc):
        if mti == "0800":
            return self.network(conn, fields)
        if mti[2] not in "02" or mti[3] not in "01":
            log(f"{mti} STAN {fields.get('11')}: not a request, not answered")
            return Outcome(note="not a request: no answer")
        terminal = fields.get("41", "")
        if mti in ("0220", "0221"):
            advice = (terminal, fields.get("11", ""), fields.get("7", ""))
            ignored = self.ignored_advices.get(advice, 0)
            if ignored < self.options.ignore_advices:
                self.ignored_advices[advice] = ignored + 1
                return Outcome(note="ignored")
            # A repeat (0221) is the same advice: answered as its 0220 was, or decided now
            # if the 0220 never arrived.
            mti = "0220"
        key = (terminal, mti, fields.get("11", ""), fields.get("7", ""))
        financial = mti[1] in "124"
        delay = self.options.delay_ms if financial else 0
        record = self.records.get(key)
        if record is not None:
            if record.cancelled:
                # SimulatedBook.cancel: a reversed request answers 68, also when it first comes after.
                note = "duplicate" if record.answer is not None else "cancelled before it came"
                return Outcome({**(record.answer or self.echo_amount(fields)), "39": "68"}, delay, note)
            if record.withheld:
                return self.withheld(record, "duplicate")
            return Outcome(dict(record.answer), delay, "duplicate")
        if mti in ("0400", "0401"):
            return self.reversal(key, fields, delay)
        record = Record()
        try:
            if mti == "0500":
                record.answer = self.reconcile(fields)
            elif mti in ("0100", "0200") and "37" not in fields:
                record.answer = self.original(key, mti, fields, icc, record)
            elif mti in ("0100", "0200", "0220"):
                record.answer = self.follow_up(mti, fields, record)
            else:
                raise Refusal("12", f"MTI {mti} is not in the profile")
        except Refusal as refusal:
            if refusal.reason:
                log(f"{mti} STAN {fields.get('11')}: {refusal.code}: {refusal.reason}")
            record.answer = {"39": refusal.code, **self.echo_amount(fields)}
            if "37" in fields:
                record.answer["37"] = fields["37"]
        self.records[key] = record
        if record.withheld:
            return self.withheld(record, None)
        return Outcome(dict(record.answer), delay)

    def withheld(self, record, note):
        late = self.options.late_answer_ms
        if late is None:
            return Outcome(note=", ".join(filter(None, [note, "unanswered"])))
        return Outcome(dict(record.answer), late, ", ".join(filter(None, [note, "late"])))

    @staticmethod
    def echo_amount(fields):
        return {"4": fields["4"]} if "4" in fields else {}

    def network(self, conn, fields):
        code = fields.get("70")
        if code == "001":
            conn.signed_on = True
        elif code == "002":
            conn.signed_on = False
        elif code == "301":
            return Outcome({"39": self.options.echo_code})
        else:
            return Outcome({"39": "30" if code is None else "12"})
        return Outcome({"39": "00"})

    # Originals

    def original(self, key, mti, fields, icc, record):
        processing = fields.get("3", "")
        if mti == "0100" and processing[:2] == "00":
            kind = "authorization"
        elif mti == "0200" and processing[:2] in ("00", "20"):
            kind = "sale" if processing[:2] == "00" else "refund"
        else:
            raise Refusal("12", f"processing code {processing!r} on {mti}")
        sealed = None
        if "120" in fields:
            sealed = self.open_sealed(fields)
            pan = sealed[0]
        elif "2" in fields:
            pan = fields["2"]
        elif "35" in fields:
            pan = fields["35"].split("=", 1)[0]
        else:
            raise Refusal("30", f"{mti} without 37 has no card data (2, 35 or 120)")
        check_scheme_fields(fields)
        answer = self.decide(key, mti, kind, fields, icc, record, pan, sealed)
        if sealed is not None:
            answer["14"] = sealed[1]   # the expiry, which the gateway never saw
        return answer

    def decide(self, key, mti, kind, fields, icc, record, pan, sealed):
        if icc is not None and icc["error"]:
            raise Refusal("30", f"field 55 does not parse: {icc['error']}")
        amount = number(fields, "4", 12)
        number(fields, "49", 3)
        if not (12 <= len(pan) <= 19 and pan.isdigit() and luhn_ok(pan)):
            raise Refusal("14", "not a valid card number")
        if kind == "authorization" and fields.get("25") == "51":
            return self.verify(fields, amount, CARDS_BY_PAN.get(pan, APPROVE))
        if amount <= 0 or amount > LARGEST_AMOUNT:
            raise Refusal("13")
        card = CARDS_BY_PAN.get(pan, APPROVE)
        behaviour = card["behaviour"]
        if behaviour == "approve":
            return self.approve(key, fields, kind, amount, "00", record)
        if behaviour == "decline":
            raise Refusal(card["responseCode"])
        if behaviour == "processorError":
            raise Refusal(card["responseCode"])
        if behaviour == "noAnswer":
            record.withheld = True
            return self.approve(key, fields, kind, amount, "00", record)
        if behaviour == "pinRequired":
            return self.pin_step(key, fields, kind, amount, pan, card["responseCode"], card["wrongPINResponseCode"],
                                 record, sealed=sealed)
        code = f"{amount % 100:02d}"  # amount-driven
        kind_of_code = disposition(code)
        if kind_of_code == "approved":
            return self.approve(key, fields, kind, amount, code, record, by_amount=True)
        if kind_of_code == "partial":
            return self.approve(key, fields, kind, amount // 2, code, record, by_amount=True)
        if kind_of_code == "pin":
            return self.pin_step(key, fields, kind, amount, pan, code, "55", record, by_amount=True, sealed=sealed)
        raise Refusal(code)

    def open_sealed(self, fields):
        """(pan, expiry YYMM, TLV) of sealed card data (120), checked by acquirer_sealed."""
        if self.options.card_keys is None:
            raise Refusal("30", "sealed card data (120), but the host was started without --card-keys")
        try:
            return acquirer_sealed.open_sealed(fields, self.options.card_keys)
        except acquirer_sealed.SealedRefusal as refusal:
            raise Refusal(refusal.code, refusal.reason)

    def verify(self, fields, amount, card):
        """An account verification (0100, 25=51): SimulatedBook.verify. Amount 0 only; a
        declining card declines with its code, any other card is good (85); nothing is booked."""
        if amount != 0:
            raise Refusal("13", "an account verification has amount 0")
        if card["behaviour"] == "decline":
            raise Refusal(card["responseCode"])
        answer = {"39": "85", "37": self.new_rrn(), "38": self.new_approval_code(), "4": amount12(0)}
        if self.options.omit_37:
            del answer["37"]
        return answer

    def pin_step(self, key, fields, kind, amount, pan, soft_decline, wrong_pin, record, by_amount=False, sealed=None):
        if kind == "refund":
            return self.approve(key, fields, kind, amount, "00", record)
        try:
            pin = self.entered_pin(fields, pan, sealed)
        except ValueError as error:
            raise Refusal(wrong_pin, f"PIN block does not decipher: {error}")
        if pin is None:
            raise Refusal(soft_decline)
        if pin != CORRECT_PIN:
            raise Refusal(wrong_pin)
        return self.approve(key, fields, kind, amount, "00", record, by_amount=by_amount)

    def entered_pin(self, fields, pan, sealed):
        """The PIN of a PIN try: 52 under the zone PIN key, or the sealed data's own block
        (120, no 52); None when the request carries none."""
        if sealed is not None:
            return acquirer_sealed.pin_of(sealed)
        block = fields.get("52")
        if block is None:
            return None
        clear = psec_des.decrypt_tdes_ecb(self.zone_pin_key, bytes.fromhex(block))
        return psec_pinblock.decode_pinblock_iso_0(clear, pan)

    def approve(self, key, fields, kind, amount, code, record, by_amount=False):
        """Books an approved original; a refund (SimulatedBook.credit) always for the amount asked."""
        terminal, currency = key[0], fields["49"]
        rrn = self.new_rrn()
        answer = {"39": code, "37": rrn, "38": self.new_approval_code()}
        if kind == "refund":
            amount = int(fields["4"])
            answer["39"] = "00"
            record.refund = Refund(terminal, currency, self.batch(terminal, currency), amount)
            self.refunds.append(record.refund)
        else:
            auth = Authorization(
                rrn=rrn, terminal=terminal, currency=currency, kind=kind, trace="".join(key[1:]),
                authorized=amount, captured=amount if kind == "sale" else 0, by_amount=by_amount,
                capture_batch=self.batch(terminal, currency) if kind == "sale" else -1)
            self.auths[(terminal, rrn)] = auth
            record.change = (auth, None, dataclasses.replace(auth))
        answer["4"] = amount12(amount)
        if "55" in fields and kind != "refund":
            answer["55"] = issuer_authentication_data(fields["55"])
        if self.options.omit_37:
            del answer["37"]
        return answer

    # Follow-ups

    def find(self, fields):
        terminal, rrn = fields.get("41", ""), fields.get("37")
        if rrn is None:
            raise Refusal("30", "follow-up without 37")
        auth = self.auths.get((terminal, rrn))
        if auth is None:
            raise Refusal("12", "no original with this RRN and terminal")
        return auth

    def follow_up(self, mti, fields, record):
        processing = fields.get("3", "")[:2]
        if any(card_field in fields for card_field in ("2", "35")):
            raise Refusal("30", "follow-up with card data")
        if mti == "0220" and processing == "00":
            operation = "capture"
        elif mti == "0220" and processing == "02":
            operation = "adjustTip"
        elif mti == "0100" and processing == "00":
            operation = "incrementAuthorization"
        elif mti == "0200" and processing == "20":
            operation = "refund"
        else:
            raise Refusal("12", f"processing code {fields.get('3')!r} on a {mti} follow-up")
        auth = self.find(fields)
        amount = number(fields, "4", 12)
        tip = self.tip_from_54(fields) if operation == "adjustTip" else None
        return self.apply(operation, auth, fields, amount, record, tip=tip)

    @staticmethod
    def tip_from_54(fields):
        """The gratuity (amount type 44) of 54: account type (2), amount type (2), currency (3), C/D, 12 digits."""
        text = fields.get("54")
        if text is None or len(text) % 20:
            raise Refusal("30", "tip adjustment without a well-formed 54")
        for start in range(0, len(text), 20):
            entry = text[start:start + 20]
            if entry[2:4] == "44":
                if not (entry[4:7].isdigit() and entry[7] in "CD" and entry[8:].isdigit()):
                    raise Refusal("30", "54 amount type 44 is malformed")
                return entry[4:7], int(entry[8:])
        raise Refusal("30", "54 has no amount type 44")

    def apply(self, operation, auth, fields, amount, record, tip=None, replacement=None):
        """SimulatedAuthorization.deciding, then the change on the books."""
        answer = {"37": auth.rrn, "4": fields["4"]}
        try:
            self.check(operation, auth, fields, amount, tip, replacement)
        except Refusal as refusal:
            if refusal.reason:
                log(f"{operation} of {auth.rrn}: {refusal.code}: {refusal.reason}")
            return {"39": refusal.code, **answer}
        before = dataclasses.replace(auth)
        if operation == "capture":
            auth.captured = amount
            auth.capture_batch = self.batch(auth.terminal, auth.currency)
        elif operation == "incrementAuthorization":
            auth.authorized += amount
        elif operation == "adjustTip":
            auth.captured, auth.tip = amount, tip[1]
        elif operation == "void":
            auth.closed = True
        elif operation == "reverse":
            released = amount - replacement
            if auth.captured > 0:
                auth.captured -= released
            else:
                auth.authorized -= released
            auth.closed = auth.outstanding == 0
        elif operation == "refund":
            auth.refunded += amount
            record.refund = Refund(auth.terminal, auth.currency, self.batch(auth.terminal, auth.currency), amount)
            self.refunds.append(record.refund)
        record.change = (auth, before, dataclasses.replace(auth))
        return {"39": "00", "38": self.new_approval_code(), **answer}

    @staticmethod
    def check(operation, auth, fields, amount, tip, replacement):
        if auth.closed:
            raise Refusal("12", "the payment is closed")
        if fields.get("49", auth.currency) != auth.currency:
            raise Refusal("13", "currency differs from the original's")
        captured = auth.captured > 0
        if operation == "capture":
            if auth.kind != "authorization" or captured:
                raise Refusal("12", "not an uncaptured authorization")
            limit = auth.authorized + tip_overcapture(auth.authorized, amount - auth.authorized)
            if not 0 < amount <= LARGEST_AMOUNT or amount > limit:
                raise Refusal("13", "capture above the authorized amount plus the tip overcapture")
        elif operation == "incrementAuthorization":
            if auth.kind != "authorization" or captured:
                raise Refusal("12", "not an uncaptured authorization")
            if not 0 < amount <= LARGEST_AMOUNT - auth.authorized:
                raise Refusal("13", "increment out of range")
            if auth.by_amount and disposition(f"{amount % 100:02d}") != "approved":
                raise Refusal(f"{amount % 100:02d}")
        elif operation == "adjustTip":
            currency, new_tip = tip
            if not captured:
                raise Refusal("12", "tip adjustment of an uncaptured payment")
            if currency != auth.currency or not (0 < amount <= LARGEST_AMOUNT) or new_tip > LARGEST_AMOUNT \
                    or amount < new_tip or amount < auth.refunded:
                raise Refusal("13", "tip or new total out of range")
        elif operation == "void":
            if auth.refunded:
                raise Refusal("12", "void after a refund")
            if amount != auth.outstanding:
                raise Refusal("13", f"void of {amount}, outstanding {auth.outstanding}")
        elif operation == "reverse":
            if amount != auth.outstanding:
                raise Refusal("13", f"4 says {amount} outstanding, the host has {auth.outstanding}")
            if not 0 < amount - replacement <= auth.outstanding:
                raise Refusal("13", "nothing, or more than outstanding, to release")
        elif operation == "refund":
            if not captured:
                raise Refusal("12", "refund of an uncaptured payment")
            if not 0 < amount <= auth.captured - auth.refunded:
                raise Refusal("13", "refund above what is left")

    # Reversals

    def reversal(self, key, fields, delay):
        terminal = key[0]
        original = fields.get("90", "")
        if not (len(original) == 42 and original.isdigit()):
            self.records[key] = Record(answer={"39": "30", **self.echo_amount(fields)})
            log(f"{key[1]} STAN {key[2]}: 30: 90 missing or not 42 digits")
            return Outcome(dict(self.records[key].answer), delay)
        trace = original[:20]
        named = (terminal, trace[:4], trace[4:10], trace[10:20])
        ignored = self.ignored_reversals.get((terminal, trace), 0)
        if ignored < self.options.ignore_reversals:
            self.ignored_reversals[(terminal, trace)] = ignored + 1
            return Outcome(note="ignored")
        repeat_key = (terminal, trace, fields.get("4"), fields.get("95"))
        if repeat_key in self.reversal_answers:
            self.records[key] = Record(answer=self.reversal_answers[repeat_key])
            return Outcome(dict(self.reversal_answers[repeat_key]), delay, "repeat")
        record = Record()
        rrn = fields.get("37")
        auth = self.auths.get((terminal, rrn)) if rrn else None
        try:
            if auth is not None and auth.trace == trace:
                amount = number(fields, "4", 12)
                if "95" in fields:
                    replacement = number({"95": fields["95"][:12]}, "95", 12)
                    record.answer = self.apply("reverse", auth, fields, amount, record, replacement=replacement)
                else:
                    record.answer = self.apply("void", auth, fields, amount, record)
            elif rrn and auth is None and named not in self.records:
                raise Refusal("12", "reversal of an unknown RRN and request")
            else:
                record.answer = self.cancel(named, fields)
        except Refusal as refusal:
            if refusal.reason:
                log(f"{key[1]} STAN {key[2]}: {refusal.code}: {refusal.reason}")
            record.answer = {"39": refusal.code, **self.echo_amount(fields)}
            if rrn:
                record.answer["37"] = rrn
        self.records[key] = record
        self.reversal_answers[repeat_key] = record.answer
        return Outcome(dict(record.answer), delay)

    def cancel(self, named, fields):
        """Undoes the request `named` once (SimulatedBook.cancel); always 00."""
        target = self.records.get(named)
        if target is None:
            self.records[named] = Record(cancelled=True)
        elif not target.cancelled:
            target.cancelled = True
            if target.approved:
                if target.change is not None:
                    auth, before, after = target.change
                    if before is None:
                        auth.closed = True
                    else:
                        auth.undo(before, after)
                if target.refund is not None:
                    target.refund.cancelled = True
        answer = {"39": "00", **self.echo_amount(fields)}
        rrn = fields.get("37")
        if rrn is None and target is not None and target.answer is not None:
            rrn = target.answer.get("37")
        if rrn:
            answer["37"] = rrn
        return answer

    # Reconciliation

    def reconcile(self, fields):
        terminal = fields.get("41", "")
        currency = fields.get("49")
        if currency is None:
            raise Refusal("30", "0500 without 49")
        totals = fields.get("63")
        if totals is None or len(totals) != 52 or not totals.isdigit():
            raise Refusal("30", "63 is not 52 digits")
        batch = self.batch(terminal, currency)
        captures = [auth.captured for auth in self.auths.values()
                    if auth.terminal == terminal and auth.currency == currency and auth.capture_batch == batch
                    and auth.captured > 0 and not auth.closed]
        refunds = [refund.amount for refund in self.refunds
                   if refund.terminal == terminal and refund.currency == currency and refund.batch == batch
                   and not refund.cancelled]
        mine = f"{len(captures):010d}{sum(captures):016d}{len(refunds):010d}{sum(refunds):016d}"
        self.batches[(terminal, currency)] = batch + 1
        if mine != totals:
            log(f"0500 {terminal.strip()} {currency}: gateway says {totals}, host has {mine}")
        return {"39": "00" if mine == totals else "95", "63": mine}


# The wire, the journal and the server


class Journal:
    def __init__(self, path):
        self.file = open(path, "a", encoding="utf-8") if path else None

    def write(self, entry):
        if self.file is None:
            return
        entry = {"at": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds")
                 .replace("+00:00", "Z"), **entry}
        try:
            self.file.write(json.dumps(entry, separators=(",", ":")) + "\n")
            self.file.flush()
        except OSError as error:
            log(f"journal: {error}")


def check_scheme_fields(fields):
    """18, 43 and 60 of an original as docs/iso8583.md lays them out, checked here rather
    than trusted to the codec (pyiso8583 checks no character set): 18 four digits and 60
    seven known digits, both required; 43, when sent, 40 printable ASCII characters ending
    in a two-letter country or two spaces."""
    mcc = fields.get("18")
    if mcc is None or not (len(mcc) == 4 and mcc.isascii() and mcc.isdigit()):
        raise Refusal("30", "18 is not a four-digit MCC")
    location = fields.get("43")
    if location is not None:
        country = location[38:]
        if not (len(location) == 40 and all(0x20 <= ord(c) <= 0x7E for c in location)
                and (country == "  " or (country.isascii() and country.isalpha() and country.isupper()))):
            raise Refusal("30", "43 is not name 25, city 13, country 2 in printable ASCII")
    pos = fields.get("60")
    allowed = ("0", "02", "01", "01", "01", "01", "012")
    if pos is None or len(pos) != 7 or any(c not in allowed[i] for i, c in enumerate(pos)):
        raise Refusal("30", "60 is not seven known POS data digits")


def issuer_authentication_data(request_icc_hex):
    """Field 55 of an approval of a chip read: tag 91, issuer authentication data, of an
    8-byte ARPC (derived from the request's chip data, so each read gets its own) and the
    authorization response code "00" (3030)."""
    arpc = hashlib.sha256(bytes.fromhex(request_icc_hex)).digest()[:8]
    return ("910A" + arpc.hex() + "3030").upper()


def parse_icc(hex_text):
    """Field 55 as emv_common's TLV list, or the reason it does not parse."""
    try:
        decoded = emv_tlv.decode(bytes.fromhex(hex_text))
        return {"items": emv_common.from_pyemv(decoded), "error": None}
    except Exception as error:  # pyemv raises DecodeError, but any failure is a format error here
        return {"items": None, "error": str(error) or type(error).__name__}


def redact_icc(items):
    redacted = []
    for item in items:
        tag = item["tag"]
        if "children" in item:
            redacted.append({"tag": tag, "children": redact_icc(item["children"])})
        elif tag == "5A":
            redacted.append({"tag": tag, "value": masked_pan(item["value"].rstrip("F"))})
        elif tag in SECRET_TAGS:
            redacted.append({"tag": tag, "value": f"<removed, {len(item['value']) // 2} bytes>"})
        else:
            redacted.append(item)
    return redacted


def journal_fields(fields, icc):
    shown = {}
    for key, value in fields.items():
        if key == "2":
            shown[key] = masked_pan(value)
        elif key in ("35", "36", "45"):
            shown[key] = f"<removed, {len(value)} characters>"
        elif key == "52":
            shown[key] = f"<removed, {len(value) // 2} bytes>"
        elif key == "120":
            shown[key] = f"<removed, {len(value)} characters>"
        elif key == "55":
            shown[key] = redact_icc(icc["items"]) if icc and icc["items"] is not None \
                else f"<unparsable, {len(value) // 2} bytes>"
        else:
            shown[key] = value
    return shown


def decode(data):
    document, _ = iso8583.decode(bytes(data), iso8583_profile.SPEC)
    mti = document["t"]
    if not (len(mti) == 4 and mti.isdigit() and mti[0] == "0"):
        raise ValueError(f"MTI is not 4 digits of version 0: {mti!r}")
    return iso8583_profile.from_pyiso8583(document)


def mac_field(fields):
    """ISO 8583:1987: the MAC is the last field, 128 with a secondary bitmap, else 64."""
    return "128" if any(65 <= int(key) <= 127 for key in fields) else "64"


def retail_mac(key, data):
    return psec_mac.generate_retail_mac(key[:8], key[8:16], bytes(data), 1)


def mac_key_used(keys, data, fields):
    """The first of `keys` under which the message's MAC verifies, or None."""
    field = mac_field(fields)
    other = "64" if field == "128" else "128"
    if field not in fields or other in fields or len(data) <= 8:
        return None
    for key in keys:
        if retail_mac(key, data[:-8]).hex().upper() == fields[field].upper():
            return key
    return None


def kcv(key):
    return psec_des.generate_kcv(key, 3).hex().upper()


def key_block(zmk, key, wrong_kcv=False):
    """Field 125 of a key exchange: "TAK", the key enciphered under the ZMK, its KCV."""
    check = "000000" if wrong_kcv else kcv(key)
    if wrong_kcv and kcv(key) == check:
        check = "000001"
    return "TAK" + psec_des.encrypt_tdes_ecb(zmk, key).hex().upper() + check


def response_mti(mti):
    return mti[:2] + str(int(mti[2]) + 1) + "0"


class Connection:
    def __init__(self, number, writer):
        self.number = number
        self.writer = writer
        self.signed_on = False
        self.received = 0
        self.closed = False
        self.lock = asyncio.Lock()


class Server:
    def __init__(self, options):
        self.options = options
        self.host = Host(options)
        self.journal = Journal(options.journal)
        self.connections = 0
        self.dropped_once = False
        self.tasks = set()
        self.open = {}
        self.tls = tls_context(options)
        # The MAC key answers go under first; requests verify under any (the new and the old).
        self.mac_keys = [options.mac_key] if options.mac_key is not None else []
        self.key_sent = False
        self.offered_key = None

    def drop_all(self):
        """SIGUSR1: close every open connection, answered or not."""
        for conn in list(self.open.values()):
            self.journal.write({"connection": conn.number, "event": "dropped by signal"})
            conn.closed = True
            conn.writer.close()

    async def handshake(self, conn, writer):
        """TLS on a new connection (--tls-cert); False, journaled, when it fails."""
        try:
            await writer.start_tls(self.tls)
        except (ssl.SSLError, ConnectionError, OSError, asyncio.IncompleteReadError) as error:
            log(f"connection {conn.number}: TLS handshake failed: {error}")
            self.journal.write({"connection": conn.number, "event": "tls handshake failed", "error": str(error)})
            return False
        tls = writer.get_extra_info("ssl_object")
        entry = {"connection": conn.number, "event": "tls", "version": tls.version()}
        der = tls.getpeercert(binary_form=True)
        if der:
            subject = dict(item[0] for item in tls.getpeercert().get("subject", ()))
            entry["clientCertificate"] = {"subject": subject.get("commonName"), "sha256": hashlib.sha256(der).hexdigest()}
        self.journal.write(entry)
        return True

    async def serve(self, reader, writer):
        self.connections += 1
        conn = Connection(self.connections, writer)
        self.open[conn.number] = conn
        try:
            if self.tls is not None and not await self.handshake(conn, writer):
                return
            while not conn.closed:
                header = await reader.readexactly(2)
                length = int.from_bytes(header, "big")
                if length == 0:
                    log(f"connection {conn.number}: frame of length 0, closing")
                    self.journal.write({"connection": conn.number, "direction": "in", "error": "zero length",
                                        "length": 0})
                    break
                data = await reader.readexactly(length)
                conn.received += 1
                if not self.receive(conn, data):
                    break
        except asyncio.IncompleteReadError:
            pass
        except (ConnectionError, OSError) as error:
            log(f"connection {conn.number}: {error}")
        except Exception:
            log(f"connection {conn.number}: unexpected error, closing\n{traceback.format_exc()}")
        finally:
            self.open.pop(conn.number, None)
            conn.closed = True
            writer.close()

    def receive(self, conn, data):
        """Handles one frame; False closes the connection."""
        try:
            message = decode(data)
        except Exception as error:
            reason = str(error) or type(error).__name__
            log(f"connection {conn.number}: frame of {len(data)} bytes does not decode ({reason}), closing")
            self.journal.write({"connection": conn.number, "direction": "in", "error": reason, "length": len(data)})
            return False
        mti, fields = message["mti"], message["fields"]
        used = None
        if self.mac_keys:
            # The link answers a key exchange under the key it just took.
            offered = [self.offered_key] if self.offered_key is not None else []
            used = mac_key_used(self.mac_keys + offered, data, fields)
            if used is not None and used == self.offered_key and self.mac_keys[0] != used:
                # The gateway took the key it asked for: answers go under it from now on.
                self.mac_keys = [used] + self.mac_keys[:1]
            if used is None:
                log(f"connection {conn.number}: {mti} STAN {fields.get('11')}: missing or wrong MAC, not answered")
                self.journal.write({"connection": conn.number, "direction": "in", "mti": mti,
                                    "fields": journal_fields(fields, None), "note": "bad MAC"})
                return True
        if fields.get("70") == "161" and mti in ("0800", "0810"):
            return self.key_exchange(conn, mti, fields, used)
        icc = parse_icc(fields["55"]) if "55" in fields else None
        signed_on = conn.signed_on  # as the message found the connection
        try:
            outcome = self.host.handle(conn, mti, fields, icc)
        except Exception:
            log(f"connection {conn.number}: {mti} STAN {fields.get('11')}: internal error\n{traceback.format_exc()}")
            outcome = Outcome({"39": "96"}, note="internal error")
        drop_after = self.options.drop_after
        drop = drop_after is not None and not self.dropped_once and conn.received >= drop_after
        notes = [outcome.note] if outcome.note else []
        if drop:
            notes.append("dropped connection")
        entry = {"connection": conn.number, "direction": "in", "mti": mti, "fields": journal_fields(fields, icc),
                 "signedOn": signed_on}
        if used is not None:
            entry["macKcv"] = kcv(used)
        if notes:
            entry["note"] = ", ".join(notes)
        self.journal.write(entry)
        if drop:
            self.dropped_once = True
            log(f"connection {conn.number}: --drop-after {self.options.drop_after}: closing without answering {mti}")
            return False
        if outcome.answer is not None:
            answer = {key: fields[key] for key in ("7", "11", "41", "49", "70") if key in fields}
            answer.update(outcome.answer)
            self.spawn(self.send(conn, response_mti(mti), answer, outcome.delay_ms))
        if mti == "0800" and fields.get("70") == "001" and self.options.send_mac_key is not None \
                and not self.key_sent:
            self.key_sent = True
            self.spawn(self.send_key(conn))
        return True

    def spawn(self, coroutine):
        task = asyncio.ensure_future(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def send_key(self, conn):
        """Host-initiated key exchange: an 0800 (70 = 161) with the new TAK in 125."""
        key = self.options.send_mac_key
        self.offered_key = key
        fields = {"7": datetime.datetime.now(datetime.timezone.utc).strftime("%m%d%H%M%S"), "11": "900001",
                  "70": "161", "125": key_block(self.options.zone_master_key, key, self.options.wrong_key_kcv)}
        await self.send(conn, "0800", fields, 0)

    def key_exchange(self, conn, mti, fields, used):
        """70 = 161: the gateway's answer to the host's new key, or its request for one."""
        entry = {"connection": conn.number, "direction": "in", "mti": mti, "fields": journal_fields(fields, None)}
        if used is not None:
            entry["macKcv"] = kcv(used)
        if mti == "0810":
            accepted = fields.get("39") == "00" and self.offered_key is not None
            if accepted:
                self.mac_keys = [self.offered_key] + [k for k in self.mac_keys if k != self.offered_key][:1]
            entry["note"] = "key taken" if accepted else "key refused"
            self.journal.write(entry)
            return True
        key = self.options.requested_mac_key or self.options.send_mac_key or secrets.token_bytes(16)
        entry["note"] = "key requested"
        self.journal.write(entry)
        answer = {k: fields[k] for k in ("7", "11", "70") if k in fields}
        if self.options.zone_master_key is None or not self.mac_keys or self.options.refuse_key_requests \
                or "125" in fields:
            answer["39"] = "96"  # no zone master key or no MAC key to change, or told to refuse
            self.spawn(self.send(conn, "0810", answer, 0))
            return True
        answer["39"] = "00"
        answer["125"] = key_block(self.options.zone_master_key, key, self.options.wrong_key_kcv)
        # Answers stay under the old key until a message of the gateway's verifies under the
        # new one (receive): a gateway that refuses the key keeps working under the old.
        self.offered_key = key
        self.spawn(self.send(conn, "0810", answer, 0))
        return True

    async def send(self, conn, mti, fields, delay_ms):
        if delay_ms:
            await asyncio.sleep(delay_ms / 1000)
        if conn.closed:
            log(f"connection {conn.number}: closed before the {mti} for STAN {fields.get('11')} went out")
            return
        stan = fields.get("11")
        if self.options.garbage_on is not None and stan == self.options.garbage_on:
            data = GARBAGE
            entry = {"connection": conn.number, "direction": "out", "garbage": True, "stan": stan, "length": len(data)}
        else:
            wrong = self.options.wrong_mti_on is not None and stan == self.options.wrong_mti_on
            if wrong:
                mti = mti[:2] + str(int(mti[2]) + 2) + mti[3]
            key = self.mac_keys[0] if self.mac_keys else None
            sent = dict(fields)
            if key is not None:
                sent[mac_field(fields)] = "00" * 8
            try:
                encoded, _ = iso8583.encode(iso8583_profile.to_pyiso8583({"mti": mti, "fields": sent}),
                                            iso8583_profile.SPEC)
            except Exception as error:
                log(f"connection {conn.number}: cannot encode the {mti} for STAN {stan}: {error}")
                return
            data = bytes(encoded)
            if key is not None:
                mac = bytearray(retail_mac(key, data[:-8]))
                if stan is not None and stan == self.options.bad_mac_on:
                    mac[0] ^= 0xFF
                data = data[:-8] + bytes(mac)
            icc = parse_icc(fields["55"]) if "55" in fields else None
            entry = {"connection": conn.number, "direction": "out", "mti": mti, "fields": journal_fields(fields, icc)}
            if wrong:
                entry["note"] = "wrong MTI"
            if key is not None and stan is not None and stan == self.options.bad_mac_on:
                entry["note"] = "bad MAC"
        # Journaled before the bytes go, so that whoever got the answer finds it in the journal.
        self.journal.write(entry)
        try:
            async with conn.lock:
                conn.writer.write(len(data).to_bytes(2, "big") + data)
                await conn.writer.drain()
        except (ConnectionError, OSError) as error:
            log(f"connection {conn.number}: sending the {mti} for STAN {stan}: {error}")
            self.journal.write({"connection": conn.number, "event": "send failed", "mti": mti, "error": str(error)})


def options_from(argv):
    parser = argparse.ArgumentParser(description="Tapline's test ISO 8583 acquirer host (see the module docstring).")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--zone-pin-key", default=DEFAULT_ZONE_PIN_KEY)
    parser.add_argument("--journal")
    parser.add_argument("--card-keys")
    parser.add_argument("--print-cards", action="store_true")
    parser.add_argument("--delay-ms", type=int, default=0)
    parser.add_argument("--late-answer-ms", type=int)
    parser.add_argument("--ignore-reversals", type=int, default=0)
    parser.add_argument("--ignore-advices", type=int, default=0)
    parser.add_argument("--drop-after", type=int)
    parser.add_argument("--garbage-on")
    parser.add_argument("--wrong-mti-on")
    parser.add_argument("--echo-code", default="00")
    parser.add_argument("--omit-37", action="store_true")
    parser.add_argument("--tls-cert")
    parser.add_argument("--tls-key")
    parser.add_argument("--tls-client-ca")
    parser.add_argument("--mac-key")
    parser.add_argument("--bad-mac-on")
    parser.add_argument("--zone-master-key")
    parser.add_argument("--send-mac-key")
    parser.add_argument("--requested-mac-key")
    parser.add_argument("--refuse-key-requests", action="store_true")
    parser.add_argument("--wrong-key-kcv", action="store_true")
    options = parser.parse_args(argv)
    if (options.tls_cert is None) != (options.tls_key is None):
        parser.error("--tls-cert and --tls-key go together")
    if options.tls_client_ca and not options.tls_cert:
        parser.error("--tls-client-ca needs --tls-cert and --tls-key")
    try:
        key = bytes.fromhex(options.zone_pin_key)
        if len(key) not in (16, 24):
            raise ValueError
    except ValueError:
        parser.error("--zone-pin-key must be 32 or 48 hex digits (a double or triple length DES key)")
    for name in ("delay_ms", "late_answer_ms", "ignore_reversals", "ignore_advices", "drop_after"):
        value = getattr(options, name)
        if value is not None and value < 0:
            parser.error(f"--{name.replace('_', '-')} must not be negative")
    if options.drop_after == 0:
        parser.error("--drop-after must be at least 1")
    if options.mac_key is not None:
        try:
            options.mac_key = bytes.fromhex(options.mac_key)
            if len(options.mac_key) != 16:
                raise ValueError
        except ValueError:
            parser.error("--mac-key must be 32 hex digits (a double-length DES key)")
    if options.bad_mac_on is not None and options.mac_key is None:
        parser.error("--bad-mac-on needs --mac-key")
    for name, lengths in (("zone_master_key", (16, 24)), ("send_mac_key", (16,)), ("requested_mac_key", (16,))):
        value = getattr(options, name)
        if value is not None:
            try:
                value = bytes.fromhex(value)
                if len(value) not in lengths:
                    raise ValueError
            except ValueError:
                parser.error(f"--{name.replace('_', '-')} must be {' or '.join(str(n * 2) for n in lengths)} hex digits")
            setattr(options, name, value)
    if options.send_mac_key is not None and (options.mac_key is None or options.zone_master_key is None):
        parser.error("--send-mac-key needs --mac-key and --zone-master-key")
    if options.requested_mac_key is not None and (options.mac_key is None or options.zone_master_key is None):
        parser.error("--requested-mac-key needs --mac-key and --zone-master-key")
    for name in ("garbage_on", "wrong_mti_on", "bad_mac_on"):
        value = getattr(options, name)
        if value is not None:
            if not (value.isdigit() and len(value) <= 6):
                parser.error(f"--{name.replace('_', '-')} takes a STAN of up to 6 digits")
            setattr(options, name, value.zfill(6))
    if len(options.echo_code) != 2 or not options.echo_code.isascii() or not options.echo_code.isalnum():
        parser.error("--echo-code takes a response code of 2 letters or digits")
    return options


def tls_context(options):
    """The server's TLS context (--tls-cert), asking for a client certificate with --tls-client-ca."""
    if not options.tls_cert:
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(options.tls_cert, options.tls_key)
    if options.tls_client_ca:
        context.verify_mode = ssl.CERT_REQUIRED
        context.load_verify_locations(options.tls_client_ca)
    return context


async def run(options):
    server_state = Server(options)
    # The test runner starts its children with signals blocked.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGUSR1})
    asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, server_state.drop_all)
    server = await asyncio.start_server(server_state.serve, options.host, options.port)
    port = server.sockets[0].getsockname()[1]
    print(f"listening on {port}", flush=True)
    async with server:
        await server.serve_forever()


def main(argv=None):
    options = options_from(argv)
    if options.print_cards:
        print(json.dumps(TEST_CARDS, indent=2))
        return
    try:
        asyncio.run(run(options))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
