#!/usr/bin/env bash
# Dashboard pages/s on this machine, each as a ratio to GET /health measured in the same run
# (these machines are noisy; only the ratio travels): the payments list (25 rows, filters,
# the volume chart's link), one payment's page (timeline, events), the 30-day volume SVG,
# and the payments CSV. A release `tapline serve` in an empty folder with 500 keyed sales,
# signed in as the first start's admin; wrk, one thread, 8 connections, loopback only.
# Needs wrk (apt-get install wrk).
#   bash scripts/bench_dashboard.sh [seconds per page, default 5]
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-5}
command -v wrk >/dev/null || { echo "install wrk first: apt-get install -y wrk"; exit 2; }
swift build -c release --product tapline 2>&1 | tail -1
bin="$(swift build -c release --show-bin-path)/tapline"
work=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
base="http://127.0.0.1:$port"
(cd "$work" && exec "$bin" serve --port "$port" > serve.log 2>&1) &
serve=$!
trap 'kill $serve 2>/dev/null || true; wait $serve 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 300); do curl -sf "$base/health" >/dev/null 2>&1 && break; sleep 0.1; done

field() { grep -m1 "$1" "$work/serve.log" | awk '{print $NF}'; }
token=$(curl -sf -X POST "$base/v1/oauth/token" -H 'Content-Type: application/json' \
    -d "{\"grant_type\":\"client_credentials\",\"client_id\":\"$(field 'client id:')\",\"client_secret\":\"$(field 'client secret:')\"}" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
for i in $(seq 1 500); do
    curl -sf -X POST "$base/v1/transactions/sale" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
        -d "{\"amount\":$((1000 + i)),\"currency\":\"USD\",\"accountNumber\":\"4242424242424242\",\"expirationMonth\":12,\"expirationYear\":2030,\"referenceId\":\"bench-$i\"}" \
        -o "$work/last.json"
done
payment=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["id"])' "$work/last.json")
curl -sf -X POST "$base/v1/transactions/$payment/refund" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' -d '{"amount":100}' >/dev/null

# Sign in as a browser does: the form's CSRF cookie, then the session cookie.
jar="$work/cookies"
csrf=$(curl -sf -c "$jar" "$base/dashboard/sign-in" | sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p' | head -1)
curl -sf -b "$jar" -c "$jar" -o /dev/null -X POST "$base/dashboard/sign-in" \
    --data-urlencode "csrf=$csrf" --data-urlencode "next=/dashboard" \
    --data-urlencode "email=$(field 'email:')" --data-urlencode "password=$(field 'password:')"
session=$(awk '$6 == "tapline_session" {print $7}' "$jar")
[ -n "$session" ] || { echo "bench: the sign-in failed"; exit 1; }

rate() {  # rate PATH : requests per second, after checking the page answers 200
    local code
    code=$(curl -s -o /dev/null -w '%{http_code}' -H "Cookie: tapline_session=$session" "$base$1")
    [ "$code" = 200 ] || { echo "bench: $1 answered $code"; exit 1; }
    wrk -t1 -c8 -d"${duration}s" -H "Cookie: tapline_session=$session" "$base$1" | awk '/Requests\/sec/ {print $2}'
}
health=$(rate /health)
printf '%-34s %10s %8s\n' page 'req/s' 'ratio'
printf '%-34s %10.0f %8s\n' '/health (baseline)' "$health" 1.000
for path in /dashboard "/dashboard/payments/$payment" /dashboard/volume.svg "/dashboard/payments.csv?from=2000-01-01"; do
    value=$(rate "$path")
    printf '%-34s %10.0f %8.3f\n' "${path/$payment/<id>}" "$value" "$(python3 -c "print($value / $health)")"
done
