"""Validates values with python-jsonschema (Draft 2020-12, format checking) against our schemas.

An independent second validator: its verdicts must equal ajv's on every example. Reads
{"schemas": [schema documents...], "items": [{"reference", "value"}...]} on stdin and writes
a JSON array of booleans. `$ref`s resolve from the given documents only, never the network.
"""

import json
import re
import sys
from datetime import datetime

import jsonschema
from jsonschema import Draft202012Validator, FormatChecker

format_checker = FormatChecker()

# Debian's python3-jsonschema has no date-time checker (it needs rfc3339-validator, which Debian
# does not package), so RFC 3339 date-time is checked here with the standard library.
RFC3339 = re.compile(
    r"^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$"
)


@format_checker.checks("date-time", raises=ValueError)
def is_date_time(instance) -> bool:
    if not isinstance(instance, str):
        return True
    if not RFC3339.match(instance):
        raise ValueError(f"{instance!r} is not an RFC 3339 date-time")
    datetime.fromisoformat(instance.upper().replace("Z", "+00:00"))
    return True


def main() -> int:
    request = json.load(sys.stdin)
    store = {schema["$id"]: schema for schema in request["schemas"]}
    verdicts = []
    for item in request["items"]:
        root = {"$ref": item["reference"]}
        # The resolver records its referrer under base_uri, so the root must not claim a schema's own $id.
        resolver = jsonschema.RefResolver(base_uri="", referrer=root, store=dict(store))
        validator = Draft202012Validator(root, resolver=resolver, format_checker=format_checker)
        verdicts.append(validator.is_valid(item["value"]))
    json.dump(verdicts, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
