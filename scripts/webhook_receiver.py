#!/usr/bin/env python3
"""A merchant's webhook endpoint for the smoke walk-through: answers 200 on loopback,
verifies each Tapline-Signature as the README shows, and appends what it got to a file
as one JSON line per request: {"id", "type", "transaction", "verified"}.

Usage: webhook_receiver.py PORT SECRET_FILE OUTPUT_FILE
(the secret is read from SECRET_FILE on every request: the endpoint is registered after
the receiver starts)."""
import hashlib
import hmac
import json
import sys
import time
from http.server import BaseHTTPRequestHandler, HTTPServer


def verify_tapline_signature(payload: bytes, header: str, secret: str, tolerance: int = 300) -> bool:
    fields = [part.strip().split("=", 1) for part in header.split(",") if "=" in part]
    timestamps = [value for key, value in fields if key == "t"]
    signatures = [value for key, value in fields if key == "v1"]
    if len(timestamps) != 1 or not timestamps[0].isdigit() or not signatures:
        return False
    if abs(time.time() - int(timestamps[0])) > tolerance:
        return False
    expected = hmac.new(secret.encode(), timestamps[0].encode() + b"." + payload, hashlib.sha256).hexdigest()
    return any(hmac.compare_digest(expected, signature) for signature in signatures)


port, secret_file, output = int(sys.argv[1]), sys.argv[2], sys.argv[3]


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with open(secret_file) as f:
            secret = f.read().strip()
        event = json.loads(body)
        line = {
            "id": event["id"],
            "header_id": self.headers.get("Tapline-Event-Id"),
            "type": event["type"],
            "transaction": event["data"]["transaction"]["id"],
            "verified": verify_tapline_signature(body, self.headers.get("Tapline-Signature", ""), secret),
        }
        with open(output, "a") as f:
            f.write(json.dumps(line) + "\n")
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args):
        pass


HTTPServer(("127.0.0.1", port), Receiver).serve_forever()
