"""Independent peer of the tests' JSON Schema validator (Tests/GatewayTests/Support/JSONSchemaValidator.swift).

Reads {"document": <the OpenAPI document as JSON>, "cases": [{"ref": "#/components/schemas/X", "instance": ...}]}
on stdin and prints, as a JSON list, whether each instance is valid under the schema the ref names, by Python's
jsonschema (Draft 2020-12, which OpenAPI 3.1 schemas are; format is an annotation, as the draft says by default).
"""
import json
import sys

from jsonschema import Draft202012Validator


def main():
    data = json.load(sys.stdin)
    components = data["document"]["components"]
    answers = []
    for case in data["cases"]:
        schema = {"$ref": case["ref"], "components": components}
        answers.append(Draft202012Validator(schema).is_valid(case["instance"]))
    json.dump(answers, sys.stdout)


if __name__ == "__main__":
    main()
