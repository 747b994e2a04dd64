"""Compiles patterns with Python's re and matches strings against them, as python-jsonschema does (re.search).

Reads {"patterns": [...], "strings": [...]} on stdin and writes one {"pattern", "error", "matches"} per pattern:
the compile error, or whether each string matches anywhere.
"""

import json
import re
import sys


def main() -> int:
    request = json.load(sys.stdin)
    results = []
    for pattern in request["patterns"]:
        try:
            compiled = re.compile(pattern)
        except re.error as error:
            results.append({"pattern": pattern, "error": str(error), "matches": []})
            continue
        matches = [compiled.search(text) is not None for text in request["strings"]]
        results.append({"pattern": pattern, "error": None, "matches": matches})
    json.dump(results, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
