#!/usr/bin/env bash
# Runs the README's curl walk-through against a real `tapline serve` on a free loopback
# port with a throw-away database, the way a newcomer would. Exits non-zero on any surprise.
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
base="http://127.0.0.1:$port"
swift build --product tapline 2>&1 | tail -1
bin="$(swift build --show-bin-path)/tapline"
server=""
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
start() {
    "$bin" serve --port "$port" --database "$work/tapline.sqlite" --keys "$work/keys.json" >>"$work/serve.log" 2>&1 &
    server=$!
    for _ in $(seq 1 100); do
        curl -sf "$base/health" >/dev/null 2>&1 && return
        kill -0 $server 2>/dev/null || { cat "$work/serve.log"; echo "tapline serve exited"; exit 1; }
        sleep 0.1
    done
    curl -sf "$base/health" >/dev/null
}
start

[ "$(stat -c %a "$work/keys.json")" = "600" ] || { echo "key file is not mode 0600"; exit 1; }
client_id=$(sed -n 's/.*client id: *//p' "$work/serve.log" | head -1)
client_secret=$(sed -n 's/.*client secret: *//p' "$work/serve.log" | head -1)
[ -n "$client_id" ] && [ -n "$client_secret" ] || { cat "$work/serve.log"; echo "no client printed on first start"; exit 1; }

json() { python3 -c "import json,sys; d=json.load(sys.stdin); print(eval(sys.argv[1], {}, {'d': d}))" "$1"; }
token=$(curl -sf -X POST "$base/v1/oauth/token" -H 'Content-Type: application/json' \
    -d "{\"grant_type\":\"client_credentials\",\"client_id\":\"$client_id\",\"client_secret\":\"$client_secret\"}" | json "d['access_token']")
auth=(-H "Authorization: Bearer $token" -H 'Content-Type: application/json')

expect() { [ "$1" = "$2" ] || { echo "expected $2, got $1 ($3)"; exit 1; }; }

# The merchant's webhook endpoint: a loopback receiver that checks every signature.
hook_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
touch "$work/hook-secret" "$work/hooks.jsonl"
python3 scripts/webhook_receiver.py "$hook_port" "$work/hook-secret" "$work/hooks.jsonl" &
receiver=$!
# Wait until it listens: a first delivery refused would only be retried 30 s later.
for _ in $(seq 1 100); do
    python3 -c 'import socket,sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), 0.2).close()' "$hook_port" 2>/dev/null && break
    sleep 0.1
done
trap 'kill $server $receiver 2>/dev/null || true; rm -rf "$work"' EXIT
endpoint=$(curl -sf -X POST "$base/v1/webhooks/endpoints" "${auth[@]}" -H 'Idempotency-Key: smoke-hooks-1' \
    -d "{\"url\":\"http://127.0.0.1:$hook_port/tapline\"}")
echo "$endpoint" | json "d['secret']" > "$work/hook-secret"

sale=$(curl -sf -X POST "$base/v1/transactions/sale" "${auth[@]}" -H 'Idempotency-Key: smoke-sale-1' \
    -d '{"amount":2500,"currency":"USD","accountNumber":"4242424242424242","expirationMonth":12,"expirationYear":2030,"securityCode":"123","tipAmount":300}')
sale_id=$(echo "$sale" | json "d['id']")
expect "$(echo "$sale" | json "d['status']")" captured "sale"
refund=$(curl -sf -X POST "$base/v1/transactions/$sale_id/refund" "${auth[@]}" -d '{"amount":1000}')
expect "$(echo "$refund" | json "d['payment']['amounts']['refunded']")" 1000 "partial refund"

auth_id=$(curl -sf -X POST "$base/v1/transactions/authorization" "${auth[@]}" \
    -d '{"amount":5000,"currency":"USD","accountNumber":"5555555555554444","expirationMonth":12,"expirationYear":2030}' | json "d['id']")
curl -sf -X POST "$base/v1/transactions/$auth_id/increment" "${auth[@]}" -d '{"amount":1500}' >/dev/null
capture=$(curl -sf -X POST "$base/v1/transactions/$auth_id/capture" "${auth[@]}" -d '{"amount":6000}')
expect "$(echo "$capture" | json "d['payment']['status']")" captured "capture"

total=$(curl -sf "$base/v1/transactions?pageSize=10" "${auth[@]}" | json "d['total']")
expect "$total" 5 "list total (2 payments, 3 follow-ups)"
closed=$(curl -sf -X POST "$base/v1/batches/close" "${auth[@]}")
expect "$(echo "$closed" | json "d['totals']['USD']")" 7800 "batch total"

settings=$(curl -sf -X PATCH "$base/v1/settings/payment" "${auth[@]}" \
    -d '{"zeroCostProcessingOption":"surcharge","defaultSurchargeRate":3,"defaultTipsOptions":[15,18,20]}')
expect "$(echo "$settings" | json "d['zeroCostProcessingOption']")" surcharge "settings changed"
priced=$(curl -sf -X POST "$base/v1/amounts/calculate" "${auth[@]}" -d '{"amount":10000,"currency":"USD","percentageOffRate":5,"tipRate":15}')
expect "$(echo "$priced" | json "d['creditCard']['totalAmount']")" 11210 "credit card total with surcharge"
expect "$(echo "$priced" | json "d['cash']['totalAmount']")" 10925 "cash total without surcharge"

device=123e4567-e89b-12d3-a456-426614174000
registered=$(curl -sf -X POST "$base/v1/devices" "${auth[@]}" -d "{\"deviceId\":\"$device\",\"deviceName\":\"Front counter\"}")
expect "$(echo "$registered" | json "d['tapToPayStatus']")" Inactive "device registered"
activated=$(curl -sf -X POST "$base/v1/devices/$device/tap-to-pay/activate" "${auth[@]}")
expect "$(echo "$activated" | json "d['tapToPayEnabled']")" True "Tap to Pay activated"
reader_token=$(curl -sf -X POST "$base/v1/devices/$device/reader-token" "${auth[@]}" | json "d['token']")
first_key=$(echo "$reader_token" | python3 -c "import sys,json,base64; p=sys.stdin.read().split('.')[1]; print(json.loads(base64.urlsafe_b64decode(p+'=='*2))['kid'])")

# Tap to Pay, the Halo way: tap, answer; the soft-decline card asks for a PIN.
device_header=(-H "X-Device-Installation-Id: $device")
tapped=$("$bin" reader tap --reader-token "$reader_token" --card 4242424242424242 --amount 1250 --merchant-reference INV-1)
approved=$(curl -sf -X POST "$base/transactions/apple" "${auth[@]}" "${device_header[@]}" -d "$tapped")
expect "$(echo "$approved" | json "d['onlineAuthorizationResponse']['type']")" Approved "tap approved"
soft=$(curl -sf -X POST "$base/transactions/apple" "${auth[@]}" "${device_header[@]}" \
    -d "$("$bin" reader tap --reader-token "$reader_token" --card 5200828282828210 --amount 4000 --merchant-reference INV-2)")
expect "$(echo "$soft" | json "d['onlineAuthorizationResponse']['isSingleTapAndPin']")" True "single tap and PIN asked"
soft_id=$(echo "$soft" | json "d['onlineAuthorizationResponse']['haloReference']")
pin_token=$(echo "$soft" | json "d['onlineAuthorizationResponse']['pinToken']")
pinned=$(curl -sf -X POST "$base/transactions/$soft_id/submitPinApple" "${auth[@]}" "${device_header[@]}" \
    -d "$("$bin" reader tap --reader-token "$reader_token" --card 5200828282828210 --amount 4000 --merchant-reference INV-2 --pin 1234 --pin-token "$pin_token")")
expect "$(echo "$pinned" | json "d['onlineAuthorizationResponse']['type']")" Approved "PIN approved"
replayed=$(curl -s -o /dev/null -w '%{http_code}' -X POST "$base/transactions/apple" "${auth[@]}" "${device_header[@]}" \
    -d "$(echo "$tapped" | sed 's/INV-1/INV-9/')")
expect "$replayed" 409 "a card read is used once"

# Koard's REST lifecycle: a preauth after a tap, captured with a breakdown (amounts are the total).
koard_body=$("$bin" reader tap --reader-token "$reader_token" --card 4242424242424242 --amount 3294 | python3 -c 'import json,sys; t=json.load(sys.stdin); print(json.dumps({
  "general_card_data": t["generalCardData"], "payment_card_data": t["paymentCardData"], "amount": 3294, "currency": "USD",
  "transaction_id": "order-2001"}))')
preauth=$(curl -sf -X POST "$base/v4/preauth" "${auth[@]}" "${device_header[@]}" -d "$koard_body")
expect "$(echo "$preauth" | json "d['transaction']['status']")" authorized "Koard preauth"
koard_id=$(echo "$preauth" | json "d['transaction']['transaction_id']")
koard_capture=$(curl -sf -X POST "$base/v3/payments/$koard_id/capture" "${auth[@]}" -d '{"breakdown":{"subtotal":2500,"tax_rate":0.0875,
  "tax_amount":219,"tip_amount":500,"tip_type":"fixed","surcharge_amount":75,"surcharge_rate":0.03},"event_id":"evt-1"}')
expect "$(echo "$koard_capture" | json "d['transaction']['status']")" captured "Koard capture"
expect "$(echo "$koard_capture" | json "d['transaction']['breakdown']['tax_rate']")" 0.0875 "Koard breakdown kept exactly"
koard_refund=$(curl -sf -X POST "$base/v1/payments/$koard_id/refund" "${auth[@]}" -d '{"amount":1000,"event_id":"evt-2"}')
expect "$(echo "$koard_refund" | json "d['transaction']['refunded_amount']")" 1000 "Koard refund"

# Rotate the card-data key, restart on the same database and keys: the token and the
# earlier sale still work, and reader tokens carry the new key.
# A graceful stop (SIGTERM) closes the database and exits 0.
kill $server; stopped=0; wait $server || stopped=$?
expect "$stopped" 0 "exit status of tapline serve after SIGTERM"
rotated=$("$bin" keys rotate-card-key --keys "$work/keys.json" | sed -n 's/^current card-data key: *//p')
start
second_key=$(curl -sf -X POST "$base/v1/devices/$device/reader-token" "${auth[@]}" | json "d['keyId']")
expect "$second_key" "$rotated" "reader token after key rotation"
[ "$second_key" != "$first_key" ] || { echo "the card-data key did not change"; exit 1; }
grep -c "client secret:" "$work/serve.log" | grep -qx 1 || { echo "a restart must not create another client"; exit 1; }
again=$(curl -sf -X POST "$base/v1/transactions/$sale_id/refund" "${auth[@]}" -d '{"amount":500}')
expect "$(echo "$again" | json "d['operation']['status']")" approved "refund after restart"

# The SDK's demo: a simulated tap sale through TaplineSDK, with states, events and receipt.
# HOME points at the work directory so the demo's tokens and device id stay there.
demo() { HOME="$work" "$bin" demo --url "$base" --client-id "$client_id" --client-secret "$client_secret" --pace-ms 0 "$@"; }
tap_demo=$(demo)
echo "$tap_demo" | grep -q "state: completed" || { echo "$tap_demo"; echo "demo did not complete"; exit 1; }
echo "$tap_demo" | grep -q "result *APPROVED" || { echo "$tap_demo"; echo "demo not approved"; exit 1; }
echo "$tap_demo" | grep -q "card *424242\*\*\*\*\*\*4242" || { echo "$tap_demo"; echo "demo receipt lacks the masked card"; exit 1; }
pin_demo=$(demo --card 5200828282828210 --amount 40.00)
echo "$pin_demo" | grep -q "state: awaitingPinEntry" || { echo "$pin_demo"; echo "demo PIN path not taken"; exit 1; }
echo "$pin_demo" | grep -q "result *APPROVED" || { echo "$pin_demo"; echo "demo PIN payment not approved"; exit 1; }

# Webhooks: the sale's events reached the receiver, signed; the last one (the Koard refund) too.
for _ in $(seq 1 100); do
    grep "\"$koard_id\"" "$work/hooks.jsonl" | grep -q "transaction.refunded" && break
    sleep 0.1
done
hooks=$(python3 -c 'import json,sys; lines=[json.loads(l) for l in open(sys.argv[1])]; print(len(lines), all(l["verified"] and l["id"]==l["header_id"] for l in lines), sorted({l["type"] for l in lines if l["transaction"]==sys.argv[2]}))' "$work/hooks.jsonl" "$sale_id")
echo "$hooks" | grep -q " True \['transaction.captured', 'transaction.created', 'transaction.refunded', 'transaction.settled'\]" \
    || { echo "$hooks"; cat "$work/hooks.jsonl"; echo "webhooks for the sale missing or not verified"; exit 1; }
events=$(curl -sf "$base/v1/events?transactionId=$koard_id" "${auth[@]}" | json "sorted(e['type'] for e in d['items'])")
expect "$events" "['transaction.authorized', 'transaction.captured', 'transaction.created', 'transaction.refunded']" "Koard payment's events"

grep -q -e "4242424242424242" -e "5200828282828210" "$work/serve.log" "$work/tapline.sqlite"* && { echo "full PAN found in log or database"; exit 1; }
echo "smoke: the README walk-through, Koard's lifecycle, webhooks and the SDK demo work end to end (33 checks)"
