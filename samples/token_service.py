#!/usr/bin/env python3
"""A payment service provider's reader-token service, for `tapline serve --reader-tokens remote`
(docs/ios.md, "Going live with a real iPhone"). It signs ES256 tokens with the provider's P-256 key
and the claim template the gateway's `signed` mode reads (samples/reader-token-claims.json), filled
the same way: `{{issuedAt}}` and `{{expiresAt}}` alone as a value become JSON numbers, every other
placeholder (`merchantIdentifier`, `merchantId`, `deviceId`, `issuer`, `nonce`) becomes text.

    python3 samples/token_service.py --cert service.pem --key service-key.pem [--client-ca ca.pem] \\
        --signing-key provider.pem --key-id K --issuer I [--claims samples/reader-token-claims.json]

Request (POST, JSON):  {"kind": "reader", "merchantId", "deviceId", "appleMerchantIdentifier"?,
                        "issuedAt": RFC 3339, "lifetimeSeconds"}
                       {"kind": "pin", "merchantId", "deviceId"?, "paymentId", "cardReaderTransactionId"?,
                        "issuedAt": RFC 3339, "expiresAt": RFC 3339}
Answer (200, JSON):    {"token": compact JWT, "expiresAt": RFC 3339}
Refusals:              400 (not a request it takes), 422 (the template names merchantIdentifier and
                       the merchant has none), each {"error": "..."}.

The sample signs with the gateway's `issuedAt`, so the gateway's clock and the token agree. The
journal (--journal) records kind, merchantId and deviceId only: never a token.
Needs Python 3 and `cryptography`; the options it shares with every sample service are in
provider_service.py.
"""
import base64
import json
import os
import re
import sys
from datetime import datetime, timedelta, timezone

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import provider_service  # noqa: E402

PLACEHOLDERS = {"merchantIdentifier", "merchantId", "deviceId", "issuer", "issuedAt", "expiresAt", "nonce"}
NUMERIC = {"issuedAt", "expiresAt"}
PATTERN = re.compile(r"\{\{(.*?)\}\}")
MAX_LIFETIME = 7 * 24 * 3600
DEFAULT_CLAIMS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "reader-token-claims.json")


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def sign(claims: dict, key, key_id: str) -> str:
    def encode(value):
        return b64url(json.dumps(value, sort_keys=True, separators=(",", ":")).encode())

    signing_input = encode({"alg": "ES256", "kid": key_id, "typ": "JWT"}) + "." + encode(claims)
    r, s = decode_dss_signature(key.sign(signing_input.encode(), ec.ECDSA(hashes.SHA256())))
    return signing_input + "." + b64url(r.to_bytes(32, "big") + s.to_bytes(32, "big"))


def fill(value, values):
    """The template value with its placeholders replaced, as the gateway's signed mode does."""
    if isinstance(value, str):
        whole = PATTERN.fullmatch(value)
        if whole and whole.group(1) in NUMERIC:
            return int(values[whole.group(1)])
        return PATTERN.sub(lambda match: values.get(match.group(1), ""), value)
    if isinstance(value, list):
        return [fill(item, values) for item in value]
    if isinstance(value, dict):
        return {name: fill(item, values) for name, item in value.items()}
    return value


def placeholders(value):
    if isinstance(value, str):
        return set(PATTERN.findall(value))
    if isinstance(value, list):
        return set().union(*map(placeholders, value)) if value else set()
    if isinstance(value, dict):
        return set().union(*map(placeholders, value.values())) if value else set()
    return set()


def parse_time(text):
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except (TypeError, ValueError, AttributeError):
        return None
    return moment if moment.tzinfo else None


def rfc3339(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def main():
    def extra(parser):
        parser.add_argument("--signing-key", required=True, help="the provider's P-256 private key, PEM")
        parser.add_argument("--key-id", required=True, help="the tokens' kid")
        parser.add_argument("--issuer", required=True, help="what {{issuer}} becomes, and the PIN tokens' iss")
        parser.add_argument("--claims", default=DEFAULT_CLAIMS, help="the claim template (default samples/reader-token-claims.json)")

    options = provider_service.arguments("A provider's reader-token service (sample).", extra)
    key = serialization.load_pem_private_key(open(options.signing_key, "rb").read(), password=None)
    if not isinstance(key, ec.EllipticCurvePrivateKey) or key.curve.name != "secp256r1":
        sys.exit("--signing-key must be a P-256 private key in PEM")
    template = json.load(open(options.claims))
    unknown = placeholders(template) - PLACEHOLDERS
    if not isinstance(template, dict) or unknown:
        sys.exit(f"--claims {options.claims}: not a JSON object, or unknown placeholders {sorted(unknown)}")
    needs_apple_id = "merchantIdentifier" in placeholders(template)

    def answer(request):
        kind = request.get("kind")
        merchant, issued_at = request.get("merchantId"), parse_time(request.get("issuedAt"))
        if kind not in ("reader", "pin") or not isinstance(merchant, str) or issued_at is None:
            return 400, {"error": "kind (reader or pin), merchantId and issuedAt (RFC 3339) are required"}
        iat = int(issued_at.timestamp())
        nonce = os.urandom(16).hex()
        if kind == "reader":
            lifetime = request.get("lifetimeSeconds")
            if not isinstance(lifetime, int) or not 60 <= lifetime <= MAX_LIFETIME or not isinstance(request.get("deviceId"), str):
                return 400, {"error": "a reader token needs deviceId and lifetimeSeconds (60 to 604800)"}
            apple_id = request.get("appleMerchantIdentifier")
            if needs_apple_id and not apple_id:
                return 422, {"error": "the claims name the merchant's identifier at Apple, and the request has none"}
            exp = iat + lifetime
            values = {
                "merchantIdentifier": apple_id or "", "merchantId": merchant, "deviceId": request["deviceId"],
                "issuer": options.issuer, "issuedAt": str(iat), "expiresAt": str(exp), "nonce": nonce,
            }
            token = sign(fill(template, values), key, options.key_id)
        else:
            expires_at = parse_time(request.get("expiresAt"))
            if expires_at is None or not isinstance(request.get("paymentId"), str):
                return 400, {"error": "a PIN token needs paymentId and expiresAt (RFC 3339)"}
            exp = int(expires_at.timestamp())
            claims = {"iss": options.issuer, "mid": merchant, "pid": request["paymentId"], "iat": iat, "exp": exp, "nonce": nonce}
            for claim, field in (("sub", "deviceId"), ("rid", "cardReaderTransactionId")):
                if isinstance(request.get(field), str):
                    claims[claim] = request[field]
            token = sign(claims, key, options.key_id)
        return 200, {"token": token, "expiresAt": rfc3339(datetime.fromtimestamp(exp, timezone.utc))}

    def record(request, status, body):
        return {"kind": request.get("kind"), "merchantId": request.get("merchantId"), "deviceId": request.get("deviceId")}

    provider_service.run(options, answer, record)


if __name__ == "__main__":
    main()
