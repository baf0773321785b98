#!/usr/bin/env bash
# What the ISO 8583 acquirer link costs, in one run on this machine: keyed sales through
# `tapline serve` with the built-in simulator, with `--processor iso8583://` (plain TCP) and
# with `--processor iso8583s://` (mutual TLS, a throwaway PKI from samples/provider_pki.py,
# and the retail MAC on every message both ways) against the test acquirer host (scripts/acquirer_host.py, one for each link), each
# gateway on its own SQLite database.
#   1. throughput: CLIENTS concurrent clients, each sending SALES keyed sales one after the
#      other on a keep-alive connection; sales/s of each, and the ratio.
#   2. latency at a fixed rate: RATE sales/s for SECONDS (open loop: each sale starts on
#      schedule whether or not the ones before have answered, and its latency counts from
#      that scheduled start); p50/p99 of each, and what the link adds.
# Each measurement runs twice per processor in the order simulator, acquirer, tls, tls,
# acquirer, simulator, and the two runs are pooled, so a machine that gets slower or faster during
# the run (other work on it) weighs on both alike.
# Every sale must answer 201 captured (00); the run fails otherwise. No Idempotency-Key.
# Release build, loopback only, the gateways at --log-level warning, the host without a
# journal. The gateway, the host and this load generator share the machine's cores, so the
# figures are for comparing the two processors in one run, not a capacity claim; the test
# host is Python and is likely the first to run out of CPU.
#   bash scripts/bench_acquirer.sh [SALES per client, default 200] [CLIENTS, default 16]
#                                  [RATE per second, default 50] [SECONDS, default 20]
# Needs pyiso8583, psec, pyemv and cryptography (.ci/run installs them). TAPLINE_SCRATCH_PATH, when set,
# is the build folder (swift build --scratch-path); BENCH_KEEP=1 keeps the logs and databases.
set -euo pipefail
cd "$(dirname "$0")/.."
sales=${1:-200}
clients=${2:-16}
rate=${3:-50}
seconds=${4:-20}
for value in "$sales" "$clients" "$rate" "$seconds"; do
    [[ "$value" =~ ^[1-9][0-9]*$ ]] || { echo "usage: bash scripts/bench_acquirer.sh [SALES] [CLIENTS] [RATE] [SECONDS] (whole numbers)"; exit 2; }
done
python3 -c 'import iso8583, psec, pyemv, cryptography' 2>/dev/null \
    || { echo "the test acquirer host needs: python3 -m pip install pyiso8583 psec pyemv 'cryptography<49'"; exit 2; }

work=$(mktemp -d)
pids=()
cleanup() {
    local index
    # Newest first, each waited for: the gateways sign off before the host goes away.
    for ((index = ${#pids[@]} - 1; index >= 0; index--)); do
        kill "${pids[index]}" 2>/dev/null || true
        wait "${pids[index]}" 2>/dev/null || true
    done
    if [ -n "${BENCH_KEEP:-}" ]; then echo "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

scratch=(${TAPLINE_SCRATCH_PATH:+--scratch-path "$TAPLINE_SCRATCH_PATH"})
swift build -c release --product tapline "${scratch[@]}" 2>&1 | tail -1
bin="$(swift build -c release "${scratch[@]}" --show-bin-path)/tapline"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }

# start_host NAME FLAGS... : a test acquirer host on a port of its own choosing; sets $host_port.
start_host() {
    local name=$1
    shift
    python3 scripts/acquirer_host.py --port 0 "$@" >"$work/$name-host.out" 2>"$work/$name-host.err" &
    pids+=($!)
    for _ in $(seq 1 100); do grep -q '^listening on' "$work/$name-host.out" && break; sleep 0.1; done
    host_port=$(sed -n 's/^listening on //p' "$work/$name-host.out")
    [ -n "$host_port" ] || { cat "$work/$name-host.err"; echo "the $name acquirer host did not start"; exit 1; }
}
start_host plain
plain_port=$host_port
python3 samples/provider_pki.py "$work/pki" >/dev/null
# A throwaway MAC key, for this run only.
mac_key=$(python3 -c 'import secrets; print(secrets.token_hex(16).upper())')
start_host TLS --tls-cert "$work/pki/service.pem" --tls-key "$work/pki/service-key.pem" --tls-client-ca "$work/pki/ca.pem" \
    --mac-key "$mac_key"
tls_port=$host_port

# start NAME SERVE-FLAGS... : a gateway in $work/NAME, waits for /ready; sets $base and $token.
start() {
    local name=$1 port client_id client_secret
    shift
    port=$(free_port)
    mkdir -p "$work/$name"
    "$bin" serve --port "$port" --database "$work/$name/tapline.sqlite" --keys "$work/$name/keys.json" \
        --log-level warning "$@" >"$work/$name/serve.log" 2>&1 &
    pids+=($!)
    base="http://127.0.0.1:$port"
    for _ in $(seq 1 300); do curl -sf "$base/ready" >/dev/null 2>&1 && break; sleep 0.1; done
    curl -sf "$base/ready" >/dev/null || { cat "$work/$name/serve.log"; echo "$name did not become ready"; exit 1; }
    client_id=$(sed -n 's/.*client id: *//p' "$work/$name/serve.log" | head -1)
    client_secret=$(sed -n 's/.*client secret: *//p' "$work/$name/serve.log" | head -1)
    token=$(curl -sf -X POST "$base/v1/oauth/token" -H 'Content-Type: application/json' \
        -d "{\"grant_type\":\"client_credentials\",\"client_id\":\"$client_id\",\"client_secret\":\"$client_secret\"}" \
        | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
}

start simulator
sim_base=$base sim_token=$token
TAPLINE_ZONE_PIN_KEY=0123456789ABCDEFFEDCBA9876543210 start acquirer --processor "iso8583://127.0.0.1:$plain_port"
acq_base=$base acq_token=$token
TAPLINE_ZONE_PIN_KEY=0123456789ABCDEFFEDCBA9876543210 TAPLINE_ACQUIRER_MAC_KEY=$mac_key start tls --processor "iso8583s://127.0.0.1:$tls_port" \
    --acquirer-tls-ca "$work/pki/ca.pem" --acquirer-tls-cert "$work/pki/gateway.pem" --acquirer-tls-key "$work/pki/gateway-key.pem"
tls_base=$base tls_token=$token
for name in acquirer tls; do
    "$bin" merchant settings --database "$work/$name/tapline.sqlite" --merchant demo-merchant \
        --acquirer-merchant-id 000000012345678 --acquirer-terminal-id TERM0001 >/dev/null
done

cat > "$work/load.py" <<'PY'
"""Keyed sales against one gateway: `throughput BASE TOKEN CLIENTS SALES` or
`latency BASE TOKEN RATE SECONDS`. Prints one JSON object. Plain HTTP/1.1 on asyncio
streams with keep-alive connections: no packages beyond the standard library."""
import asyncio, json, sys, time
from urllib.parse import urlsplit

BODY = json.dumps({"amount": 1000, "currency": "USD", "accountNumber": "4242424242424242",
                   "expirationMonth": 12, "expirationYear": 2030}).encode()


class Connection:
    def __init__(self, host, port, token):
        self.host, self.port = host, port
        self.request = (f"POST /v1/transactions/sale HTTP/1.1\r\nHost: {host}:{port}\r\n"
                        f"Authorization: Bearer {token}\r\nContent-Type: application/json\r\n"
                        f"Content-Length: {len(BODY)}\r\n\r\n").encode() + BODY
        self.reader = self.writer = None

    async def sale(self):
        """One keyed sale; returns None when it answered 201 captured 00, else why not."""
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        self.writer.write(self.request)
        await self.writer.drain()
        head = await self.reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:] if line)}
        if "content-length" in headers:
            body = await self.reader.readexactly(int(headers["content-length"]))
        else:  # chunked
            body = b""
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).strip(), 16)
                body += await self.reader.readexactly(size + 2)
                if size == 0:
                    break
        if headers.get("connection", "").lower() == "close":
            self.close()
        if status != 201:
            return f"HTTP {status}: {body[:200]!r}"
        answer = json.loads(body)
        if answer.get("status") != "captured" or answer.get("processor", {}).get("responseCode") != "00":
            return f"{answer.get('status')} {answer.get('processor')}"
        return None

    def close(self):
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def throughput(host, port, token, clients, sales):
    errors = []

    async def client():
        connection = Connection(host, port, token)
        for _ in range(sales):
            error = await connection.sale()
            if error:
                errors.append(error)
        connection.close()

    await asyncio.gather(*(client() for _ in range(min(clients, 4))))  # warm-up, not counted
    errors.clear()
    started = time.perf_counter()
    await asyncio.gather(*(client() for _ in range(clients)))
    elapsed = time.perf_counter() - started
    return {"sales": clients * sales, "seconds": elapsed, "per_second": clients * sales / elapsed,
            "errors": len(errors), "first_error": errors[0] if errors else None}


async def latency(host, port, token, rate, seconds):
    idle, latencies, errors, tasks = [], [], [], []
    total = rate * seconds

    async def one(scheduled):
        connection = idle.pop() if idle else Connection(host, port, token)
        try:
            error = await connection.sale()
        except (OSError, asyncio.IncompleteReadError) as failure:
            error = f"{type(failure).__name__}: {failure}"
            connection.close()
        latencies.append(time.perf_counter() - scheduled)
        if error:
            errors.append(error)
        idle.append(connection)

    warm = Connection(host, port, token)
    for _ in range(20):
        await warm.sale()
    idle.append(warm)
    started = time.perf_counter()
    for index in range(total):
        scheduled = started + index / rate
        delay = scheduled - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.ensure_future(one(scheduled)))
    await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - started
    for connection in idle:
        connection.close()
    return {"sales": total, "seconds": elapsed, "latencies": latencies,
            "connections": len(idle), "errors": len(errors), "first_error": errors[0] if errors else None}


mode, base, token, first, second = sys.argv[1:]
url = urlsplit(base)
run = throughput if mode == "throughput" else latency
print(json.dumps(asyncio.run(run(url.hostname, url.port, token, int(first), int(second)))))
PY

# load MODE NAME BASE TOKEN A B : one run of the load generator, appended to $work/MODE-NAME.jsonl.
load() {
    local mode=$1 name=$2
    python3 "$work/load.py" "$mode" "$3" "$4" "$5" "$6" >"$work/last.json"
    cat "$work/last.json" >>"$work/$mode-$name.jsonl"
    python3 - "$work/last.json" "$mode $name" <<'PY'
import json, sys
result = json.load(open(sys.argv[1]))
if result["errors"]:
    sys.exit(f"{sys.argv[2]}: {result['errors']} of {result['sales']} sales did not answer 201 captured 00; first: {result['first_error']}")
PY
}

# measure MODE A B : MODE against the three gateways, in the order simulator, acquirer, tls,
# tls, acquirer, simulator.
measure() {
    local mode=$1 name
    for name in simulator acquirer tls tls acquirer simulator; do
        echo "   $name"
        case $name in
            simulator) load "$mode" $name "$sim_base" "$sim_token" "$2" "$3" ;;
            acquirer) load "$mode" $name "$acq_base" "$acq_token" "$2" "$3" ;;
            tls) load "$mode" $name "$tls_base" "$tls_token" "$2" "$3" ;;
        esac
    done
}
echo "== throughput: $clients clients x $sales keyed sales each, twice per processor"
measure throughput "$clients" "$sales"
echo "== latency: $rate sales/s for ${seconds} s, twice per processor"
measure latency "$rate" "$seconds"

python3 - "$work" "$clients" "$sales" "$rate" "$seconds" "$(nproc)" <<'PY'
import json, sys
work, clients, sales, rate, seconds, cores = sys.argv[1:]

def pooled(mode, processor):
    runs = [json.loads(line) for line in open(f"{work}/{mode}-{processor}.jsonl")]
    total = {"sales": sum(r["sales"] for r in runs), "seconds": sum(r["seconds"] for r in runs),
             "runs": [r["sales"] / r["seconds"] for r in runs]}
    total["per_second"] = total["sales"] / total["seconds"]
    if mode == "latency":
        latencies = sorted(l for r in runs for l in r["latencies"])
        at = lambda f: latencies[min(len(latencies) - 1, int(f * len(latencies)))] * 1000
        total.update(p50_ms=at(0.50), p99_ms=at(0.99), max_ms=latencies[-1] * 1000,
                     connections=max(r["connections"] for r in runs))
    return total

ts, ta, tt = pooled("throughput", "simulator"), pooled("throughput", "acquirer"), pooled("throughput", "tls")
ls, la, lt = pooled("latency", "simulator"), pooled("latency", "acquirer"), pooled("latency", "tls")
runs = lambda x: ", ".join(f"{v:,.0f}" for v in x["runs"])
print()
print(f"Keyed sales through tapline serve (release, SQLite, {cores} cores shared with the test host and the load)")
print(f"throughput, {clients} clients x {sales} sales, two runs each:")
print(f"  simulator           {ts['per_second']:8,.0f} sales/s  ({ts['sales']} in {ts['seconds']:.2f} s; runs {runs(ts)})")
print(f"  acquirer (ISO 8583) {ta['per_second']:8,.0f} sales/s  ({ta['sales']} in {ta['seconds']:.2f} s; runs {runs(ta)})")
print(f"  acquirer, mTLS+MAC  {tt['per_second']:8,.0f} sales/s  ({tt['sales']} in {tt['seconds']:.2f} s; runs {runs(tt)})")
print(f"  acquirer / simulator  {ta['per_second'] / ts['per_second']:.2f}")
print(f"  TLS+MAC / plain TCP   {tt['per_second'] / ta['per_second']:.2f}")
print(f"  TLS+MAC / simulator   {tt['per_second'] / ts['per_second']:.2f}")
print(f"latency at {rate} sales/s for {seconds} s, two runs each (from each sale's scheduled start):")
for label, x in (("simulator          ", ls), ("acquirer (ISO 8583)", la), ("acquirer, mTLS+MAC ", lt)):
    print(f"  {label} p50 {x['p50_ms']:7.2f} ms  p99 {x['p99_ms']:7.2f} ms  max {x['max_ms']:7.2f} ms  ({x['sales']} sales, {x['connections']} connection{'s' if x['connections'] != 1 else ''} at most)")
print(f"  added by the link   p50 {la['p50_ms'] - ls['p50_ms']:+7.2f} ms  p99 {la['p99_ms'] - ls['p99_ms']:+7.2f} ms")
print(f"  added by TLS+MAC    p50 {lt['p50_ms'] - la['p50_ms']:+7.2f} ms  p99 {lt['p99_ms'] - la['p99_ms']:+7.2f} ms")
PY
