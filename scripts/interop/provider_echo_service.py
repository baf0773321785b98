#!/usr/bin/env python3
"""A provider service for the HTTP client's tests: answers every JSON POST with
{"echo": <the request>}, over the samples' HTTPS server (mutual TLS, fault modes).
Also `--redirect URL`: answers 307 to URL instead."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "samples"))
import provider_service  # noqa: E402


def extra(parser):
    parser.add_argument("--status", type=int, default=200)


options = provider_service.arguments("echo service for tests", extra)
provider_service.run(options, lambda request: (options.status, {"echo": request}))
