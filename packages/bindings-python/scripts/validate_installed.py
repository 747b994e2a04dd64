"""Validates values with the installed agent_transcript package, as a user of the wheel would.

Reads a JSON array of {"definition", "mode", "value"} on stdin and writes {"module": where the package was imported
from, "results": [...]}, one {"issues": [{"pointer", "keyword", "message"}...]} (empty when valid) or {"error":
"Type: message"} per item, in order. Nothing is added to sys.path: the package must be installed.
"""

import json
import sys
from dataclasses import asdict

import agent_transcript


def check(item):
    try:
        agent_transcript.validate(item["value"], mode=item["mode"], definition=item["definition"])
    except agent_transcript.InvalidDocumentError as invalid:
        return {"issues": [asdict(issue) for issue in invalid.issues]}
    except Exception as error:  # every failure is reported back, per item
        return {"error": f"{type(error).__name__}: {error}"}
    return {"issues": []}


def main() -> int:
    results = [check(item) for item in json.load(sys.stdin)]
    json.dump({"module": agent_transcript.__file__, "results": results}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
