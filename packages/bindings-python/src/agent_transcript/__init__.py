"""Agent Transcript format: dataclasses generated from the published JSON Schemas (`v1`), and validation against
those schemas, which ship inside this package (`validate`, needing the `validate` extra). See README.md."""

from .generated import v1
from .validation import (
    FORMAT_VERSION,
    MODES,
    InvalidDocumentError,
    ValidationIssue,
    definitions,
    is_valid,
    validate,
)

__all__ = [
    "FORMAT_VERSION",
    "MODES",
    "InvalidDocumentError",
    "ValidationIssue",
    "definitions",
    "is_valid",
    "v1",
    "validate",
]
