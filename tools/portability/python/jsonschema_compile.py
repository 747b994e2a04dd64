"""Compiles schema definitions with python-jsonschema (Draft 2020-12), as a Python consumer of our schemas would.

python-jsonschema compiles nothing up front: a bad pattern or a reference to nothing fails only when a value
reaches it. So each document is checked against the 2020-12 meta-schema (with format checking, which compiles
every `pattern` as `format: regex`), and for each definition every schema it reaches through `$ref`s is resolved
and its patterns compiled with re, which is what validation would do.

Reads {"schemas": [documents], "references": [references]} on stdin and writes one {"reference", "error"} per
reference. `$ref`s resolve from the given documents only, never the network.
"""

import json
import re
import sys

import jsonschema
from jsonschema import Draft202012Validator, FormatChecker

# Keywords whose value is a schema, a list of schemas or a map of them, in Draft 2020-12.
SCHEMA_KEYWORDS = (
    "additionalProperties",
    "contains",
    "else",
    "if",
    "items",
    "not",
    "propertyNames",
    "then",
    "unevaluatedItems",
    "unevaluatedProperties",
)
SCHEMA_LIST_KEYWORDS = ("allOf", "anyOf", "oneOf", "prefixItems")
SCHEMA_MAP_KEYWORDS = ("$defs", "dependentSchemas", "patternProperties", "properties")


def walk(schema, resolver, seen):
    """Resolves every $ref reachable from schema and compiles every pattern on the way."""
    if not isinstance(schema, dict):
        return
    if "pattern" in schema:
        re.compile(schema["pattern"])
    for key in schema.get("patternProperties", {}):
        re.compile(key)
    if "$ref" in schema:
        url, resolved = resolver.resolve(schema["$ref"])
        if url not in seen:
            seen.add(url)
            resolver.push_scope(url)
            try:
                walk(resolved, resolver, seen)
            finally:
                resolver.pop_scope()
    for keyword in SCHEMA_KEYWORDS:
        if keyword in schema:
            walk(schema[keyword], resolver, seen)
    for keyword in SCHEMA_LIST_KEYWORDS:
        for child in schema.get(keyword, []):
            walk(child, resolver, seen)
    for keyword in SCHEMA_MAP_KEYWORDS:
        for child in schema.get(keyword, {}).values():
            walk(child, resolver, seen)


def main() -> int:
    request = json.load(sys.stdin)
    store = {schema["$id"]: schema for schema in request["schemas"]}
    meta_validator = Draft202012Validator(
        Draft202012Validator.META_SCHEMA, format_checker=FormatChecker()
    )
    document_errors = {}
    for schema in request["schemas"]:
        problems = [error.message for error in meta_validator.iter_errors(schema)]
        if problems:
            document_errors[schema["$id"]] = "; ".join(problems)
    results = []
    for reference in request["references"]:
        document = reference.split("#", 1)[0]
        error = document_errors.get(document)
        if error is None:
            try:
                resolver = jsonschema.RefResolver(base_uri="", referrer={}, store=dict(store))
                walk({"$ref": reference}, resolver, set())
            except (jsonschema.RefResolutionError, re.error) as problem:
                error = f"{type(problem).__name__}: {problem}"
        results.append({"reference": reference, "error": error})
    json.dump(results, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
