#!/usr/bin/env bash
# Throughput of keyed sales on the embedded SQLite store, as a ratio against GET /health
# measured in the same run (these machines are noisy; only the ratio travels).
# Needs wrk (apt-get install wrk). Release build; loopback only; bounded duration.
#   bash scripts/bench_sales.sh [seconds per run, default 10]
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10}
command -v wrk >/dev/null || { echo "install wrk first: apt-get install -y wrk"; exit 2; }

work=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
base="http://127.0.0.1:$port"
swift build -c release --product tapline 2>&1 | tail -1
bin="$(swift build -c release --show-bin-path)/tapline"
"$bin" serve --port "$port" --database "$work/bench.sqlite" --keys "$work/keys.json" --log-level error >"$work/serve.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do curl -sf "$base/health" >/dev/null 2>&1 && break; sleep 0.1; done

client_id=$(sed -n 's/.*client id: *//p' "$work/serve.log" | head -1)
client_secret=$(sed -n 's/.*client secret: *//p' "$work/serve.log" | head -1)
token=$(curl -sf -X POST "$base/v1/oauth/token" -H 'Content-Type: application/json' \
    -d "{\"grant_type\":\"client_credentials\",\"client_id\":\"$client_id\",\"client_secret\":\"$client_secret\"}" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')

cat > "$work/sale.lua" <<LUA
wrk.method = "POST"
wrk.headers["Authorization"] = "Bearer $token"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"amount":1000,"currency":"USD","accountNumber":"4242424242424242","expirationMonth":12,"expirationYear":2030}'
LUA

rate() { sed -n 's/^Requests\/sec: *//p'; }
health=$(wrk -t2 -c16 -d"${duration}s" "$base/health" | rate)
sales=$(wrk -t2 -c16 -d"${duration}s" -s "$work/sale.lua" "$base/v1/transactions/sale" | tee "$work/sales.txt" | rate)
grep -q "Non-2xx" "$work/sales.txt" && { cat "$work/sales.txt"; echo "some sales failed"; exit 1; }
python3 - "$health" "$sales" <<'PY'
import sys
health, sales = float(sys.argv[1]), float(sys.argv[2])
print(f"GET /health: {health:,.0f} req/s (baseline)")
print(f"POST /v1/transactions/sale on SQLite: {sales:,.0f} sales/s")
print(f"ratio sales/health: {sales/health:.3f}")
PY
