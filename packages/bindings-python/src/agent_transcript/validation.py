"""Validation against the format's JSON Schemas, which ship inside this package.

Every `$ref` resolves to a schema shipped here: the schemas are embedded in one JSON Schema 2020-12 compound
document, and a reference to anything else is refused when they are loaded, so validating never reaches the network
whatever jsonschema version is installed. Formats (`date-time`, `uuid`) are checked by this module's own rules,
which accept exactly what the TypeScript validators of `@agent-transcript/core` accept, so that the verdict does not
depend on which optional format libraries jsonschema found.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Dict, Iterator, List, Mapping, Tuple
from urllib.parse import urldefrag, urljoin

FORMAT_VERSION = "1.1.0"
"""The format version whose schemas this package ships (and whose types `v1` holds)."""

MODES = ("strict", "tolerant")
"""`strict`: what a writer of this version may emit. `tolerant`: what a reader accepts from a newer minor version."""

MAX_ISSUES = 100
"""At most this many issues are collected for one document; `InvalidDocumentError.truncated` says when there were
more."""

_MAJOR_FOLDER = "v" + FORMAT_VERSION.split(".", 1)[0]
_DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"


@dataclass(frozen=True)
class ValidationIssue:
    """One reason a document is invalid."""

    pointer: str
    """JSON pointer (RFC 6901) to the offending value in the document ("" is the document itself), or, for a
    missing property, to where it should be."""
    keyword: str
    """The JSON Schema keyword that failed (`required`, `type`, `format`, ...)."""
    message: str


class InvalidDocumentError(ValueError):
    """A document that its schema rejects. `issues` lists why (at most `MAX_ISSUES`)."""

    def __init__(self, definition: str, mode: str, issues: List[ValidationIssue], truncated: bool) -> None:
        self.definition = definition
        self.mode = mode
        self.issues = issues
        self.truncated = truncated
        first = issues[0]
        where = first.pointer or "(the document)"
        more = f" (and {len(issues) - 1}{'+' if truncated else ''} more)" if len(issues) > 1 or truncated else ""
        super().__init__(f"not a valid {definition} ({mode}): {where}: {first.message}{more}")


def validate(document: Any, mode: str = "strict", definition: str = "Transcript") -> None:
    """Raises `InvalidDocumentError` unless `document` (parsed JSON) is a valid `definition` under the `mode` schema.

    `definition` is a top-level entity (`Transcript`, `Event`, `Message`, `Part`, `Usage`, `Cost`,
    `SnapshotDeclaration`, `SnapshotBundleLine`) or any named definition of the schemas: see `definitions()`.
    Needs jsonschema (`pip install "agent-transcript[validate]"`).
    """
    issues: List[ValidationIssue] = []
    truncated = False
    for issue in _issues(document, mode, definition):
        if len(issues) == MAX_ISSUES:
            truncated = True
            break
        issues.append(issue)
    if issues:
        raise InvalidDocumentError(definition, mode, issues, truncated)


def is_valid(document: Any, mode: str = "strict", definition: str = "Transcript") -> bool:
    """Whether `validate` would accept the document."""
    for _issue in _issues(document, mode, definition):
        return False
    return True


def definitions() -> List[str]:
    """Every name `validate` takes as `definition`."""
    return sorted(_definition_index()["strict"])


def _issues(document: Any, mode: str, definition: str) -> Iterator[ValidationIssue]:
    validator = _validator(_checked_mode(mode), definition)
    try:
        for error in validator.iter_errors(document):
            for cause in _causes(error):
                # A `false` subschema has no keyword; "false schema" is what the TypeScript validators call it.
                keyword = "false schema" if cause.validator is None else str(cause.validator)
                yield ValidationIssue(_pointer(_location(cause)), keyword, cause.message)
    except RecursionError:
        raise ValueError("the document is nested too deeply to validate") from None


def _causes(error: Any) -> Iterator[Any]:
    """The errors that say what is wrong: for a value that matches no member of a union, the errors of the member
    its tag names (the one member whose `const` on a property did not fail), when there is exactly one such member;
    otherwise the union's own error."""
    if error.validator in ("oneOf", "anyOf") and error.context:
        members: Dict[Any, List[Any]] = {}
        for cause in error.context:
            members.setdefault(cause.relative_schema_path[0], []).append(cause)
        tagged = [
            causes
            for causes in members.values()
            if not any(cause.validator == "const" and len(cause.relative_path) == 1 for cause in causes)
        ]
        if len(tagged) == 1:
            for cause in tagged[0]:
                yield from _causes(cause)
            return
    yield error


def _location(error: Any) -> List[Any]:
    """Where the error is: for a missing property, where the property should be (as the TypeScript validators say)."""
    path = list(error.absolute_path)
    if error.validator == "required" and isinstance(error.instance, dict):
        for name in error.validator_value:
            if name not in error.instance and error.message == f"{name!r} is a required property":
                return path + [name]
    return path


def _checked_mode(mode: str) -> str:
    if mode not in MODES:
        raise ValueError(f"mode must be 'strict' or 'tolerant', not {mode!r}")
    return mode


def _pointer(path: Any) -> str:
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in path)


@lru_cache(maxsize=None)
def _shipped_schemas() -> Dict[str, Tuple[str, Dict[str, Any]]]:
    """Every shipped schema by its `$id`: (mode, schema). Refuses a `$ref` to anything not shipped."""
    # One name per joinpath: Traversable takes several only from Python 3.11.
    folder = resources.files(__package__).joinpath("schemas").joinpath(_MAJOR_FOLDER)
    schemas: Dict[str, Tuple[str, Dict[str, Any]]] = {}
    for mode in MODES:
        for entry in sorted(folder.joinpath(mode).iterdir(), key=lambda item: item.name):
            if not entry.name.endswith(".json"):
                continue
            schema = json.loads(entry.read_text(encoding="utf-8"))
            identifier = schema.get("$id")
            if not isinstance(identifier, str) or identifier in schemas:
                raise RuntimeError(f"shipped schema {mode}/{entry.name} has no $id, or another one's")
            schemas[identifier] = (mode, schema)
    by_id = {identifier: schema for identifier, (_mode, schema) in schemas.items()}
    for identifier, (_mode, schema) in schemas.items():
        for reference in _references(schema, identifier):
            if not _resolves(reference, by_id):
                raise RuntimeError(f"shipped schema {identifier} refers to {reference}, which is not shipped")
    return schemas


# Where a schema holds other schemas (JSON Schema 2020-12's applicators): everything else holds instances, names or
# annotations, which are never searched for $ref.
_SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "dependentSchemas")
_SCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")
_SCHEMAS = (
    "items",
    "additionalProperties",
    "not",
    "if",
    "then",
    "else",
    "contains",
    "propertyNames",
    "unevaluatedProperties",
    "unevaluatedItems",
)


def _references(schema: Any, base: str) -> Iterator[str]:
    """Every `$ref` in a schema, made absolute against the `$id`s around it."""
    if not isinstance(schema, dict):
        return
    if isinstance(schema.get("$id"), str):
        base = urljoin(base, schema["$id"])
    if isinstance(schema.get("$ref"), str):
        yield urljoin(base, schema["$ref"])
    children: List[Any] = [schema.get(keyword) for keyword in _SCHEMAS]
    for keyword in _SCHEMA_MAPS:
        if isinstance(schema.get(keyword), dict):
            children.extend(schema[keyword].values())
    for keyword in _SCHEMA_LISTS:
        if isinstance(schema.get(keyword), list):
            children.extend(schema[keyword])
    for child in children:
        yield from _references(child, base)


def _resolves(reference: str, by_id: Mapping[str, Any]) -> bool:
    address, fragment = urldefrag(reference)
    target = by_id.get(address)
    if target is None:
        return False
    for token in fragment.split("/")[1:] if fragment else []:
        token = token.replace("~1", "/").replace("~0", "~")
        if isinstance(target, dict) and token in target:
            target = target[token]
        elif isinstance(target, list) and token.isdigit() and int(token) < len(target):
            target = target[int(token)]
        else:
            return False
    return fragment == "" or fragment.startswith("/")


@lru_cache(maxsize=None)
def _definition_index() -> Dict[str, Dict[str, str]]:
    """For each mode, every definition name and the absolute reference to its schema."""
    index: Dict[str, Dict[str, str]] = {mode: {} for mode in MODES}
    for identifier, (mode, schema) in _shipped_schemas().items():
        index[mode][schema["title"]] = identifier
        for name in schema.get("$defs", {}):
            index[mode].setdefault(name, f"{identifier}#/$defs/{name}")
    return index


@lru_cache(maxsize=None)
def _validator(mode: str, definition: str) -> Any:
    try:
        import jsonschema
    except ImportError:
        raise ImportError(
            'agent_transcript.validate needs jsonschema: pip install "agent-transcript[validate]"'
        ) from None
    target = _definition_index()[mode].get(definition)
    if target is None:
        raise ValueError(f"no definition {definition!r}; the definitions are: {', '.join(definitions())}")
    # One compound document: the shipped schemas are embedded resources, found by their $id from the root's $ref.
    embedded = {f"shipped-{number}": schema for number, (_mode, schema) in enumerate(_shipped_schemas().values())}
    root = {"$schema": _DRAFT_2020_12, "$ref": target, "$defs": embedded}
    checked = jsonschema.validators.extend(jsonschema.Draft202012Validator, validators={"pattern": _pattern})
    return checked(root, format_checker=_format_checker(jsonschema))


def _pattern(validator: Any, pattern: str, instance: Any, _schema: Any) -> Iterator[Any]:
    """`pattern` as ECMA-262 (JSON Schema's regular-expression dialect) reads it, where jsonschema's own uses Python's.

    The difference that matters: Python's `$` also matches before a final line break, so a path ending in `\\n` would
    pass the `^...$` patterns that core's validators refuse it with.
    """
    from jsonschema.exceptions import ValidationError

    if validator.is_type(instance, "string") and _ecmascript_pattern(pattern).search(instance) is None:
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


@lru_cache(maxsize=256)
def _ecmascript_pattern(pattern: str) -> "re.Pattern[str]":
    # `$` outside a character class is an end-of-input anchor in ECMA-262 without the m flag: Python spells it \Z.
    translated: List[str] = []
    in_class = False
    index = 0
    while index < len(pattern):
        character = pattern[index]
        if character == "\\" and index + 1 < len(pattern):
            translated.append(pattern[index : index + 2])
            index += 2
            continue
        if in_class:
            in_class = character != "]"
        elif character == "[":
            in_class = True
        elif character == "$":
            character = r"\Z"
        translated.append(character)
        index += 1
    return re.compile("".join(translated))


def _format_checker(jsonschema: Any) -> Any:
    checker = jsonschema.FormatChecker(formats=())
    checker.checks("date-time")(is_date_time)
    checker.checks("uuid")(is_uuid)
    return checker


# ECMAScript's white space and line terminators: what separates a date from a time for the reference validator.
_ECMASCRIPT_SPACE = "\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
_SEPARATOR = re.compile(f"[Tt{_ECMASCRIPT_SPACE}]")
_DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
_TIME = re.compile(r"([0-9]{2}):([0-9]{2}):([0-9]{2}(?:\.[0-9]+)?)(?:([Zz])|([+-])([0-9]{2})(?::?([0-9]{2}))?)")
# ASCII: Unicode case folding would let letters other than these match.
_UUID = re.compile(r"(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}", re.IGNORECASE | re.ASCII)
_DAYS_IN_MONTH = (0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def is_date_time(value: object) -> bool:
    """RFC 3339 date-time with a time zone, with the reference validator's (ajv-formats') leniencies: a space or a
    lower-case `t` between date and time, an offset written `+hhmm` or `+hh`, and a leap second only at 23:59 UTC."""
    if not isinstance(value, str):
        return True
    pieces = _SEPARATOR.split(value)
    if len(pieces) != 2:
        return False
    date, time = (_DATE.fullmatch(pieces[0]), _TIME.fullmatch(pieces[1]))
    if date is None or time is None:
        return False
    year, month, day = (int(group) for group in date.groups())
    leap_year = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    days = 29 if month == 2 and leap_year else _DAYS_IN_MONTH[month] if 1 <= month <= 12 else 0
    if not 1 <= day <= days:
        return False
    hour, minute, second = int(time.group(1)), int(time.group(2)), float(time.group(3))
    zulu, sign, offset_hours, offset_minutes = time.group(4), time.group(5), time.group(6), time.group(7)
    if zulu is None and sign is None:
        return False
    offset_hour, offset_minute = int(offset_hours or 0), int(offset_minutes or 0)
    if offset_hour > 23 or offset_minute > 59:
        return False
    if hour <= 23 and minute <= 59 and second < 60:
        return True
    # A leap second is 23:59:60 in UTC, so in local time it is wherever the offset puts 23:59 UTC.
    direction = -1 if sign == "-" else 1
    utc_minute = minute - offset_minute * direction
    utc_hour = hour - offset_hour * direction - (1 if utc_minute < 0 else 0)
    return utc_hour in (23, -1) and utc_minute in (59, -1) and second < 61


def is_uuid(value: object) -> bool:
    """A UUID in its hyphenated hexadecimal form, in either case, optionally as a `urn:uuid:` URN."""
    return not isinstance(value, str) or _UUID.fullmatch(value) is not None
