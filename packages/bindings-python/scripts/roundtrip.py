"""Parses JSON values with the generated dataclasses and serialises them again.

Reads a JSON array of {"definition", "version", "value"} on stdin; writes a JSON array of
{"output": value} or {"error": message} in the same order on stdout. A definition that the
bindings do not generate is an error, so nothing is skipped silently.
"""

import importlib
import json
import sys
from pathlib import Path

# Importing must leave no __pycache__ inside the generated folder, which the drift check owns.
sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))


def round_trip(version: str, definition: str, value):
    registry = importlib.import_module(f"agent_transcript.generated.{version}_registry")
    converters = registry.CONVERTERS.get(definition)
    if converters is None:
        raise LookupError(f"the Python bindings have no type for {definition}")
    parse, serialise = converters
    return serialise(parse(value))


def main() -> int:
    results = []
    for item in json.load(sys.stdin):
        try:
            results.append({"output": round_trip(item["version"], item["definition"], item["value"])})
        except Exception as error:  # every failure is reported back, per item
            results.append({"error": f"{type(error).__name__}: {error}"})
    json.dump(results, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
