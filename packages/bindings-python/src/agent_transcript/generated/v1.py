# AUTO-GENERATED FILE. DO NOT EDIT.
# Source: schemas/v1/event.schema.json, schemas/v1/snapshot-declaration.schema.json
# Regenerate: pnpm generate

from enum import Enum
from dataclasses import dataclass
from uuid import UUID
from datetime import datetime
from typing import Optional, Any, TypeVar, Type, cast
import dateutil.parser


T = TypeVar("T")
EnumT = TypeVar("EnumT", bound=Enum)


def from_int(x: Any) -> int:
    assert isinstance(x, int) and not isinstance(x, bool)
    return x


def from_str(x: Any) -> str:
    assert isinstance(x, str)
    return x


def from_datetime(x: Any) -> datetime:
    return dateutil.parser.parse(x)


def from_none(x: Any) -> Any:
    assert x is None
    return x


def from_union(fs, x):
    for f in fs:
        try:
            return f(x)
        except:
            pass
    assert False


def to_enum(c: Type[EnumT], x: Any) -> EnumT:
    assert isinstance(x, c)
    return x.value


def to_class(c: Type[T], x: Any) -> dict:
    assert isinstance(x, c)
    return cast(Any, x).to_dict()


class EventType(Enum):
    """The closed event vocabulary. Writers emit only these values; a newer minor version of the
    format may add values, which tolerant readers accept and surface as warnings.
    """
    messageassistant = "message.assistant"
    messageuser = "message.user"
    runcompleted = "run.completed"
    runstarted = "run.started"
    stepcallworkflowcompleted = "step.call_workflow.completed"
    stepcallworkflowstarted = "step.call_workflow.started"
    stepcompleted = "step.completed"
    stepstarted = "step.started"
    toolcall = "tool.call"
    toolresult = "tool.result"


@dataclass
class Event:
    """One line of an append-only JSONL event log (seed 001 envelope). Every line is one
    complete Event; lines are UTF-8, LF-terminated, and appear in strictly increasing `seq`
    order starting at 1. Event-specific data lives in `payload`, whose shape is chosen by
    `type`.
    """
    iteration: int
    """Zero-based loop or retry iteration counter; 0 outside loops."""

    path: str
    """Dot-separated step path within the workflow definition (for example `analyze` or
    `parallel_block.branch_a`). The empty string on run-level events.
    """
    runid: UUID
    """UUID of the run this file records. Every line of one file carries the same run_id."""

    seq: int
    """Sequence number, strictly monotonic per file and starting at 1, with no gaps. The
    recorder allocates it atomically before writing the line.
    """
    timestamp: datetime
    """Emission time, RFC 3339 with a time-zone offset; UTC (`Z`) is preferred."""

    type: EventType
    childrunid: Optional[UUID] = None
    """UUID of a spawned child run. Required on `step.call_workflow.started` and
    `step.call_workflow.completed` lines in the parent's file; absent (never empty) on other
    lines.
    """
    parentrunid: Optional[UUID] = None
    """UUID of the enclosing parent run. Present on every line of a child run's file when the
    run was started by another run; absent (never empty) otherwise.
    """
    payload: Any = None
    """Event-specific data whose shape is determined by `type`. May be null for `run.started`
    and `run.completed`; must be an object for step, message and tool events.
    """

    @staticmethod
    def from_dict(obj: Any) -> 'Event':
        assert isinstance(obj, dict)
        iteration = from_int(obj.get("iteration"))
        path = from_str(obj.get("path"))
        runid = UUID(obj.get("run_id"))
        seq = from_int(obj.get("seq"))
        timestamp = from_datetime(obj.get("timestamp"))
        type = EventType(obj.get("type"))
        childrunid = from_union([lambda x: UUID(x), from_none], obj.get("child_run_id"))
        parentrunid = from_union([lambda x: UUID(x), from_none], obj.get("parent_run_id"))
        payload = obj.get("payload")
        return Event(iteration, path, runid, seq, timestamp, type, childrunid, parentrunid, payload)

    def to_dict(self) -> dict:
        result: dict = {}
        result["iteration"] = from_int(self.iteration)
        result["path"] = from_str(self.path)
        result["run_id"] = str(self.runid)
        result["seq"] = from_int(self.seq)
        result["timestamp"] = self.timestamp.isoformat()
        result["type"] = to_enum(EventType, self.type)
        if self.childrunid is not None:
            result["child_run_id"] = from_union([lambda x: str(x), from_none], self.childrunid)
        if self.parentrunid is not None:
            result["parent_run_id"] = from_union([lambda x: str(x), from_none], self.parentrunid)
        result["payload"] = self.payload
        return result


class Kind(Enum):
    """`repo`: a git repository root, snapshotted as its diff (tracked changes plus untracked,
    non-ignored files). `file`: a single file outside any declared repository, uploaded
    verbatim; a `file` inside a declared `repo` is redundant and dropped.
    """
    file = "file"
    repo = "repo"


@dataclass
class SnapshotDeclaration:
    """One line of an end-of-run workspace snapshot declarations file (seed 003): a JSONL file
    in which each line names one repository or file to carry to another machine when a run is
    handed off. Malformed lines are skipped and reported, never fatal.
    """
    kind: Kind
    """`repo`: a git repository root, snapshotted as its diff (tracked changes plus untracked,
    non-ignored files). `file`: a single file outside any declared repository, uploaded
    verbatim; a `file` inside a declared `repo` is redundant and dropped.
    """
    path: str
    """Absolute path of the repository root or file. Relative paths are rejected as malformed."""

    version: int
    """Declaration format version. Version 1 is the only one defined; a reader skips lines with
    another version.
    """

    @staticmethod
    def from_dict(obj: Any) -> 'SnapshotDeclaration':
        assert isinstance(obj, dict)
        kind = Kind(obj.get("kind"))
        path = from_str(obj.get("path"))
        version = from_int(obj.get("version"))
        return SnapshotDeclaration(kind, path, version)

    def to_dict(self) -> dict:
        result: dict = {}
        result["kind"] = to_enum(Kind, self.kind)
        result["path"] = from_str(self.path)
        result["version"] = from_int(self.version)
        return result


def Eventfromdict(s: Any) -> Event:
    return Event.from_dict(s)


def Eventtodict(x: Event) -> Any:
    return to_class(Event, x)


def SnapshotDeclarationfromdict(s: Any) -> SnapshotDeclaration:
    return SnapshotDeclaration.from_dict(s)


def SnapshotDeclarationtodict(x: SnapshotDeclaration) -> Any:
    return to_class(SnapshotDeclaration, x)

