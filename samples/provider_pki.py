#!/usr/bin/env python3
"""Makes a throwaway PKI for trying the provider's services with mutual TLS.

    python3 samples/provider_pki.py DIR

writes, in DIR (PEM files):
  ca.pem                           the certificate authority both sides trust
  service.pem, service-key.pem     the service's certificate, for localhost and 127.0.0.1
  gateway.pem, gateway-key.pem     the gateway's client certificate (mutual TLS)
  stranger.pem, stranger-key.pem   a client certificate from another authority: refused
  stranger-ca.pem                  that other authority

For tests and the README walk-through only: a provider uses the certificates its own PKI
issues. Needs the `cryptography` package.
"""
import datetime
import ipaddress
import os
import sys

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID


def name(common):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common)])


def write(directory, filename, data):
    with open(os.path.join(directory, filename), "wb") as out:
        out.write(data)


def key_pem(key):
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())


def authority(common):
    key = ec.generate_private_key(ec.SECP256R1())
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name(common)).issuer_name(name(common))
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=30))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
            .sign(key, hashes.SHA256()))
    return key, cert


def leaf(common, ca_key, ca_cert, usage, names=()):
    key = ec.generate_private_key(ec.SECP256R1())
    now = datetime.datetime.now(datetime.timezone.utc)
    builder = (x509.CertificateBuilder().subject_name(name(common)).issuer_name(ca_cert.subject)
               .public_key(key.public_key()).serial_number(x509.random_serial_number())
               .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=30))
               .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
               .add_extension(x509.ExtendedKeyUsage([usage]), critical=False))
    if names:
        builder = builder.add_extension(x509.SubjectAlternativeName(list(names)), critical=False)
    return key, builder.sign(ca_key, hashes.SHA256())


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: provider_pki.py DIR")
    directory = sys.argv[1]
    os.makedirs(directory, exist_ok=True)
    pem = serialization.Encoding.PEM
    ca_key, ca = authority("Tapline sample provider CA")
    write(directory, "ca.pem", ca.public_bytes(pem))
    service_names = [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
    key, cert = leaf("localhost", ca_key, ca, ExtendedKeyUsageOID.SERVER_AUTH, service_names)
    write(directory, "service.pem", cert.public_bytes(pem))
    write(directory, "service-key.pem", key_pem(key))
    key, cert = leaf("tapline-gateway", ca_key, ca, ExtendedKeyUsageOID.CLIENT_AUTH)
    write(directory, "gateway.pem", cert.public_bytes(pem))
    write(directory, "gateway-key.pem", key_pem(key))
    other_key, other = authority("Somebody else's CA")
    write(directory, "stranger-ca.pem", other.public_bytes(pem))
    key, cert = leaf("stranger", other_key, other, ExtendedKeyUsageOID.CLIENT_AUTH)
    write(directory, "stranger.pem", cert.public_bytes(pem))
    write(directory, "stranger-key.pem", key_pem(key))
    print(f"wrote ca.pem, service.pem, gateway.pem (with their keys) and a stranger's certificate to {directory}")


if __name__ == "__main__":
    main()
