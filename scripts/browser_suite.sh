#!/usr/bin/env bash
# The dashboard in a real browser: starts `tapline serve` in an empty folder (as a newcomer
# does), takes the admin's sign-in from its first start, makes payments through the API,
# adds a viewer with `tapline user create`, then walks the dashboard in headless Chromium
# (scripts/browser/dashboard_walk.py). With a folder argument it saves a screenshot of each
# page there: `bash scripts/browser_suite.sh docs/screenshots` refreshes the repository's.
# Needs chromium and chromium-driver (Debian) and selenium (PyPI), as .ci/run installs them.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
shots=${1:+$(mkdir -p "$1" && cd "$1" && pwd)}
swift build --product tapline >/dev/null
bin="$repo/.build/debug/tapline"
work=$(mktemp -d)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
cd "$work"
"$bin" serve --port "$port" > serve.log 2>&1 &
serve=$!
# The suite's own status is the script's: under `set -e` the wait for a killed helper (143) would end the trap.
trap 'status=$?; kill $serve 2>/dev/null || true; wait $serve 2>/dev/null || true; rm -rf "$work"; exit $status' EXIT
for _ in $(seq 1 100); do curl -sf "$base/health" >/dev/null && break; sleep 0.2; done
curl -sf "$base/health" >/dev/null || { cat serve.log; echo "browser: tapline serve did not start"; exit 1; }

field() { grep -m1 "$1" serve.log | awk '{print $NF}'; }
admin=$(field "email:"); password=$(field "password:")
client=$(field "client id:"); secret=$(field "client secret:")
token=$(curl -sf -X POST "$base/v1/oauth/token" -H 'Content-Type: application/json' \
    -d "{\"grant_type\":\"client_credentials\",\"client_id\":\"$client\",\"client_secret\":\"$secret\"}" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
pay() {
    curl -sf -X POST "$base/v1/transactions/sale" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
        -d "{\"amount\":$1,\"currency\":\"USD\",\"accountNumber\":\"$2\",\"expirationMonth\":12,\"expirationYear\":2030,\"referenceId\":\"$3\",\"contactInfo\":{\"firstName\":\"$4\"}}" >/dev/null
}
pay 2500 4242424242424242 order-browser-1 Ada
pay 1800 5555555555554444 order-browser-2 Grace
pay 990 378282246310005 order-browser-3 Hedy
# Disputes: the simulator disputes a sale on its disputed test card a few seconds later, and
# an operator's client imports the acquirer's file disputing Grace's payment.
pay 4200 4000000000001976 order-browser-dispute Mary
grace=$(curl -sf "$base/v1/transactions?referenceId=order-browser-2" -H "Authorization: Bearer $token" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["items"][0]["id"])')
operator=$("$bin" client create --merchant-id demo-merchant --name operator --permissions importDisputes)
operator_token=$(curl -sf -X POST "$base/v1/oauth/token" -H 'Content-Type: application/json' \
    -d "{\"grant_type\":\"client_credentials\",\"client_id\":\"$(echo "$operator" | awk '/client id:/ {print $NF}')\",\"client_secret\":\"$(echo "$operator" | awk '/client secret:/ {print $NF}')\"}" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
printf 'payment_id,reference,reason_code,amount,currency,status,reason\r\n%s,CB-BROWSER-1,13.1,1800,USD,needsResponse,Merchandise not received\r\n' "$grace" |
    curl -sf -X POST "$base/v1/disputes/import" -H "Authorization: Bearer $operator_token" -H 'Content-Type: text/csv' --data-binary @- >/dev/null
hook_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
touch hook-secret.txt
python3 "$repo/scripts/webhook_receiver.py" "$hook_port" hook-secret.txt hook-deliveries.jsonl &
receiver=$!
trap 'status=$?; kill $serve $receiver 2>/dev/null || true; wait $serve $receiver 2>/dev/null || true; rm -rf "$work"; exit $status' EXIT
until curl -s -o /dev/null "http://127.0.0.1:$hook_port/"; do sleep 0.2; done
export WEBHOOK_URL="http://127.0.0.1:$hook_port/hooks" WEBHOOK_SECRET_FILE="$work/hook-secret.txt" WEBHOOK_DELIVERIES="$work/hook-deliveries.jsonl"
viewer_password="viewer password 1"
echo "$viewer_password" | "$bin" user create --merchant-id demo-merchant --email viewer@tapline.local --role viewer --password-stdin >/dev/null

python3 "$repo/scripts/browser/dashboard_walk.py" "$base" "$admin" "$password" viewer@tapline.local "$viewer_password" order-browser-1 ${shots:+"$shots"}
