"""The gateways a benchmark run measures: release `tapline serve` processes on SQLite or on
PostgreSQL (one or two instances on one schema), each ready with a token, an active device
with a reader token, and its RSS readable from /proc."""
import os
import re
import socket
import subprocess
import time
import urllib.request
import uuid

from load import each, run

KEYED = {"amount": 1000, "currency": "USD", "accountNumber": "4242424242424242",
         "expirationMonth": 12, "expirationYear": 2030}


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def get(url, timeout=1):
    with urllib.request.urlopen(url, timeout=timeout) as answer:
        return answer.status


class Gateway:
    """One `tapline serve` process."""

    def __init__(self, binary, work, name, store_flags, environment=None):
        self.name, self.port = name, free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        folder = os.path.join(work, name)
        os.makedirs(folder, exist_ok=True)
        self.log_path = os.path.join(folder, "serve.log")
        self.process = subprocess.Popen(
            [binary, "serve", "--port", str(self.port), "--keys", os.path.join(folder, "keys.json"),
             "--log-level", "error", *store_flags],
            stdout=open(self.log_path, "w"), stderr=subprocess.STDOUT, env={**os.environ, **(environment or {})})
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                if get(self.base + "/ready") == 200:
                    return
            except OSError:
                time.sleep(0.1)
        raise SystemExit(f"{name} did not become ready:\n" + open(self.log_path).read())

    def rss_kib(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            return int(re.search(r"VmRSS:\s+(\d+)", status.read()).group(1))

    def client(self):
        """The demo API client `tapline serve` printed on its first start."""
        log = open(self.log_path).read()
        return re.search(r"client id: *(\S+)", log).group(1), re.search(r"client secret: *(\S+)", log).group(1)

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


class Target:
    """What one store configuration is measured through: one gateway, or two sharing the load."""

    def __init__(self, label, gateways):
        self.label, self.gateways = label, gateways
        self.bases = [gateway.base for gateway in gateways]
        client_id, secret = gateways[0].client()
        answers, _, errors = run(each(self.bases[0], [("POST", "/v1/oauth/token", {"Content-Type": "application/json"},
                                                      {"grant_type": "client_credentials", "client_id": client_id,
                                                       "client_secret": secret}, 200)]))
        check(errors, f"{label}: token")
        self.token = answers[0]["access_token"]
        self.headers = {"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"}
        self.device = str(uuid.uuid4())
        path = f"/v1/devices/{self.device}"
        answers, _, errors = run(each(self.bases[0], [
            ("POST", "/v1/devices", self.headers, {"deviceId": self.device, "deviceName": "Benchmark"}, 201),
            ("POST", path + "/tap-to-pay/activate", self.headers, None, 200),
            ("POST", path + "/reader-token", self.headers, None, 200)], connections=1))
        check(errors, f"{label}: device")
        self.reader_token = answers[2]["token"]

    def rss_kib(self):
        return [gateway.rss_kib() for gateway in self.gateways]

    def stop(self):
        for gateway in self.gateways:
            gateway.stop()


def check(errors, what):
    if errors:
        raise SystemExit(f"{what}: {len(errors)} requests failed; first: {errors[0]}")


def start_targets(binary, work, stores, postgres_url):
    """Starts the gateways of `stores` (sqlite, pg1, pg2); returns {store: Target}."""
    targets = {}
    if "sqlite" in stores:
        targets["sqlite"] = Target("SQLite", [Gateway(binary, work, "sqlite", ["--database", f"{work}/sqlite.db"])])
    if "pg1" in stores or "pg2" in stores:
        schema = f"bench_{int(time.time())}_{os.getpid()}"
        for suffix in ("one", "two"):
            subprocess.run(["psql", "-q", postgres_url, "-c", f"CREATE SCHEMA {schema}_{suffix}"], check=True)
        targets["_schemas"] = [f"{schema}_one", f"{schema}_two"]
    if "pg1" in stores:
        flags = ["--database-url", f"{postgres_url}?search_path={schema}_one"]
        targets["pg1"] = Target("PostgreSQL, one instance", [Gateway(binary, work, "pg1", flags)])
    if "pg2" in stores:
        master = subprocess.run([binary, "keys", "new-master-key"], capture_output=True, text=True, check=True).stdout.strip()
        flags = ["--database-url", f"{postgres_url}?search_path={schema}_two"]
        first = Gateway(binary, work, "pg2a", flags, {"TAPLINE_MASTER_KEY": master})
        second = Gateway(binary, work, "pg2b", flags, {"TAPLINE_MASTER_KEY": master})
        targets["pg2"] = Target("PostgreSQL, two instances", [first, second])
    return targets


def drop_schemas(postgres_url, schemas):
    for schema in schemas:
        subprocess.run(["psql", "-q", postgres_url, "-c", f"DROP SCHEMA IF EXISTS {schema} CASCADE"],
                       env={**os.environ, "PGOPTIONS": "-c client_min_messages=warning"}, check=False)


def tap_bodies(binary, reader_token, count, path):
    """`count` fresh sealed taps (each single-use, good for 60 s), one JSON body per line."""
    with open(path, "w") as out:
        subprocess.run([binary, "reader", "tap", "--reader-token", reader_token, "--count", str(count)],
                       stdout=out, check=True)
    return path


def followup_pool(target, captures, refunds):
    """`captures` authorizations to capture and `refunds` sales to refund 1 cent at a time;
    returns the follow-up requests, captures and refunds alternating."""
    holds = [("POST", "/v1/transactions/authorization", target.headers, KEYED, 201)] * captures
    sales = [("POST", "/v1/transactions/sale", target.headers, {**KEYED, "amount": 1_000_000}, 201)] * refunds
    answers, _, errors = run(each(target.bases, holds + sales))
    check(errors, f"{target.label}: follow-up pool")
    hold_ids = [answer["id"] for answer in answers[:captures]]
    sale_ids = [answer["id"] for answer in answers[captures:]]
    mix = []
    for index, hold in enumerate(hold_ids):
        mix.append(("POST", f"/v1/transactions/{hold}/capture", target.headers, None, 201))
        mix.append(("POST", f"/v1/transactions/{sale_ids[index % len(sale_ids)]}/refund", target.headers, {"amount": 1}, 201))
    return mix
