#!/usr/bin/env python3
"""joserfc as the independent verifier of Tapline's signed reader tokens and PIN tokens (ES256).

Used by the signed reader-token tests; needs `pip install joserfc`.

    jwt_peer.py verify <key-pem-file> <compact-jwt>
        verifies the signature with the public half of the provider's key (the file may hold
        the private key: only its public key is used), allowing ES256 only, and prints
        {"header": ..., "claims": ...} as JSON; exits non-zero when the token does not verify.
"""
import json
import sys

from joserfc import jwt
from joserfc.jwk import ECKey


def verify(pem_path: str, token: str) -> str:
    with open(pem_path, encoding="ascii") as file:
        key = ECKey.import_key(file.read())
    public = ECKey.import_key(key.as_pem(private=False))
    decoded = jwt.decode(token, public, algorithms=["ES256"])
    return json.dumps({"header": decoded.header, "claims": decoded.claims}, sort_keys=True)


def main() -> None:
    if len(sys.argv) != 4 or sys.argv[1] != "verify":
        raise SystemExit(__doc__)
    print(verify(sys.argv[2], sys.argv[3]))


if __name__ == "__main__":
    main()
