#!/usr/bin/env python3
"""Validates Tapline's OpenAPI document against the OpenAPI 3.1 specification.

Usage: python3 scripts/check_openapi.py [path/to/openapi.yaml]
Needs: pip install openapi-spec-validator pyyaml
Exits 0 when the document is valid, 1 when it is not, 2 when it cannot be checked.
"""

import sys
from pathlib import Path

DEFAULT_PATH = Path(__file__).resolve().parent.parent / "Sources" / "Gateway" / "Resources" / "openapi.yaml"


def fail(code: int, message: str) -> "NoReturn":  # noqa: F821
    print(f"check_openapi: FAIL: {message}", file=sys.stderr)
    sys.exit(code)


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_PATH

    try:
        import yaml
        from openapi_spec_validator import validate
    except ImportError as error:
        fail(2, f"{error}; run: pip install openapi-spec-validator pyyaml")

    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        fail(2, f"cannot read {path}: {error}")

    try:
        document = yaml.safe_load(text)
    except yaml.YAMLError as error:
        fail(1, f"{path} is not valid YAML: {error}")

    if not isinstance(document, dict):
        fail(1, f"{path} is not a YAML mapping")
    if str(document.get("openapi", "")) != "3.1.0":
        fail(1, f"{path}: expected 'openapi: 3.1.0', found {document.get('openapi')!r}")

    try:
        validate(document)
    except Exception as error:  # the validator raises its own exception types
        detail = getattr(error, "message", None) or str(error)
        where = "/".join(str(part) for part in getattr(error, "absolute_path", []) or [])
        fail(1, f"{path} is not a valid OpenAPI 3.1 document" + (f" at '{where}'" if where else "") + f": {detail}")

    operations = sum(
        1
        for item in (document.get("paths") or {}).values()
        for method in item
        if method in {"get", "put", "post", "delete", "patch", "head", "options", "trace"}
    )
    print(f"check_openapi: OK: {path} ({len(document.get('paths') or {})} paths, {operations} operations)")


if __name__ == "__main__":
    main()
