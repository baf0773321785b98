#!/usr/bin/env bash
# Runs README's "Running several instances" for real: two `tapline serve` processes started
# at once on one new PostgreSQL database with one master key. Checks that they made one demo
# merchant and one key set, that a token and a reader token from one instance work on the
# other, that a card-key rotation reaches both without a restart, and that the wrong master
# key stops a start. Needs TAPLINE_POSTGRES_URL (a role that
# may create databases); `bash scripts/start_postgres.sh` prints one.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${TAPLINE_POSTGRES_URL:?set TAPLINE_POSTGRES_URL, e.g. TAPLINE_POSTGRES_URL=\$(bash scripts/start_postgres.sh)}"

work=$(mktemp -d)
database="tapline_fleet_$$"
server_url="${TAPLINE_POSTGRES_URL%%\?*}"
url="${server_url%/*}/$database"
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }
port_a=$(free_port); port_b=$(free_port)
a="http://127.0.0.1:$port_a"; b="http://127.0.0.1:$port_b"
bin=${TAPLINE_BIN:-}   # an already built tapline, else build one
if [ -z "$bin" ]; then
    swift build --product tapline 2>&1 | tail -1
    bin="$(swift build --show-bin-path)/tapline"
fi
psql -q "$TAPLINE_POSTGRES_URL" -c "CREATE DATABASE $database"
pids=""
trap 'kill $pids 2>/dev/null || true; wait 2>/dev/null; psql -q "$TAPLINE_POSTGRES_URL" -c "DROP DATABASE IF EXISTS $database" || true; rm -rf "$work"' EXIT

export TAPLINE_DATABASE_URL="$url"
export TAPLINE_MASTER_KEY=$("$bin" keys new-master-key)
# Each instance is pointed at a key file of its own that does not exist: the keys must come
# from the database, not from a file.
"$bin" serve --port "$port_a" --keys "$work/a-keys.json" >"$work/a.log" 2>&1 & pids="$pids $!"
"$bin" serve --port "$port_b" --keys "$work/b-keys.json" >"$work/b.log" 2>&1 & pids="$pids $!"
for base in "$a" "$b"; do
    for _ in $(seq 1 150); do curl -sf "$base/health" >/dev/null 2>&1 && break; sleep 0.1; done
    curl -sf "$base/health" >/dev/null || { cat "$work"/*.log; echo "an instance did not start"; exit 1; }
done

expect() { [ "$1" = "$2" ] || { echo "expected $2, got $1 ($3)"; exit 1; }; }
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print(eval(sys.argv[1], {}, {'d': d}))" "$1"; }
expect "$(cat "$work"/a.log "$work"/b.log | grep -c "client secret:")" 1 "one demo merchant for two instances"
[ ! -e "$work/a-keys.json" ] && [ ! -e "$work/b-keys.json" ] || { echo "an instance wrote a key file"; exit 1; }
expect "$(psql -qtA "$url" -c "select count(*) from key_sets")" 1 "one key set"
expect "$(psql -qtA "$url" -c "select count(*) from merchants")" 1 "one merchant"

client_id=$(cat "$work"/*.log | sed -n 's/.*client id: *//p' | head -1)
client_secret=$(cat "$work"/*.log | sed -n 's/.*client secret: *//p' | head -1)
token=$(curl -sf -X POST "$a/v1/oauth/token" -H 'Content-Type: application/json' \
    -d "{\"grant_type\":\"client_credentials\",\"client_id\":\"$client_id\",\"client_secret\":\"$client_secret\"}" | json "d['access_token']")
auth=(-H "Authorization: Bearer $token" -H 'Content-Type: application/json')

# A token from A pays on B; a retry of the same key on A gets B's answer, not a second charge.
sale=$(curl -sf -X POST "$b/v1/transactions/sale" "${auth[@]}" -H 'Idempotency-Key: fleet-sale-1' \
    -d '{"amount":2500,"currency":"USD","accountNumber":"4242424242424242","expirationMonth":12,"expirationYear":2030}')
sale_id=$(echo "$sale" | json "d['id']")
expect "$(curl -sf -X POST "$a/v1/transactions/sale" "${auth[@]}" -H 'Idempotency-Key: fleet-sale-1' \
    -d '{"amount":2500,"currency":"USD","accountNumber":"4242424242424242","expirationMonth":12,"expirationYear":2030}' | json "d['id']")" \
    "$sale_id" "the same key on the other instance"
expect "$(curl -sf "$a/v1/transactions?pageSize=10" "${auth[@]}" | json "d['total']")" 1 "one sale"

# A reader token from A seals card data that B opens.
device=123e4567-e89b-12d3-a456-426614174000
curl -sf -X POST "$a/v1/devices" "${auth[@]}" -d "{\"deviceId\":\"$device\",\"deviceName\":\"Till\"}" >/dev/null
curl -sf -X POST "$a/v1/devices/$device/tap-to-pay/activate" "${auth[@]}" >/dev/null
reader_token=$(curl -sf -X POST "$a/v1/devices/$device/reader-token" "${auth[@]}" | json "d['token']")
tapped=$("$bin" reader tap --reader-token "$reader_token" --card 4242424242424242 --amount 1250 --merchant-reference FLEET-1)
approved=$(curl -sf -X POST "$b/transactions/apple" "${auth[@]}" -H "X-Device-Installation-Id: $device" -d "$tapped")
expect "$(echo "$approved" | json "d['onlineAuthorizationResponse']['type']")" Approved "a tap sealed for A opened on B"

# A card-key rotation in the database reaches both running instances without a restart: A
# hands out the new key after its next job round (30 s at most), and B opens a tap sealed to it.
rotated=$("$bin" keys rotate-card-key | sed -n 's/^current card-data key: *//p')
kid=""
for _ in $(seq 1 400); do
    issued=$(curl -sf -X POST "$a/v1/devices/$device/reader-token" "${auth[@]}")
    kid=$(echo "$issued" | json "d['keyId']")
    [ "$kid" = "$rotated" ] && break
    sleep 0.1
done
expect "$kid" "$rotated" "A hands out the rotated card-data key without a restart"
tapped=$("$bin" reader tap --reader-token "$(echo "$issued" | json "d['token']")" --card 4242424242424242 --amount 1300 --merchant-reference FLEET-2)
approved=$(curl -sf -X POST "$b/transactions/apple" "${auth[@]}" -H "X-Device-Installation-Id: $device" -d "$tapped")
expect "$(echo "$approved" | json "d['onlineAuthorizationResponse']['type']")" Approved "a tap sealed to the rotated key opened on B"

# Another master key cannot open the fleet's keys: the start stops with a clear error.
if TAPLINE_MASTER_KEY=$("$bin" keys new-master-key) "$bin" serve --port "$(free_port)" --keys "$work/c-keys.json" >"$work/c.log" 2>&1; then
    echo "an instance with another master key started"; exit 1
fi
grep -q "master key does not open" "$work/c.log" || { cat "$work/c.log"; echo "no clear error for the wrong master key"; exit 1; }
echo "smoke fleet: two instances on one PostgreSQL database share keys (and their rotation), one demo merchant and idempotency (10 checks)"
