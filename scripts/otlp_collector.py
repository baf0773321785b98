#!/usr/bin/env python3
"""A tiny OpenTelemetry collector for the README's "Traces" block, not for production.

Takes OTLP/HTTP in its JSON encoding (`tapline serve --otlp-protocol http/json`) on
POST /v1/traces and appends each span to FILE as one JSON line: trace_id, span_id,
parent_span_id (hex; "" for a root), name, kind and attributes.

Usage: otlp_collector.py PORT FILE   (PORT 0: any free port). Prints "listening on PORT"
once it listens.
"""
import base64
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

lock = threading.Lock()


def hex_id(value):
    """OTLP's JSON gives ids in hex; protobuf's JSON mapping (swift-otel's) in base64."""
    if not value:
        return ""
    if len(value) in (16, 32) and all(c in "0123456789abcdefABCDEF" for c in value):
        return value.lower()
    return base64.b64decode(value).hex()


def attributes(items):
    return {item["key"]: next(iter(item.get("value", {}).values()), None) for item in items or []}


class Collector(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if self.path != "/v1/traces" or not self.headers.get("Content-Type", "").startswith("application/json"):
            return self.reply(415 if self.path == "/v1/traces" else 404, b'{"message":"POST /v1/traces, application/json"}')
        lines = []
        for resource in json.loads(body).get("resourceSpans", []):
            for scope in resource.get("scopeSpans", []):
                for span in scope.get("spans", []):
                    lines.append(json.dumps({
                        "trace_id": hex_id(span.get("traceId")), "span_id": hex_id(span.get("spanId")),
                        "parent_span_id": hex_id(span.get("parentSpanId")), "name": span.get("name", ""),
                        "kind": span.get("kind", 0), "attributes": attributes(span.get("attributes")),
                    }) + "\n")
        with lock, open(sys.argv[2], "a") as out:
            out.writelines(lines)
        self.reply(200, b"{}")

    def reply(self, status, body):
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    server = ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Collector)
    print(f"listening on {server.server_address[1]}", flush=True)
    server.serve_forever()
