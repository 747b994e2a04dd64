"""Agent Transcript format: dataclasses generated from the published JSON Schemas (see README.md)."""

from .generated import v1

__all__ = ["v1"]
