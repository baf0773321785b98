#!/usr/bin/env bash
# Keyed sales/s in one run on this machine: SQLite (one instance), PostgreSQL with one
# instance, and PostgreSQL with two instances sharing the database (the load split across
# both by two wrk processes). Each figure is also given as a ratio against GET /health
# measured in the same run (these machines are noisy; only the ratio travels).
# Needs wrk (apt-get install wrk) and root for scripts/start_postgres.sh. Release build,
# loopback only, bounded duration; the PostgreSQL runs use a schema of their own, dropped after.
#   bash scripts/bench_instances.sh [seconds per run, default 10]
# TAPLINE_SCRATCH_PATH, when set, is the build folder (swift build --scratch-path).
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10}
command -v wrk >/dev/null || { echo "install wrk first: apt-get install -y wrk"; exit 2; }

server_url=$(bash scripts/start_postgres.sh)
export PGOPTIONS="-c client_min_messages=warning"  # no NOTICE per dropped table
# A fresh schema per PostgreSQL run, so the two-instance run does not start on the one-instance run's rows.
schema="bench_$(date +%s)_$$"
psql -q "$server_url" -c "CREATE SCHEMA ${schema}_one" -c "CREATE SCHEMA ${schema}_two"

work=$(mktemp -d)
pids=()
stop_servers() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    pids=()
}
cleanup() {
    stop_servers
    psql -q "$server_url" -c "DROP SCHEMA IF EXISTS ${schema}_one CASCADE" -c "DROP SCHEMA IF EXISTS ${schema}_two CASCADE" || true
    rm -rf "$work"
}
trap cleanup EXIT

scratch=(${TAPLINE_SCRATCH_PATH:+--scratch-path "$TAPLINE_SCRATCH_PATH"})
swift build -c release --product tapline "${scratch[@]}" 2>&1 | tail -1
bin="$(swift build -c release "${scratch[@]}" --show-bin-path)/tapline"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }

# start NAME STORE-FLAGS... : starts `tapline serve`, waits for /health, sets $base to its URL
# (not printed: a command substitution would start the server in a subshell we cannot stop).
start() {
    local name=$1 port
    shift
    port=$(free_port)
    "$bin" serve --port "$port" "$@" --log-level error >"$work/$name.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 1 300); do curl -sf "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break; sleep 0.1; done
    curl -sf "http://127.0.0.1:$port/health" >/dev/null || { cat "$work/$name.log"; echo "$name did not start"; exit 1; }
    base="http://127.0.0.1:$port"
}

# sale_script BASE LOG : writes the wrk script for keyed sales with a token from the demo client in LOG.
sale_script() {
    local base=$1 log=$2 client_id client_secret token
    client_id=$(sed -n 's/.*client id: *//p' "$log" | head -1)
    client_secret=$(sed -n 's/.*client secret: *//p' "$log" | head -1)
    token=$(curl -sf -X POST "$base/v1/oauth/token" -H 'Content-Type: application/json' \
        -d "{\"grant_type\":\"client_credentials\",\"client_id\":\"$client_id\",\"client_secret\":\"$client_secret\"}" \
        | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
    cat > "$work/sale.lua" <<LUA
wrk.method = "POST"
wrk.headers["Authorization"] = "Bearer $token"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"amount":1000,"currency":"USD","accountNumber":"4242424242424242","expirationMonth":12,"expirationYear":2030}'
LUA
}

rate() { sed -n 's/^Requests\/sec: *//p' "$1"; }
# run NAME THREADS CONNECTIONS URL [SCRIPT] : one wrk run into $work/NAME.txt; fails on any non-2xx.
run() {
    local name=$1 threads=$2 connections=$3 url=$4 script=${5:-}
    wrk -t"$threads" -c"$connections" -d"${duration}s" ${script:+-s "$script"} "$url" >"$work/$name.txt"
    if grep -q "Non-2xx\|Socket errors" "$work/$name.txt"; then cat "$work/$name.txt"; echo "$name: some requests failed"; exit 1; fi
}

echo "== SQLite, one instance"
start sqlite --database "$work/bench.sqlite" --keys "$work/sqlite-keys.json"
run health_before 2 16 "$base/health"
sale_script "$base" "$work/sqlite.log"
run sqlite 2 16 "$base/v1/transactions/sale" "$work/sale.lua"
stop_servers

echo "== PostgreSQL, one instance"
start pg --database-url "$server_url?search_path=${schema}_one" --keys "$work/pg-keys.json"
sale_script "$base" "$work/pg.log"
run pg_one 2 16 "$base/v1/transactions/sale" "$work/sale.lua"
stop_servers

echo "== PostgreSQL, two instances (same database, keys in it under one master key; half the connections each)"
export TAPLINE_MASTER_KEY=$("$bin" keys new-master-key)
start pg1 --database-url "$server_url?search_path=${schema}_two" --keys "$work/pg1-keys.json"
first=$base
sale_script "$first" "$work/pg1.log"
start pg2 --database-url "$server_url?search_path=${schema}_two" --keys "$work/pg2-keys.json"
second=$base
unset TAPLINE_MASTER_KEY
# The token made through the first instance works on the second: the keys are the database's.
run pg_two_a 1 8 "$first/v1/transactions/sale" "$work/sale.lua" &
one=$!
run pg_two_b 1 8 "$second/v1/transactions/sale" "$work/sale.lua" &
two=$!
wait $one
wait $two
stop_servers

echo "== GET /health again (drift check)"
start health --database "$work/health.sqlite" --keys "$work/health-keys.json"
run health_after 2 16 "$base/health"
stop_servers

python3 - "$(rate "$work/health_before.txt")" "$(rate "$work/health_after.txt")" "$(rate "$work/sqlite.txt")" \
    "$(rate "$work/pg_one.txt")" "$(rate "$work/pg_two_a.txt")" "$(rate "$work/pg_two_b.txt")" <<'PY'
import sys
before, after, sqlite, one, two_a, two_b = map(float, sys.argv[1:])
health = (before + after) / 2
two = two_a + two_b
print(f"GET /health: {health:,.0f} req/s (baseline; {before:,.0f} before, {after:,.0f} after)")
for label, value in [("SQLite, one instance", sqlite), ("PostgreSQL, one instance", one),
                     (f"PostgreSQL, two instances ({two_a:,.0f} + {two_b:,.0f})", two)]:
    print(f"POST /v1/transactions/sale, {label}: {value:,.0f} sales/s, ratio to /health {value / health:.3f}")
print(f"PostgreSQL two instances / one instance: {two / one:.2f}; PostgreSQL one instance / SQLite: {one / sqlite:.2f}")
PY
