"""What the provider's sample services share: an HTTPS server that takes JSON POSTs, with
mutual TLS when asked, and fault modes for tests.

A sample service (token_service.py, decryption_service.py) calls `run(description, answer)`,
where `answer(request)` takes the decoded JSON body and returns `(status, body_dict)`. Options:

  --port N          0 picks a free port; the service prints `listening on PORT` once it listens
  --cert/--key      the service's certificate and key (PEM), e.g. from provider_pki.py
  --client-ca FILE  ask for a client certificate issued by FILE's authority (mutual TLS)
  --fault MODE      none (default), garbage (200, not JSON), slow (answers after 30 s),
                    huge (200 with 1 MiB), error (500), close (closes without answering)
  --journal FILE    appends one JSON line per request: what the sample chose to record

The services never print or record a request body: it may carry card data or tokens.
"""
import argparse
import json
import ssl
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MAX_REQUEST = 256 * 1024


def arguments(description, extra=None):
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--cert", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--client-ca")
    parser.add_argument("--fault", default="none", choices=["none", "garbage", "slow", "huge", "error", "close"])
    parser.add_argument("--journal")
    if extra:
        extra(parser)
    return parser.parse_args()


def run(options, answer, record=None):
    """Serves until killed. `record(request, status, body)` returns a dict for the journal, or None."""
    journal_lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass  # never print requests

        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            if length > MAX_REQUEST:
                return self.reply(413, {"error": "request too large"})
            raw = self.rfile.read(length)
            try:
                request = json.loads(raw)
                if not isinstance(request, dict):
                    raise ValueError("not an object")
            except ValueError:
                return self.reply(400, {"error": "the body must be a JSON object"})
            fault = options.fault
            if fault == "close":
                self.close_connection = True
                self.connection.close()
                return
            if fault == "slow":
                time.sleep(30)
            if fault == "error":
                return self.reply(500, {"error": "the sample service was told to fail"})
            if fault == "garbage":
                return self.send_bytes(200, b"<html>not json</html>", "text/html")
            if fault == "huge":
                return self.send_bytes(200, b"{\"padding\":\"" + b"x" * (1024 * 1024) + b"\"}", "application/json")
            status, body = answer(request)
            if options.journal and record:
                entry = record(request, status, body)
                if entry is not None:
                    with journal_lock, open(options.journal, "a") as out:
                        out.write(json.dumps(entry) + "\n")
            self.reply(status, body)

        def reply(self, status, body):
            self.send_bytes(status, json.dumps(body).encode(), "application/json")

        def send_bytes(self, status, data, content_type):
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            try:
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass

    server = ThreadingHTTPServer((options.host, options.port), Handler)
    server.daemon_threads = True
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(options.cert, options.key)
    if options.client_ca:
        context.verify_mode = ssl.CERT_REQUIRED
        context.load_verify_locations(options.client_ca)
    server.socket = context.wrap_socket(server.socket, server_side=True, do_handshake_on_connect=False)
    print(f"listening on {server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit("provider_service.py is a module: run token_service.py or decryption_service.py")
