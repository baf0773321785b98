#!/usr/bin/env python3
"""joserfc as the independent JOSE peer of Tapline's JWT tests; needs `pip install joserfc`. It
plays an integrator's backend (the keys, JWTs and JWKS host the integrator JWT tests check
against: Tests/GatewayTests/Auth/IntegratorJWT*Tests.swift) and verifies the reader and PIN
tokens Tapline signs with a provider's key (the signed reader-token tests).

    jwt_peer.py keygen ec|rsa <private.pem> <public.pem>   writes a key pair, prints its kid
                                                           (the RFC 7638 thumbprint)
    jwt_peer.py mint <private.pem> <kid> <claims-json> [--alg ALG]
                                                           prints a JWT signed with the key
                                                           (ES256 for EC, RS256 for RSA unless --alg)
    jwt_peer.py hs256 <secret-file> <kid> <claims-json>    prints a JWT signed with HS256 under the
                                                           file's bytes (a public key taken for a secret)
    jwt_peer.py none <kid> <claims-json>                   prints an unsigned JWT (alg none)
    jwt_peer.py jwks <public.pem>...                       prints a JWKS of the keys, kid = thumbprint
    jwt_peer.py serve <jwks-file>                          serves the file's current text at every
                                                           path on 127.0.0.1; prints "listening on PORT"
    jwt_peer.py verify <key-pem-file> <compact-jwt>        verifies an ES256 token with the public half
                                                           of the key (the file may hold the private
                                                           key), prints {"header", "claims"} as JSON;
                                                           exits non-zero when it does not verify
"""
import base64
import json
import sys
import warnings
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from joserfc import jwt
from joserfc.jwk import ECKey, OctKey, RSAKey, KeySet

warnings.simplefilter("ignore")


def load_private(path: str):
    data = open(path, "rb").read()
    try:
        return ECKey.import_key(data)
    except Exception:
        return RSAKey.import_key(data)


def keygen(kind: str, private_path: str, public_path: str) -> None:
    key = ECKey.generate_key("P-256") if kind == "ec" else RSAKey.generate_key(2048)
    open(private_path, "wb").write(key.as_pem(private=True))
    open(public_path, "wb").write(key.as_pem(private=False))
    print(key.thumbprint())


def mint(private_path: str, kid: str, claims: str, alg: str | None) -> None:
    key = load_private(private_path)
    alg = alg or ("ES256" if isinstance(key, ECKey) else "RS256")
    print(jwt.encode({"alg": alg, "kid": kid, "typ": "JWT"}, json.loads(claims), key, algorithms=[alg]))


def hs256(secret_path: str, kid: str, claims: str) -> None:
    key = OctKey.import_key(open(secret_path, "rb").read())
    print(jwt.encode({"alg": "HS256", "kid": kid, "typ": "JWT"}, json.loads(claims), key, algorithms=["HS256"]))


def unsigned(kid: str, claims: str) -> None:
    def part(value: dict) -> str:
        return base64.urlsafe_b64encode(json.dumps(value).encode()).rstrip(b"=").decode()
    print(part({"alg": "none", "kid": kid, "typ": "JWT"}) + "." + part(json.loads(claims)) + ".")


def jwks(paths: list[str]) -> None:
    keys = []
    for path in paths:
        data = open(path, "rb").read()
        try:
            key = ECKey.import_key(data)
        except Exception:
            key = RSAKey.import_key(data)
        exported = key.as_dict(private=False)
        exported["kid"] = key.thumbprint()
        exported["use"] = "sig"
        keys.append(exported)
    print(json.dumps({"keys": keys}))


def verify(pem_path: str, token: str) -> None:
    with open(pem_path, encoding="ascii") as file:
        key = ECKey.import_key(file.read())
    public = ECKey.import_key(key.as_pem(private=False))
    decoded = jwt.decode(token, public, algorithms=["ES256"])
    print(json.dumps({"header": decoded.header, "claims": decoded.claims}, sort_keys=True))


def serve(path: str) -> None:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            body = open(path, "rb").read()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(f"listening on {server.server_address[1]}", flush=True)
    server.serve_forever()


def main() -> None:
    command, arguments = sys.argv[1], sys.argv[2:]
    if command == "keygen":
        keygen(*arguments)
    elif command == "mint":
        alg = None
        if "--alg" in arguments:
            index = arguments.index("--alg")
            alg = arguments[index + 1]
            arguments = arguments[:index] + arguments[index + 2:]
        mint(*arguments, alg)
    elif command == "hs256":
        hs256(*arguments)
    elif command == "none":
        unsigned(*arguments)
    elif command == "jwks":
        jwks(arguments)
    elif command == "serve":
        serve(*arguments)
    elif command == "verify":
        verify(*arguments)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
