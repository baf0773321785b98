"""schemathesis hooks for scripts/schemathesis.sh (loaded through SCHEMATHESIS_HOOKS).

Two things a schema-valid request needs that no JSON Schema states, applied to positive
cases only (negative cases are sent as generated):

- A fresh `Idempotency-Key`, and fresh Koard `event_id` and `transaction_id` (the keys of
  the Koard routes when no header is sent): the fuzzer otherwise reuses one key across
  different requests, which the gateway rightly refuses (422 `idempotency_key_mismatch`).
- Rates with at most four decimals (the documented `Rate`): `multipleOf: 0.0001` cannot say
  it on binary floating point (validators refuse 0.3 for it), so the document leaves it to
  the prose and generated rates are rounded here.
"""

import uuid

import schemathesis


def _four_decimals(value):
    if isinstance(value, float):
        return round(value, 4)
    if isinstance(value, dict):
        return {key: _four_decimals(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_four_decimals(item) for item in value]
    return value


@schemathesis.hook
def before_call(ctx, case, **kwargs):
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive:
        return
    for name in list(case.headers or {}):
        if name.lower() == "idempotency-key":
            case.headers[name] = f"schemathesis-{uuid.uuid4()}"
    if isinstance(case.body, dict):
        for key in ("event_id", "transaction_id"):
            if isinstance(case.body.get(key), str):
                case.body[key] = f"schemathesis-{uuid.uuid4()}"
    if isinstance(case.body, (dict, list)):
        case.body = _four_decimals(case.body)
