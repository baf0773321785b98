#!/usr/bin/env bash
# Fuzzes a real `tapline serve` (embedded SQLite in a temporary folder) with schemathesis,
# from the document it serves at /v1/openapi.yaml: fails on any 5xx (bad input is a 4xx in
# the error envelope, never a 500), on any answer its operation does not document (status,
# content type, body schema), on a schema-valid request refused or a schema-violating one
# taken (the document is exactly as strict as the code, which generated clients rely on),
# and on a method a path does not list answered other than 405 with `Allow`.
# Bounded by SCHEMATHESIS_MAX_TIME seconds (default 90:
# CI runs it on its 40-minute budget; set more for a longer fuzz).
# Needs: pip install schemathesis (.ci/run installs it).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

max_time=${SCHEMATHESIS_MAX_TIME:-90}
work=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
base="http://127.0.0.1:$port"
swift build --product tapline 2>&1 | tail -1
bin="$(swift build --show-bin-path)/tapline"
server=""
cleanup() {
    [ -n "$server" ] && kill "$server" 2>/dev/null || true
    if [ -n "${SCHEMATHESIS_KEEP:-}" ]; then echo "schemathesis: kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

(cd "$work" && exec "$bin" serve --port "$port" >>"$work/serve.log" 2>&1) &
server=$!
for _ in $(seq 1 100); do
    curl -sf "$base/health" >/dev/null 2>&1 && break
    kill -0 "$server" 2>/dev/null || { cat "$work/serve.log"; echo "tapline serve exited"; exit 1; }
    sleep 0.1
done
curl -sf "$base/health" >/dev/null

# The first start prints `export TAPLINE=… CLIENT_ID=… CLIENT_SECRET=…` for the demo merchant's client.
eval "$(sed -n 's/^ *\(export TAPLINE=.*\)$/\1/p' "$work/serve.log")"
token=$(curl -sf "$base/v1/oauth/token" -H 'Content-Type: application/json' \
    -d "{\"grant_type\":\"client_credentials\",\"client_id\":\"$CLIENT_ID\",\"client_secret\":\"$CLIENT_SECRET\"}" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')

# A registered device with Tap to Pay on, so the Tap to Pay routes get past the device check
# to their bodies (the fuzzed sealed card data) instead of answering only 403.
device=schemathesis-till
auth=(-H "Authorization: Bearer $token" -H 'Content-Type: application/json')
curl -sf "${auth[@]}" "$base/v1/devices" -d "{\"deviceId\":\"$device\"}" >/dev/null
curl -sf "${auth[@]}" -X POST "$base/v1/devices/$device/tap-to-pay/activate" >/dev/null

# The device header is a documented parameter, which schemathesis would fill itself: fixed here.
printf '[parameters]\n"header.X-Device-Installation-Id" = "%s"\n' "$device" >"$work/schemathesis.toml"
# positive_data_acceptance: valid data is accepted, except on the operations below, where a
# schema-valid request can still be refused with 400 for a reason no JSON Schema can state,
# so 400 is expected there too (every other status is still checked):
# - a tap's `paymentCardData` is a JWE that must decrypt under this gateway's card-data key,
#   be less than 60 s old and never seen before; no generated string is one (tapped sale,
#   authorization and refund, the PIN, the Halo and Koard tap routes);
# - keyed card data: the number's Luhn check digit, an expiry not in the past, and the total
#   (amount + tip, or a breakdown's parts) at most 99,999,999,999 (a sum of fields);
# - an ACH debit's routing number's ABA check digit;
# - a breakdown's parts must add up to the amount, and its tip equal `tipAmount`; a
#   follow-up's `currency` must be the payment's own (follow-ups);
# - what the merchant's data allows now: a currency its settings take (amount calculation),
#   an endpoint subscribed to the event's type (resend), a Koard path id that is a client's
#   `transaction_id` carried by several payments (Koard follow-ups);
# - a settlement time slot's `timezoneName`, looked up in the system's IANA time zone
#   database (payment settings);
# - the token route: whether the client id, secret or refresh token exists (RFC 6749: 400);
# - a dispute's evidence: text or files (text of only spaces is none), the files' decoded
#   bytes together at most 5 MiB; a dispute file: its CSV's rows (no JSON Schema reads CSV).
# negative_data_rejection: 413 (a body over the route's limit, documented) is a rejection too.
cat >>"$work/schemathesis.toml" <<'TOML'
[checks.negative_data_rejection]
expected-statuses = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429", "5xx"]

[[operations]]
include-path-regex = '^(/v1/transactions/(sale|authorization|refund|ach|\{id\}/(pin|capture|increment|adjust-tip|reverse|refund))|/transactions/.*|/v4/.*|/v3/payments/.*|/v1/payments/\{id\}/(adjust|reverse|refund)|/v1/amounts/calculate|/v1/settings/payment|/v1/events/\{id\}/resend|/v1/disputes/\{id\}/evidence|/v1/disputes/import|/v1/oauth/token)$'
checks.positive_data_acceptance.expected-statuses = ["2xx", "3xx", "400", "401", "403", "404", "409", "429", "5xx"]
TOML

# A fixed seed: a failure is found again by the next run; SCHEMATHESIS_SEED changes it. One
# worker: hypothesis describing strategies in two threads at once can fail on its own (a
# CPython AST race), which is no finding. Run from the temporary folder: schemathesis keeps
# its state (.schemathesis/, .hypothesis/) where it runs.
fuzz() {
    local seconds=$1
    shift
    (cd "$work" && SCHEMATHESIS_HOOKS=schemathesis_hooks PYTHONPATH="$root/scripts${PYTHONPATH:+:$PYTHONPATH}" schemathesis --no-color --config-file "$work/schemathesis.toml" run "$base/v1/openapi.yaml" --url "$base" \
        -H "Authorization: Bearer $token" \
        --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,positive_data_acceptance,negative_data_rejection,unsupported_method \
        --max-time "$seconds" --max-examples "${SCHEMATHESIS_MAX_EXAMPLES:-25}" --workers 1 \
        --seed "${SCHEMATHESIS_SEED:-14}" --generation-database none "$@")
}
# Deactivation last and alone: the fuzzer learns the device's id from the device list, and
# once it has turned Tap to Pay off, every Tap to Pay route would only answer 403.
fuzz $((max_time * 5 / 6)) --exclude-path-regex 'tap-to-pay/deactivate$' "$@"
fuzz $((max_time / 6)) --include-path-regex 'tap-to-pay/deactivate$' "$@"
