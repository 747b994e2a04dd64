# AUTO-GENERATED FILE. DO NOT EDIT.
# Source: schemas/v1/cost.schema.json, schemas/v1/event.schema.json, schemas/v1/message.schema.json, schemas/v1/part.schema.json, schemas/v1/snapshot-bundle.schema.json, schemas/v1/snapshot-declaration.schema.json, schemas/v1/transcript.schema.json, schemas/v1/usage.schema.json
# Regenerate: pnpm generate

from enum import Enum
from dataclasses import dataclass
from uuid import UUID
from datetime import datetime
from typing import Optional, Any, Dict, List, Union, TypeVar, Type, Callable, cast
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


def from_bool(x: Any) -> bool:
    assert isinstance(x, bool)
    return x


def from_dict(f: Callable[[Any], T], x: Any) -> Dict[str, T]:
    assert isinstance(x, dict)
    return { k: f(v) for (k, v) in x.items() }


def from_list(f: Callable[[Any], T], x: Any) -> List[T]:
    assert isinstance(x, list)
    return [f(y) for y in x]


def to_class(c: Type[T], x: Any) -> dict:
    assert isinstance(x, c)
    return cast(Any, x).to_dict()


def from_float(x: Any) -> float:
    assert isinstance(x, (float, int)) and not isinstance(x, bool)
    return float(x)


def to_float(x: Any) -> float:
    assert isinstance(x, (int, float))
    return x


class EventType(Enum):
    """The closed event vocabulary: AWF's ten types plus `message.system` (added in 1.0.0 for
    system and developer instructions, which AWF folds into message.user) and
    `artifact.created` (added in 1.0.0: something the run produced besides messages, such as
    its end-of-run workspace snapshot). Writers emit only these values; a newer minor version
    may add values, which tolerant readers accept and surface as warnings.
    """
    ARTIFACT_CREATED = "artifact.created"
    MESSAGE_ASSISTANT = "message.assistant"
    MESSAGE_SYSTEM = "message.system"
    MESSAGE_USER = "message.user"
    RUN_COMPLETED = "run.completed"
    RUN_STARTED = "run.started"
    STEP_CALL_WORKFLOW_COMPLETED = "step.call_workflow.completed"
    STEP_CALL_WORKFLOW_STARTED = "step.call_workflow.started"
    STEP_COMPLETED = "step.completed"
    STEP_STARTED = "step.started"
    TOOL_CALL = "tool.call"
    TOOL_RESULT = "tool.result"


@dataclass
class Event:
    """One line of an append-only JSONL event log (the AWF transcript envelope). Every line is
    one complete Event; lines are UTF-8, LF-terminated, and appear in strictly increasing
    `seq` order starting at 1. Event-specific data lives in `payload`, whose shape is chosen
    by `type`.
    """
    iteration: int
    """Zero-based loop or retry iteration counter; 0 outside loops."""

    path: str
    """Dot-separated step path within the workflow definition (for example `analyze` or
    `parallel_block.branch_a`). The empty string on run-level events.
    """
    run_id: UUID
    """UUID of the run this file records. Every line of one file carries the same run_id."""

    seq: int
    """Sequence number, strictly monotonic per file and starting at 1, with no gaps. The
    recorder allocates it atomically before writing the line.
    """
    timestamp: datetime
    """Emission time, RFC 3339 with a time-zone offset; UTC (`Z`) is preferred."""

    type: EventType
    child_run_id: Optional[UUID] = None
    """UUID of a spawned child run. Required on `step.call_workflow.started` and
    `step.call_workflow.completed` lines in the parent's file; absent (never empty) on other
    lines.
    """
    parent_run_id: Optional[UUID] = None
    """UUID of the enclosing parent run. Present on every line of a child run's file when the
    run was started by another run; absent (never empty) otherwise.
    """
    payload: Any = None
    """Event-specific data whose shape is determined by `type`: a StepPayload for run and step
    events (on run.started it declares the log's schema_version; AWF's own logs write
    run.started with a plain StepPayload or null, which a tolerant reader accepts as this
    version; run.completed may carry null), a MessagePayload for message events, a
    ToolPayload for tool events, an Artifact (transcript.schema.json) for artifact.created.
    Unknown event types of a newer minor version carry any payload.
    """

    @staticmethod
    def from_dict(obj: Any) -> 'Event':
        assert isinstance(obj, dict)
        iteration = from_int(obj.get("iteration"))
        path = from_str(obj.get("path"))
        run_id = UUID(obj.get("run_id"))
        seq = from_int(obj.get("seq"))
        timestamp = from_datetime(obj.get("timestamp"))
        type = EventType(obj.get("type"))
        child_run_id = from_union([lambda x: UUID(x), from_none], obj.get("child_run_id"))
        parent_run_id = from_union([lambda x: UUID(x), from_none], obj.get("parent_run_id"))
        payload = obj.get("payload")
        return Event(iteration, path, run_id, seq, timestamp, type, child_run_id, parent_run_id, payload)

    def to_dict(self) -> dict:
        result: dict = {}
        result["iteration"] = from_int(self.iteration)
        result["path"] = from_str(self.path)
        result["run_id"] = str(self.run_id)
        result["seq"] = from_int(self.seq)
        result["timestamp"] = self.timestamp.isoformat()
        result["type"] = to_enum(EventType, self.type)
        if self.child_run_id is not None:
            result["child_run_id"] = from_union([lambda x: str(x), from_none], self.child_run_id)
        if self.parent_run_id is not None:
            result["parent_run_id"] = from_union([lambda x: str(x), from_none], self.parent_run_id)
        result["payload"] = self.payload
        return result


class ChangeMode(Enum):
    """Git's mode of the path afterwards: `100644` a file, `100755` an executable file, `120000`
    a symbolic link; absent for a deletion.
    """
    THE_100644 = "100644"
    THE_100755 = "100755"
    THE_120000 = "120000"


class ChangeStatus(Enum):
    """`added` (including untracked files), `modified`, `deleted`, `renamed` (from `old_path`,
    maybe also modified) or `type-changed` (a file became a symbolic link, or back).
    """
    ADDED = "added"
    DELETED = "deleted"
    MODIFIED = "modified"
    RENAMED = "renamed"
    TYPE_CHANGED = "type-changed"


@dataclass
class SnapshotChange:
    """One path a repository's patch changes, with what the working tree holds there afterwards,
    so an applied patch can be checked byte for byte.
    """
    path: str
    """The path, relative to the repository; for a rename, the new one."""

    status: ChangeStatus
    """`added` (including untracked files), `modified`, `deleted`, `renamed` (from `old_path`,
    maybe also modified) or `type-changed` (a file became a symbolic link, or back).
    """
    binary: Optional[bool] = None
    """True when the content is binary (a NUL byte in its first 8,000 bytes, as git decides):
    carried in the patch as a binary patch and not scanned for secrets.
    """
    mode: Optional[ChangeMode] = None
    """Git's mode of the path afterwards: `100644` a file, `100755` an executable file, `120000`
    a symbolic link; absent for a deletion.
    """
    old_path: Optional[str] = None
    """For a rename, the path it was renamed from."""

    permissions: Optional[str] = None
    """The file's permission bits on the machine that took the snapshot, as four octal digits
    (`0600`, `0755`); absent for a deletion and a symbolic link, and in bundles written
    before it was recorded. Git records only whether a file is executable; these keep a
    private file private: applying never gives the file wider permissions than these (the
    receiving umask may narrow them further).
    """
    redacted: Optional[bool] = None
    """True when secrets in the lines this change adds were replaced by placeholders."""

    sha256: Optional[str] = None
    """SHA-256 of the content afterwards, lowercase hex (of a symbolic link: of its target's
    path); absent for a deletion, and for a file whose added lines were redacted (its content
    then differs from what was found).
    """
    size: Optional[int] = None
    """Size in bytes afterwards (of a symbolic link: of its target's path); absent for a
    deletion.
    """

    @staticmethod
    def from_dict(obj: Any) -> 'SnapshotChange':
        assert isinstance(obj, dict)
        path = from_str(obj.get("path"))
        status = ChangeStatus(obj.get("status"))
        binary = from_union([from_bool, from_none], obj.get("binary"))
        mode = from_union([ChangeMode, from_none], obj.get("mode"))
        old_path = from_union([from_str, from_none], obj.get("old_path"))
        permissions = from_union([from_str, from_none], obj.get("permissions"))
        redacted = from_union([from_bool, from_none], obj.get("redacted"))
        sha256 = from_union([from_str, from_none], obj.get("sha256"))
        size = from_union([from_int, from_none], obj.get("size"))
        return SnapshotChange(path, status, binary, mode, old_path, permissions, redacted, sha256, size)

    def to_dict(self) -> dict:
        result: dict = {}
        result["path"] = from_str(self.path)
        result["status"] = to_enum(ChangeStatus, self.status)
        if self.binary is not None:
            result["binary"] = from_union([from_bool, from_none], self.binary)
        if self.mode is not None:
            result["mode"] = from_union([lambda x: to_enum(ChangeMode, x), from_none], self.mode)
        if self.old_path is not None:
            result["old_path"] = from_union([from_str, from_none], self.old_path)
        if self.permissions is not None:
            result["permissions"] = from_union([from_str, from_none], self.permissions)
        if self.redacted is not None:
            result["redacted"] = from_union([from_bool, from_none], self.redacted)
        if self.sha256 is not None:
            result["sha256"] = from_union([from_str, from_none], self.sha256)
        if self.size is not None:
            result["size"] = from_union([from_int, from_none], self.size)
        return result


class SnapshotDeclarationKind(Enum):
    """`repo`: a git repository root, snapshotted as its diff (tracked changes plus untracked,
    non-ignored files). `file`: a single file outside any declared repository, uploaded
    verbatim; a `file` inside a declared `repo` is redundant and dropped.
    """
    FILE = "file"
    REPO = "repo"


@dataclass
class SnapshotDeclaration:
    """One line of an end-of-run workspace snapshot declarations file (Oz snapshot
    declarations): a JSONL file in which each line names one repository or file to carry to
    another machine when a run is handed off. Malformed lines are skipped and reported, never
    fatal.
    """
    kind: SnapshotDeclarationKind
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
        kind = SnapshotDeclarationKind(obj.get("kind"))
        path = from_str(obj.get("path"))
        version = from_int(obj.get("version"))
        return SnapshotDeclaration(kind, path, version)

    def to_dict(self) -> dict:
        result: dict = {}
        result["kind"] = to_enum(SnapshotDeclarationKind, self.kind)
        result["path"] = from_str(self.path)
        result["version"] = from_int(self.version)
        return result


class SnapshotEncoding(Enum):
    """How the `chunk` lines after a repository or file line hold its bytes: `utf8`, as text
    (the content is valid UTF-8, so a person or `jq -r` can read it); `base64`, as standard
    base64 with padding (binary content). Each chunk decodes on its own; the content is the
    chunks' bytes in order.
    """
    BASE64 = "base64"
    UTF8 = "utf8"


class SnapshotBundleLineMode(Enum):
    """`100644` a file, `100755` an executable file."""

    THE_100644 = "100644"
    THE_100755 = "100755"


@dataclass
class SnapshotProblem:
    """Something the snapshot left out, and why."""

    code: str
    """What kind of problem: `too-large` (over the size cap), `missing` (a declared path that
    does not exist), `not-a-repository`, `not-a-file`, `unreadable`, `unsafe-path` (a path
    that cannot be carried safely), `git` (a git command failed); a newer version may add
    codes.
    """
    message: str
    """What happened, for a person."""

    path: Optional[str] = None
    """The path concerned, as on the machine that took the snapshot."""

    @staticmethod
    def from_dict(obj: Any) -> 'SnapshotProblem':
        assert isinstance(obj, dict)
        code = from_str(obj.get("code"))
        message = from_str(obj.get("message"))
        path = from_union([from_str, from_none], obj.get("path"))
        return SnapshotProblem(code, message, path)

    def to_dict(self) -> dict:
        result: dict = {}
        result["code"] = from_str(self.code)
        result["message"] = from_str(self.message)
        if self.path is not None:
            result["path"] = from_union([from_str, from_none], self.path)
        return result


@dataclass
class SnapshotRemote:
    """The remote a repository's branch tracks (or `origin`, or its first remote), so the other
    machine can clone it.
    """
    name: str
    """The remote's name."""

    url: str
    """Its fetch URL, as configured (credentials in it are reported by the secret scanner, and
    redacted on request).
    """

    @staticmethod
    def from_dict(obj: Any) -> 'SnapshotRemote':
        assert isinstance(obj, dict)
        name = from_str(obj.get("name"))
        url = from_str(obj.get("url"))
        return SnapshotRemote(name, url)

    def to_dict(self) -> dict:
        result: dict = {}
        result["name"] = from_str(self.name)
        result["url"] = from_str(self.url)
        return result


@dataclass
class SnapshotFinding:
    """The secrets found in one file."""

    counts: Dict[str, int]
    """Secrets found in this file per rule id."""

    path: str
    """The file's path: relative to its repository, or to the bundle's `root` for a declared
    file.
    """
    repository: Optional[str] = None
    """The repository's `path` when the file belongs to one; absent for a declared file."""

    @staticmethod
    def from_dict(obj: Any) -> 'SnapshotFinding':
        assert isinstance(obj, dict)
        counts = from_dict(from_int, obj.get("counts"))
        path = from_str(obj.get("path"))
        repository = from_union([from_str, from_none], obj.get("repository"))
        return SnapshotFinding(counts, path, repository)

    def to_dict(self) -> dict:
        result: dict = {}
        result["counts"] = from_dict(from_int, self.counts)
        result["path"] = from_str(self.path)
        if self.repository is not None:
            result["repository"] = from_union([from_str, from_none], self.repository)
        return result


@dataclass
class SnapshotSecrets:
    """What the secret scanner (the built-in redaction rules) found in the text the bundle
    carries: the lines a repository's patch adds and the content of each declared text file.
    Binary content and a patch's context and removed lines (which the recorded HEAD commit
    already holds) are not scanned. Counts only, never the secrets.
    """
    counts: Dict[str, int]
    """Secrets found per rule id (`github-token`, `private-key`, …); rules that found nothing
    are absent.
    """
    findings: List[SnapshotFinding]
    """Per file, what was found, in bundle order."""

    redacted: bool
    """True when the secrets were replaced by `[REDACTED:<rule>]` placeholders before the
    content was written (`--redact`); false when they are in the bundle as found.
    """
    total: int
    """Secrets found, over all rules and files."""

    @staticmethod
    def from_dict(obj: Any) -> 'SnapshotSecrets':
        assert isinstance(obj, dict)
        counts = from_dict(from_int, obj.get("counts"))
        findings = from_list(SnapshotFinding.from_dict, obj.get("findings"))
        redacted = from_bool(obj.get("redacted"))
        total = from_int(obj.get("total"))
        return SnapshotSecrets(counts, findings, redacted, total)

    def to_dict(self) -> dict:
        result: dict = {}
        result["counts"] = from_dict(from_int, self.counts)
        result["findings"] = from_list(lambda x: to_class(SnapshotFinding, x), self.findings)
        result["redacted"] = from_bool(self.redacted)
        result["total"] = from_int(self.total)
        return result


class SnapshotBundleLineType(Enum):
    CHUNK = "chunk"
    END = "end"
    FILE = "file"
    REPOSITORY = "repository"
    SNAPSHOT = "snapshot"


@dataclass
class SnapshotBundleLine:
    """One line of a workspace snapshot bundle (Oz snapshot declarations, taken): a UTF-8 JSONL
    file, one JSON object per LF-terminated line, that carries what a run changed in its
    workspace to another machine. The first line is the header (`snapshot`); then, for each
    declared repository, a `repository` line followed by the chunks of its patch, and for
    each declared file a `file` line followed by the chunks of its content; the last line is
    `end`. Content is never one large value: it is cut into `chunk` lines of at most 1 MiB of
    data each, so a bundle is written and read in memory bounded by a chunk, whatever the
    size of the files it holds. A bundle without its `end` line is incomplete (a torn write)
    and is refused. Every path inside a bundle is relative (to the bundle's `root`, or to its
    repository) and never climbs out with `..`.
    
    The first line of a bundle: when and from what it was taken, how many repositories and
    files follow, and what the secret scanner found.
    
    A declared git repository: the commit its working tree is based on, and its uncommitted
    changes as one git patch (tracked changes against HEAD, staged or not, and untracked
    files that are not ignored, as `git diff --binary` writes them: renames, deletions, file
    modes and binary files included). The patch's bytes follow in the `chunk` lines after
    this one. Applied with `git apply` onto a checkout of `head`, it reproduces the working
    tree.
    
    A declared file outside any declared repository, carried verbatim (or with its secrets
    redacted, on request). Its bytes follow in the `chunk` lines after this one.
    
    A piece of the content of the repository or file line before it, in that line's
    `encoding`.
    
    The last line: the bundle is complete. Repeats the header's counts, so a reader knows
    nothing was lost between them.
    """
    type: SnapshotBundleLineType
    """Always `snapshot`.
    
    Always `repository`.
    
    Always `file`.
    
    Always `chunk`.
    
    Always `end`.
    """
    created_at: Optional[datetime] = None
    """When the snapshot was taken."""

    declarations: Optional[List[SnapshotDeclaration]] = None
    """The declarations the snapshot took, redundant ones removed (Oz snapshot declarations)."""

    files: Optional[int] = None
    """How many `file` entries follow.
    
    How many `file` entries the bundle holds.
    """
    max_file_bytes: Optional[int] = None
    """The size cap in force: a file larger than this was left out and named in `problems`."""

    problems: Optional[List[SnapshotProblem]] = None
    """What could not be taken (a file over the size cap, a declared path that is missing or not
    a repository, …): left out, never fatal.
    """
    repositories: Optional[int] = None
    """How many `repository` entries follow.
    
    How many `repository` entries the bundle holds.
    """
    root: Optional[str] = None
    """The absolute path, on the machine that took it, that every `path` of the bundle is
    relative to: the deepest folder holding every declared repository and file.
    """
    run_id: Optional[str] = None
    """The run the snapshot was taken at the end of, when there was one."""

    secrets: Optional[SnapshotSecrets] = None
    version: Optional[int] = None
    """Bundle format version. Version 1 is the only one defined; a reader refuses another."""

    branch: Optional[str] = None
    """The checked-out branch; absent when HEAD is detached."""

    changes: Optional[List[SnapshotChange]] = None
    """Every path the patch changes, in the patch's order."""

    encoding: Optional[SnapshotEncoding] = None
    head: Optional[str] = None
    """The full object name of the HEAD commit the patch applies to; absent for a repository
    without commits, whose patch applies to an empty tree.
    """
    path: Optional[str] = None
    """Where the repository is, relative to the bundle's `root` (`.` when it is the root).
    
    Where the file is, relative to the bundle's `root`.
    """
    remote: Optional[SnapshotRemote] = None
    sha256: Optional[str] = None
    """SHA-256 of the patch's bytes, lowercase hex.
    
    SHA-256 of the content carried, lowercase hex.
    """
    size: Optional[int] = None
    """The patch's size in bytes (0: no uncommitted change).
    
    Size in bytes of the content carried.
    """
    source_path: Optional[str] = None
    """The repository's absolute path on the machine that took the snapshot, as declared.
    
    The file's absolute path on the machine that took the snapshot, as declared.
    """
    mode: Optional[SnapshotBundleLineMode] = None
    """`100644` a file, `100755` an executable file."""

    permissions: Optional[str] = None
    """The file's permission bits on the machine that took the snapshot, as four octal digits
    (`0600`, `0755`); absent in bundles written before it was recorded. Applying never gives
    the file wider permissions than these (the receiving umask may narrow them further).
    """
    redacted: Optional[bool] = None
    """True when secrets in the content were replaced by placeholders (size and sha256 are then
    the redacted content's).
    """
    data: Optional[str] = None
    """The piece: at most 1 MiB of text, or the base64 of at most 768 KiB."""

    @staticmethod
    def from_dict(obj: Any) -> 'SnapshotBundleLine':
        assert isinstance(obj, dict)
        type = SnapshotBundleLineType(obj.get("type"))
        created_at = from_union([from_datetime, from_none], obj.get("created_at"))
        declarations = from_union([lambda x: from_list(SnapshotDeclaration.from_dict, x), from_none], obj.get("declarations"))
        files = from_union([from_int, from_none], obj.get("files"))
        max_file_bytes = from_union([from_int, from_none], obj.get("max_file_bytes"))
        problems = from_union([lambda x: from_list(SnapshotProblem.from_dict, x), from_none], obj.get("problems"))
        repositories = from_union([from_int, from_none], obj.get("repositories"))
        root = from_union([from_str, from_none], obj.get("root"))
        run_id = from_union([from_str, from_none], obj.get("run_id"))
        secrets = from_union([SnapshotSecrets.from_dict, from_none], obj.get("secrets"))
        version = from_union([from_int, from_none], obj.get("version"))
        branch = from_union([from_str, from_none], obj.get("branch"))
        changes = from_union([lambda x: from_list(SnapshotChange.from_dict, x), from_none], obj.get("changes"))
        encoding = from_union([SnapshotEncoding, from_none], obj.get("encoding"))
        head = from_union([from_str, from_none], obj.get("head"))
        path = from_union([from_str, from_none], obj.get("path"))
        remote = from_union([SnapshotRemote.from_dict, from_none], obj.get("remote"))
        sha256 = from_union([from_str, from_none], obj.get("sha256"))
        size = from_union([from_int, from_none], obj.get("size"))
        source_path = from_union([from_str, from_none], obj.get("source_path"))
        mode = from_union([SnapshotBundleLineMode, from_none], obj.get("mode"))
        permissions = from_union([from_str, from_none], obj.get("permissions"))
        redacted = from_union([from_bool, from_none], obj.get("redacted"))
        data = from_union([from_str, from_none], obj.get("data"))
        return SnapshotBundleLine(type, created_at, declarations, files, max_file_bytes, problems, repositories, root, run_id, secrets, version, branch, changes, encoding, head, path, remote, sha256, size, source_path, mode, permissions, redacted, data)

    def to_dict(self) -> dict:
        result: dict = {}
        result["type"] = to_enum(SnapshotBundleLineType, self.type)
        if self.created_at is not None:
            result["created_at"] = from_union([lambda x: x.isoformat(), from_none], self.created_at)
        if self.declarations is not None:
            result["declarations"] = from_union([lambda x: from_list(lambda x: to_class(SnapshotDeclaration, x), x), from_none], self.declarations)
        if self.files is not None:
            result["files"] = from_union([from_int, from_none], self.files)
        if self.max_file_bytes is not None:
            result["max_file_bytes"] = from_union([from_int, from_none], self.max_file_bytes)
        if self.problems is not None:
            result["problems"] = from_union([lambda x: from_list(lambda x: to_class(SnapshotProblem, x), x), from_none], self.problems)
        if self.repositories is not None:
            result["repositories"] = from_union([from_int, from_none], self.repositories)
        if self.root is not None:
            result["root"] = from_union([from_str, from_none], self.root)
        if self.run_id is not None:
            result["run_id"] = from_union([from_str, from_none], self.run_id)
        if self.secrets is not None:
            result["secrets"] = from_union([lambda x: to_class(SnapshotSecrets, x), from_none], self.secrets)
        if self.version is not None:
            result["version"] = from_union([from_int, from_none], self.version)
        if self.branch is not None:
            result["branch"] = from_union([from_str, from_none], self.branch)
        if self.changes is not None:
            result["changes"] = from_union([lambda x: from_list(lambda x: to_class(SnapshotChange, x), x), from_none], self.changes)
        if self.encoding is not None:
            result["encoding"] = from_union([lambda x: to_enum(SnapshotEncoding, x), from_none], self.encoding)
        if self.head is not None:
            result["head"] = from_union([from_str, from_none], self.head)
        if self.path is not None:
            result["path"] = from_union([from_str, from_none], self.path)
        if self.remote is not None:
            result["remote"] = from_union([lambda x: to_class(SnapshotRemote, x), from_none], self.remote)
        if self.sha256 is not None:
            result["sha256"] = from_union([from_str, from_none], self.sha256)
        if self.size is not None:
            result["size"] = from_union([from_int, from_none], self.size)
        if self.source_path is not None:
            result["source_path"] = from_union([from_str, from_none], self.source_path)
        if self.mode is not None:
            result["mode"] = from_union([lambda x: to_enum(SnapshotBundleLineMode, x), from_none], self.mode)
        if self.permissions is not None:
            result["permissions"] = from_union([from_str, from_none], self.permissions)
        if self.redacted is not None:
            result["redacted"] = from_union([from_bool, from_none], self.redacted)
        if self.data is not None:
            result["data"] = from_union([from_str, from_none], self.data)
        return result


class RunStatus(Enum):
    """A run's state: `running`, `completed`, `failed` (error carries why) or `canceled`."""

    CANCELED = "canceled"
    COMPLETED = "completed"
    FAILED = "failed"
    RUNNING = "running"


@dataclass
class ParentRun:
    """The run that started this one."""

    run_id: str
    """The parent's run id."""

    call_id: Optional[str] = None
    """The parent's tool call that started this run (a sub-agent's Task call)."""

    path: Optional[str] = None
    """The parent's step path that started this run."""

    @staticmethod
    def from_dict(obj: Any) -> 'ParentRun':
        assert isinstance(obj, dict)
        run_id = from_str(obj.get("run_id"))
        call_id = from_union([from_str, from_none], obj.get("call_id"))
        path = from_union([from_str, from_none], obj.get("path"))
        return ParentRun(run_id, call_id, path)

    def to_dict(self) -> dict:
        result: dict = {}
        result["run_id"] = from_str(self.run_id)
        if self.call_id is not None:
            result["call_id"] = from_union([from_str, from_none], self.call_id)
        if self.path is not None:
            result["path"] = from_union([from_str, from_none], self.path)
        return result


@dataclass
class Step:
    """One execution of a workflow step (AWF step.started / step.completed), with its outcome."""

    kind: str
    """Step type (`agent`, `command`, `parallel`, `call_workflow`, or a custom type name)."""

    name: str
    """Step name from the workflow definition."""

    path: str
    """Dot-separated step path within the workflow definition."""

    status: RunStatus
    child_run_id: Optional[str] = None
    """The child run a call_workflow step started."""

    ended_at: Optional[datetime] = None
    """When the step ended; absent while running."""

    error: Optional[str] = None
    """Why the step failed."""

    iteration: Optional[int] = None
    """Zero-based loop or retry iteration."""

    result: Any = None
    """The step's result, as the step reported it."""

    started_at: Optional[datetime] = None
    """When the step started."""

    @staticmethod
    def from_dict(obj: Any) -> 'Step':
        assert isinstance(obj, dict)
        kind = from_str(obj.get("kind"))
        name = from_str(obj.get("name"))
        path = from_str(obj.get("path"))
        status = RunStatus(obj.get("status"))
        child_run_id = from_union([from_str, from_none], obj.get("child_run_id"))
        ended_at = from_union([from_datetime, from_none], obj.get("ended_at"))
        error = from_union([from_str, from_none], obj.get("error"))
        iteration = from_union([from_int, from_none], obj.get("iteration"))
        result = obj.get("result")
        started_at = from_union([from_datetime, from_none], obj.get("started_at"))
        return Step(kind, name, path, status, child_run_id, ended_at, error, iteration, result, started_at)

    def to_dict(self) -> dict:
        result: dict = {}
        result["kind"] = from_str(self.kind)
        result["name"] = from_str(self.name)
        result["path"] = from_str(self.path)
        result["status"] = to_enum(RunStatus, self.status)
        if self.child_run_id is not None:
            result["child_run_id"] = from_union([from_str, from_none], self.child_run_id)
        if self.ended_at is not None:
            result["ended_at"] = from_union([lambda x: x.isoformat(), from_none], self.ended_at)
        if self.error is not None:
            result["error"] = from_union([from_str, from_none], self.error)
        if self.iteration is not None:
            result["iteration"] = from_union([from_int, from_none], self.iteration)
        if self.result is not None:
            result["result"] = self.result
        if self.started_at is not None:
            result["started_at"] = from_union([lambda x: x.isoformat(), from_none], self.started_at)
        return result


@dataclass
class RawUsage:
    """The provider's usage object exactly as it reported it, and which provider's shape it is."""

    provider: str
    """Whose usage shape this is: `anthropic`, `openai-chat`, `openai-responses`, `gemini`,
    `ollama`, `bedrock-converse`, `mistral`, or a source format id.
    """
    usage: Any = None
    """The usage object, verbatim."""

    @staticmethod
    def from_dict(obj: Any) -> 'RawUsage':
        assert isinstance(obj, dict)
        provider = from_str(obj.get("provider"))
        usage = obj.get("usage")
        return RawUsage(provider, usage)

    def to_dict(self) -> dict:
        result: dict = {}
        result["provider"] = from_str(self.provider)
        result["usage"] = self.usage
        return result


@dataclass
class Usage:
    """Token usage, normalised across providers, with the provider's own usage object kept
    beside it. input_tokens includes cache reads and writes; output_tokens includes
    reasoning. Providers count differently (Anthropic input excludes cache; Gemini output
    excludes thoughts); the normalisation makes these totals mean the same everywhere.
    """
    input_tokens: int
    """All input tokens, including cache reads and cache writes."""

    output_tokens: int
    """All output tokens, including reasoning tokens."""

    cache_read_tokens: Optional[int] = None
    """Of input_tokens, those read from the provider's prompt cache."""

    cache_write_tokens: Optional[int] = None
    """Of input_tokens, those written to the provider's prompt cache."""

    raw: Optional[RawUsage] = None
    reasoning_tokens: Optional[int] = None
    """Of output_tokens, those spent on reasoning."""

    total_tokens: Optional[int] = None
    """The provider's own total when it reports one; otherwise input_tokens + output_tokens."""

    @staticmethod
    def from_dict(obj: Any) -> 'Usage':
        assert isinstance(obj, dict)
        input_tokens = from_int(obj.get("input_tokens"))
        output_tokens = from_int(obj.get("output_tokens"))
        cache_read_tokens = from_union([from_int, from_none], obj.get("cache_read_tokens"))
        cache_write_tokens = from_union([from_int, from_none], obj.get("cache_write_tokens"))
        raw = from_union([RawUsage.from_dict, from_none], obj.get("raw"))
        reasoning_tokens = from_union([from_int, from_none], obj.get("reasoning_tokens"))
        total_tokens = from_union([from_int, from_none], obj.get("total_tokens"))
        return Usage(input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, raw, reasoning_tokens, total_tokens)

    def to_dict(self) -> dict:
        result: dict = {}
        result["input_tokens"] = from_int(self.input_tokens)
        result["output_tokens"] = from_int(self.output_tokens)
        if self.cache_read_tokens is not None:
            result["cache_read_tokens"] = from_union([from_int, from_none], self.cache_read_tokens)
        if self.cache_write_tokens is not None:
            result["cache_write_tokens"] = from_union([from_int, from_none], self.cache_write_tokens)
        if self.raw is not None:
            result["raw"] = from_union([lambda x: to_class(RawUsage, x), from_none], self.raw)
        if self.reasoning_tokens is not None:
            result["reasoning_tokens"] = from_union([from_int, from_none], self.reasoning_tokens)
        if self.total_tokens is not None:
            result["total_tokens"] = from_union([from_int, from_none], self.total_tokens)
        return result


class ArtifactType(Enum):
    FILE = "file"
    SNAPSHOT = "snapshot"


@dataclass
class Artifact:
    """Something the run produced or referenced besides messages.
    
    An end-of-run workspace snapshot for handing the run to another machine (Oz snapshot
    declarations): what was declared, when, and where the snapshot bundle
    (`snapshot-bundle.schema.json`) that carries the changes is.
    
    A file the run produced.
    """
    type: ArtifactType
    """Always `snapshot`.
    
    Always `file`.
    """
    created_at: Optional[datetime] = None
    """When the snapshot was taken."""

    declarations: Optional[List[SnapshotDeclaration]] = None
    """The declarations, as read from the declarations file; at least one (a run that declares
    nothing has no snapshot).
    """
    location: Optional[str] = None
    """Where the snapshot's content is stored: the path of its bundle (a
    `snapshot-bundle.schema.json` JSONL file), relative to this document or to the event log
    that recorded it, or a URL.
    """
    sha256: Optional[str] = None
    """SHA-256 of the bundle file at `location`, lowercase hex, so a reader can tell it has the
    bundle that was written.
    """
    description: Optional[str] = None
    """What the file is."""

    media_type: Optional[str] = None
    """IANA media type."""

    path: Optional[str] = None
    """The file's path."""

    @staticmethod
    def from_dict(obj: Any) -> 'Artifact':
        assert isinstance(obj, dict)
        type = ArtifactType(obj.get("type"))
        created_at = from_union([from_datetime, from_none], obj.get("created_at"))
        declarations = from_union([lambda x: from_list(SnapshotDeclaration.from_dict, x), from_none], obj.get("declarations"))
        location = from_union([from_str, from_none], obj.get("location"))
        sha256 = from_union([from_str, from_none], obj.get("sha256"))
        description = from_union([from_str, from_none], obj.get("description"))
        media_type = from_union([from_str, from_none], obj.get("media_type"))
        path = from_union([from_str, from_none], obj.get("path"))
        return Artifact(type, created_at, declarations, location, sha256, description, media_type, path)

    def to_dict(self) -> dict:
        result: dict = {}
        result["type"] = to_enum(ArtifactType, self.type)
        if self.created_at is not None:
            result["created_at"] = from_union([lambda x: x.isoformat(), from_none], self.created_at)
        if self.declarations is not None:
            result["declarations"] = from_union([lambda x: from_list(lambda x: to_class(SnapshotDeclaration, x), x), from_none], self.declarations)
        if self.location is not None:
            result["location"] = from_union([from_str, from_none], self.location)
        if self.sha256 is not None:
            result["sha256"] = from_union([from_str, from_none], self.sha256)
        if self.description is not None:
            result["description"] = from_union([from_str, from_none], self.description)
        if self.media_type is not None:
            result["media_type"] = from_union([from_str, from_none], self.media_type)
        if self.path is not None:
            result["path"] = from_union([from_str, from_none], self.path)
        return result


@dataclass
class CostBreakdown:
    """The amount split by what was paid for."""

    cache_read: float
    """Cache reads."""

    cache_write: float
    """Cache writes."""

    input: float
    """Uncached input tokens."""

    output: float
    """Output tokens, reasoning included."""

    @staticmethod
    def from_dict(obj: Any) -> 'CostBreakdown':
        assert isinstance(obj, dict)
        cache_read = from_float(obj.get("cache_read"))
        cache_write = from_float(obj.get("cache_write"))
        input = from_float(obj.get("input"))
        output = from_float(obj.get("output"))
        return CostBreakdown(cache_read, cache_write, input, output)

    def to_dict(self) -> dict:
        result: dict = {}
        result["cache_read"] = to_float(self.cache_read)
        result["cache_write"] = to_float(self.cache_write)
        result["input"] = to_float(self.input)
        result["output"] = to_float(self.output)
        return result


@dataclass
class PricingReference:
    """Which prices an amount was computed from."""

    date: str
    """When they were read, as YYYY-MM-DD."""

    model: str
    """The price table entry used."""

    source: str
    """Where the prices were read (the provider's pricing page)."""

    table_version: str
    """Version of the price table."""

    @staticmethod
    def from_dict(obj: Any) -> 'PricingReference':
        assert isinstance(obj, dict)
        date = from_str(obj.get("date"))
        model = from_str(obj.get("model"))
        source = from_str(obj.get("source"))
        table_version = from_str(obj.get("table_version"))
        return PricingReference(date, model, source, table_version)

    def to_dict(self) -> dict:
        result: dict = {}
        result["date"] = from_str(self.date)
        result["model"] = from_str(self.model)
        result["source"] = from_str(self.source)
        result["table_version"] = from_str(self.table_version)
        return result


class CostStatus(Enum):
    COMPUTED = "computed"
    REPORTED = "reported"
    UNKNOWN = "unknown"


@dataclass
class Cost:
    """What tokens cost: computed from a dated price table, reported by the producing tool, or
    unknown. An unknown model's cost is `unknown`, never zero.
    
    Cost computed by this toolkit from usage and a versioned price table; prices change, so
    the table's version, source and date travel with the amount.
    
    Cost as the producing tool or provider reported it (devflow totalCost, a provider's
    billed amount).
    
    Cost that could not be computed, for example for a model missing from the price table.
    """
    status: CostStatus
    """Always `computed`.
    
    Always `reported`.
    
    Always `unknown`.
    """
    currency: str
    """ISO 4217 currency code."""

    amount: Optional[float] = None
    """Total cost.
    
    Total cost as reported.
    """
    breakdown: Optional[CostBreakdown] = None
    pricing: Optional[PricingReference] = None
    reported_by: Optional[str] = None
    """Who reported it (a tool or provider name)."""

    reason: Optional[str] = None
    """Why the cost is unknown."""

    @staticmethod
    def from_dict(obj: Any) -> 'Cost':
        assert isinstance(obj, dict)
        status = CostStatus(obj.get("status"))
        currency = from_str(obj.get("currency"))
        amount = from_union([from_float, from_none], obj.get("amount"))
        breakdown = from_union([CostBreakdown.from_dict, from_none], obj.get("breakdown"))
        pricing = from_union([PricingReference.from_dict, from_none], obj.get("pricing"))
        reported_by = from_union([from_str, from_none], obj.get("reported_by"))
        reason = from_union([from_str, from_none], obj.get("reason"))
        return Cost(status, currency, amount, breakdown, pricing, reported_by, reason)

    def to_dict(self) -> dict:
        result: dict = {}
        result["status"] = to_enum(CostStatus, self.status)
        result["currency"] = from_str(self.currency)
        if self.amount is not None:
            result["amount"] = from_union([to_float, from_none], self.amount)
        if self.breakdown is not None:
            result["breakdown"] = from_union([lambda x: to_class(CostBreakdown, x), from_none], self.breakdown)
        if self.pricing is not None:
            result["pricing"] = from_union([lambda x: to_class(PricingReference, x), from_none], self.pricing)
        if self.reported_by is not None:
            result["reported_by"] = from_union([from_str, from_none], self.reported_by)
        if self.reason is not None:
            result["reason"] = from_union([from_str, from_none], self.reason)
        return result


class Reasoning(Enum):
    """`include`: reasoning parts kept; `omit`: reasoning parts removed with no stub (the order
    of everything else is kept).
    """
    INCLUDE = "include"
    OMIT = "omit"


@dataclass
class RedactionRecord:
    """Redaction applied: how many secrets each rule replaced with a `[REDACTED:<rule>]`
    placeholder. Never the secrets themselves.
    """
    counts: Dict[str, int]
    """Replacements per rule id."""

    total: int
    """All replacements."""

    @staticmethod
    def from_dict(obj: Any) -> 'RedactionRecord':
        assert isinstance(obj, dict)
        counts = from_dict(from_int, obj.get("counts"))
        total = from_int(obj.get("total"))
        return RedactionRecord(counts, total)

    def to_dict(self) -> dict:
        result: dict = {}
        result["counts"] = from_dict(from_int, self.counts)
        result["total"] = from_int(self.total)
        return result


@dataclass
class TruncationRecord:
    """Tool-output truncation applied."""

    limit_bytes: int
    """The limit: UTF-8 bytes of a value's canonical JSON (at least 2, the size of an empty
    string, array or object).
    """
    truncated_count: int
    """How many tool outputs were truncated."""

    @staticmethod
    def from_dict(obj: Any) -> 'TruncationRecord':
        assert isinstance(obj, dict)
        limit_bytes = from_int(obj.get("limit_bytes"))
        truncated_count = from_int(obj.get("truncated_count"))
        return TruncationRecord(limit_bytes, truncated_count)

    def to_dict(self) -> dict:
        result: dict = {}
        result["limit_bytes"] = from_int(self.limit_bytes)
        result["truncated_count"] = from_int(self.truncated_count)
        return result


@dataclass
class ExportRecord:
    """What exporting did to this document, so a reader knows what is missing and why."""

    exported_at: Optional[datetime] = None
    """When the export was written."""

    reasoning: Optional[Reasoning] = None
    """`include`: reasoning parts kept; `omit`: reasoning parts removed with no stub (the order
    of everything else is kept).
    """
    redaction: Optional[RedactionRecord] = None
    truncation: Optional[TruncationRecord] = None

    @staticmethod
    def from_dict(obj: Any) -> 'ExportRecord':
        assert isinstance(obj, dict)
        exported_at = from_union([from_datetime, from_none], obj.get("exported_at"))
        reasoning = from_union([Reasoning, from_none], obj.get("reasoning"))
        redaction = from_union([RedactionRecord.from_dict, from_none], obj.get("redaction"))
        truncation = from_union([TruncationRecord.from_dict, from_none], obj.get("truncation"))
        return ExportRecord(exported_at, reasoning, redaction, truncation)

    def to_dict(self) -> dict:
        result: dict = {}
        if self.exported_at is not None:
            result["exported_at"] = from_union([lambda x: x.isoformat(), from_none], self.exported_at)
        if self.reasoning is not None:
            result["reasoning"] = from_union([lambda x: to_enum(Reasoning, x), from_none], self.reasoning)
        if self.redaction is not None:
            result["redaction"] = from_union([lambda x: to_class(RedactionRecord, x), from_none], self.redaction)
        if self.truncation is not None:
            result["truncation"] = from_union([lambda x: to_class(TruncationRecord, x), from_none], self.truncation)
        return result


class FinishReason(Enum):
    """Why the model stopped, normalised: `stop` (natural end or stop sequence), `length` (token
    limit), `tool_calls` (waiting for tool results), `content_filter`, `refusal`, `pause` (a
    long turn paused to be continued), `error`, `other`.
    """
    CONTENT_FILTER = "content_filter"
    ERROR = "error"
    LENGTH = "length"
    OTHER = "other"
    PAUSE = "pause"
    REFUSAL = "refusal"
    STOP = "stop"
    TOOL_CALLS = "tool_calls"


@dataclass
class Issuer:
    """Who issued provider-opaque data (a reasoning signature, encrypted reasoning, a server
    tool's encrypted result). Opaque data is replayed byte-exact to the same issuer only; for
    any other target an explicit policy applies.
    """
    provider: str
    """Provider id, lower-case: `anthropic`, `openai`, `google`, `amazon-bedrock`, `mistral`,
    `ollama`, …
    """
    api: Optional[str] = None
    """The API that issued it when a provider has several: `messages`, `chat-completions`,
    `responses`, `generate-content`, `converse`.
    """
    model: Optional[str] = None
    """The model that produced it; signatures are only valid for the model family that made them."""

    @staticmethod
    def from_dict(obj: Any) -> 'Issuer':
        assert isinstance(obj, dict)
        provider = from_str(obj.get("provider"))
        api = from_union([from_str, from_none], obj.get("api"))
        model = from_union([from_str, from_none], obj.get("model"))
        return Issuer(provider, api, model)

    def to_dict(self) -> dict:
        result: dict = {}
        result["provider"] = from_str(self.provider)
        if self.api is not None:
            result["api"] = from_union([from_str, from_none], self.api)
        if self.model is not None:
            result["model"] = from_union([from_str, from_none], self.model)
        return result


class CitationKind(Enum):
    """What is cited: `url` (a web page), `document` (a passage of a provided document, by
    character, page or block range), `search_result`, `file` (a provider-hosted file).
    """
    DOCUMENT = "document"
    FILE = "file"
    SEARCH_RESULT = "search_result"
    URL = "url"


@dataclass
class Citation:
    """A source that supports part of a text part: a web page, a document passage or a search
    result.
    """
    cited_text: Optional[str] = None
    """The passage quoted from the source."""

    document_index: Optional[int] = None
    """Zero-based index of the cited document among those provided in the request."""

    document_title: Optional[str] = None
    """Title of the cited document."""

    end_index: Optional[int] = None
    """End (exclusive) of the cited range, in the same unit as start_index."""

    file_id: Optional[str] = None
    """Provider file id of the cited file."""

    kind: Optional[CitationKind] = None
    """What is cited: `url` (a web page), `document` (a passage of a provided document, by
    character, page or block range), `search_result`, `file` (a provider-hosted file).
    """
    provider_fields: Optional[Dict[str, Dict[str, Any]]] = None
    start_index: Optional[int] = None
    """Start of the cited range: a character offset into the text part for url citations (OpenAI
    annotations), or into the document for document citations.
    """
    title: Optional[str] = None
    """The cited source's title."""

    url: Optional[str] = None
    """The cited page's URL."""

    @staticmethod
    def from_dict(obj: Any) -> 'Citation':
        assert isinstance(obj, dict)
        cited_text = from_union([from_str, from_none], obj.get("cited_text"))
        document_index = from_union([from_int, from_none], obj.get("document_index"))
        document_title = from_union([from_str, from_none], obj.get("document_title"))
        end_index = from_union([from_int, from_none], obj.get("end_index"))
        file_id = from_union([from_str, from_none], obj.get("file_id"))
        kind = from_union([CitationKind, from_none], obj.get("kind"))
        provider_fields = from_union([lambda x: from_dict(lambda x: from_dict(lambda x: x, x), x), from_none], obj.get("provider_fields"))
        start_index = from_union([from_int, from_none], obj.get("start_index"))
        title = from_union([from_str, from_none], obj.get("title"))
        url = from_union([from_str, from_none], obj.get("url"))
        return Citation(cited_text, document_index, document_title, end_index, file_id, kind, provider_fields, start_index, title, url)

    def to_dict(self) -> dict:
        result: dict = {}
        if self.cited_text is not None:
            result["cited_text"] = from_union([from_str, from_none], self.cited_text)
        if self.document_index is not None:
            result["document_index"] = from_union([from_int, from_none], self.document_index)
        if self.document_title is not None:
            result["document_title"] = from_union([from_str, from_none], self.document_title)
        if self.end_index is not None:
            result["end_index"] = from_union([from_int, from_none], self.end_index)
        if self.file_id is not None:
            result["file_id"] = from_union([from_str, from_none], self.file_id)
        if self.kind is not None:
            result["kind"] = from_union([lambda x: to_enum(CitationKind, x), from_none], self.kind)
        if self.provider_fields is not None:
            result["provider_fields"] = from_union([lambda x: from_dict(lambda x: from_dict(lambda x: x, x), x), from_none], self.provider_fields)
        if self.start_index is not None:
            result["start_index"] = from_union([from_int, from_none], self.start_index)
        if self.title is not None:
            result["title"] = from_union([from_str, from_none], self.title)
        if self.url is not None:
            result["url"] = from_union([from_str, from_none], self.url)
        return result


class Fidelity(Enum):
    """Where a part came from (AWF transcript logs): `router` — synthesised at the tool router
    seam, authoritative for in-process tool calls; `agent_emitted` — reported by the agent
    itself. Consumers use it to avoid counting one tool call reported on two channels twice.
    """
    AGENT_EMITTED = "agent_emitted"
    ROUTER = "router"


class Change(Enum):
    """What happened to the file."""

    ADDED = "added"
    COPIED = "copied"
    DELETED = "deleted"
    MODIFIED = "modified"
    RENAMED = "renamed"


class LineKind(Enum):
    """`context` (in both versions), `added`, `removed`, or `no_newline` (the marker that the
    previous line has no newline at end of file; text is then empty or the marker text).
    """
    ADDED = "added"
    CONTEXT = "context"
    NO_NEWLINE = "no_newline"
    REMOVED = "removed"


@dataclass
class DiffLine:
    """One line of a hunk."""

    kind: LineKind
    """`context` (in both versions), `added`, `removed`, or `no_newline` (the marker that the
    previous line has no newline at end of file; text is then empty or the marker text).
    """
    text: str
    """The line's content without its leading diff marker and without the line ending."""

    @staticmethod
    def from_dict(obj: Any) -> 'DiffLine':
        assert isinstance(obj, dict)
        kind = LineKind(obj.get("kind"))
        text = from_str(obj.get("text"))
        return DiffLine(kind, text)

    def to_dict(self) -> dict:
        result: dict = {}
        result["kind"] = to_enum(LineKind, self.kind)
        result["text"] = from_str(self.text)
        return result


@dataclass
class DiffHunk:
    """A contiguous change: old_lines lines from old_start replaced by new_lines lines from
    new_start (unified diff `@@ -old_start,old_lines +new_start,new_lines @@`).
    """
    lines: List[DiffLine]
    """The hunk's lines, in order."""

    new_lines: int
    """Number of new-file lines the hunk covers: its context plus added lines."""

    new_start: int
    """First line of the hunk in the new file, 1-based (0 for an empty new side)."""

    old_lines: int
    """Number of old-file lines the hunk covers: its context plus removed lines."""

    old_start: int
    """First line of the hunk in the old file, 1-based (0 when old_lines is 0 and the hunk
    inserts at the top).
    """
    header: Optional[str] = None
    """Text after the closing `@@`, usually the enclosing function."""

    @staticmethod
    def from_dict(obj: Any) -> 'DiffHunk':
        assert isinstance(obj, dict)
        lines = from_list(DiffLine.from_dict, obj.get("lines"))
        new_lines = from_int(obj.get("new_lines"))
        new_start = from_int(obj.get("new_start"))
        old_lines = from_int(obj.get("old_lines"))
        old_start = from_int(obj.get("old_start"))
        header = from_union([from_str, from_none], obj.get("header"))
        return DiffHunk(lines, new_lines, new_start, old_lines, old_start, header)

    def to_dict(self) -> dict:
        result: dict = {}
        result["lines"] = from_list(lambda x: to_class(DiffLine, x), self.lines)
        result["new_lines"] = from_int(self.new_lines)
        result["new_start"] = from_int(self.new_start)
        result["old_lines"] = from_int(self.old_lines)
        result["old_start"] = from_int(self.old_start)
        if self.header is not None:
            result["header"] = from_union([from_str, from_none], self.header)
        return result


@dataclass
class DiffFile:
    """The change to one file."""

    binary: bool
    """True for a binary file: there are no hunks, only the fact of the change."""

    change: Change
    """What happened to the file."""

    hunks: List[DiffHunk]
    """Text changes, in file order; empty for binary files, pure renames and mode changes."""

    path: str
    """The file's path after the change (its only path unless renamed or copied)."""

    new_mode: Optional[str] = None
    """File mode after, when it changed (`100755`)."""

    old_mode: Optional[str] = None
    """File mode before, when it changed (`100644`)."""

    old_path: Optional[str] = None
    """The file's path before a rename or copy; present only then."""

    @staticmethod
    def from_dict(obj: Any) -> 'DiffFile':
        assert isinstance(obj, dict)
        binary = from_bool(obj.get("binary"))
        change = Change(obj.get("change"))
        hunks = from_list(DiffHunk.from_dict, obj.get("hunks"))
        path = from_str(obj.get("path"))
        new_mode = from_union([from_str, from_none], obj.get("new_mode"))
        old_mode = from_union([from_str, from_none], obj.get("old_mode"))
        old_path = from_union([from_str, from_none], obj.get("old_path"))
        return DiffFile(binary, change, hunks, path, new_mode, old_mode, old_path)

    def to_dict(self) -> dict:
        result: dict = {}
        result["binary"] = from_bool(self.binary)
        result["change"] = to_enum(Change, self.change)
        result["hunks"] = from_list(lambda x: to_class(DiffHunk, x), self.hunks)
        result["path"] = from_str(self.path)
        if self.new_mode is not None:
            result["new_mode"] = from_union([from_str, from_none], self.new_mode)
        if self.old_mode is not None:
            result["old_mode"] = from_union([from_str, from_none], self.old_mode)
        if self.old_path is not None:
            result["old_path"] = from_union([from_str, from_none], self.old_path)
        return result


class Status(Enum):
    """How a tool call ended: `ok`, `error` (the tool ran and failed), `denied` (the user or a
    policy refused to run it), `interrupted` (cancelled or cut off before finishing).
    
    A plan step's state. `blocked` requires a blocked_reason.
    """
    BLOCKED = "blocked"
    CANCELLED = "cancelled"
    COMPLETE = "complete"
    DENIED = "denied"
    ERROR = "error"
    INTERRUPTED = "interrupted"
    IN_PROGRESS = "in_progress"
    OK = "ok"
    PENDING = "pending"


class Strategy(Enum):
    """How the context was reduced: `summary` (replaced by a summary), `edit` (tool results or
    thinking cleared), `trim` (oldest messages dropped).
    """
    EDIT = "edit"
    SUMMARY = "summary"
    TRIM = "trim"


class PlanStatus(Enum):
    """A plan step's state. `blocked` requires a blocked_reason."""

    BLOCKED = "blocked"
    CANCELLED = "cancelled"
    COMPLETE = "complete"
    IN_PROGRESS = "in_progress"
    PENDING = "pending"


@dataclass
class PlanItem:
    """One step of a plan, with its own sub-steps (Warp export)."""

    id: str
    """Stable id of the step within its plan."""

    status: PlanStatus
    title: str
    """What the step is."""

    blocked_reason: Optional[str] = None
    """Why the step is blocked: a non-empty string when status is `blocked`, otherwise null or
    absent.
    """
    description: Optional[str] = None
    """More detail on the step; null or absent when there is none."""

    subitems: Optional[List['PlanItem']] = None
    """Sub-steps, in order, each a PlanItem (recursively)."""

    @staticmethod
    def from_dict(obj: Any) -> 'PlanItem':
        assert isinstance(obj, dict)
        id = from_str(obj.get("id"))
        status = PlanStatus(obj.get("status"))
        title = from_str(obj.get("title"))
        blocked_reason = from_union([from_none, from_str], obj.get("blocked_reason"))
        description = from_union([from_none, from_str], obj.get("description"))
        subitems = from_union([lambda x: from_list(PlanItem.from_dict, x), from_none], obj.get("subitems"))
        return PlanItem(id, status, title, blocked_reason, description, subitems)

    def to_dict(self) -> dict:
        result: dict = {}
        result["id"] = from_str(self.id)
        result["status"] = to_enum(PlanStatus, self.status)
        result["title"] = from_str(self.title)
        if self.blocked_reason is not None:
            result["blocked_reason"] = from_union([from_none, from_str], self.blocked_reason)
        if self.description is not None:
            result["description"] = from_union([from_none, from_str], self.description)
        if self.subitems is not None:
            result["subitems"] = from_union([lambda x: from_list(lambda x: to_class(PlanItem, x), x), from_none], self.subitems)
        return result


class TruncationStrategy(Enum):
    """How a value was cut to fit the limit: `string_prefix` (the longest code-point prefix
    whose canonical JSON fits), `array_prefix` (trailing elements dropped), `object_prefix`
    (trailing keys in canonical order dropped).
    """
    ARRAY_PREFIX = "array_prefix"
    OBJECT_PREFIX = "object_prefix"
    STRING_PREFIX = "string_prefix"


class PartType(Enum):
    AUDIO = "audio"
    CODE_DIFF = "code_diff"
    COMMAND = "command"
    COMPACTION = "compaction"
    FILE = "file"
    IMAGE = "image"
    NATIVE = "native"
    PLAN_STEP = "plan_step"
    REASONING = "reasoning"
    REFUSAL = "refusal"
    STREAM_CHUNK = "stream_chunk"
    TEXT = "text"
    TOOL_CALL = "tool_call"
    TOOL_RESULT = "tool_result"


@dataclass
class Part:
    """One typed piece of a message: text, reasoning, a tool call or result, media, a plan step,
    a code diff, a command, a refusal, a compaction marker, a stream chunk, or a
    provider-native block. Discriminated by `type`; a newer minor version may add part types,
    which readers keep unchanged.
    
    Plain text: what a person or model wrote.
    
    Model reasoning (thinking). Readable text, a summary, or only provider-opaque data that
    must be replayed unchanged to its issuer.
    
    A request to run a tool, from the model (or executed by the provider itself when
    provider_executed is true).
    
    The result of a tool call, paired with it by call_id.
    
    An image: inline, by URL, beside the transcript, or a provider file.
    
    Audio: inline, by URL, beside the transcript, or a provider file.
    
    A document or other file: inline, by URL, beside the transcript, or a provider file.
    
    A step of the agent's plan with its status and recursive sub-steps (Warp export
    plan_step).
    
    A code change across one or more files, with structured hunks (Warp export code_diff).
    
    A shell command a step ran (AWF command block).
    
    The model declined to answer (OpenAI `refusal`).
    
    A marker that earlier context was compacted: summarised, edited or trimmed to fit the
    context window.
    
    One raw chunk of a provider stream, kept for partial-output replay (AWF stream block).
    
    A provider block with no canonical equivalent, kept verbatim so a conversion back to its
    issuer reproduces it. Other targets drop it with a warning.
    """
    type: PartType
    """Always `text`.
    
    Always `reasoning`.
    
    Always `tool_call`.
    
    Always `tool_result`.
    
    Always `image`.
    
    Always `audio`.
    
    Always `file`.
    
    Always `plan_step`.
    
    Always `code_diff`.
    
    Always `command`.
    
    Always `refusal`.
    
    Always `compaction`.
    
    Always `stream_chunk`.
    
    Always `native`.
    """
    citations: Optional[List[Citation]] = None
    """Sources supporting the text, in the order the provider gave them."""

    fidelity: Optional[Fidelity] = None
    issuer: Optional[Issuer] = None
    provider_fields: Optional[Dict[str, Dict[str, Any]]] = None
    signature: Optional[str] = None
    """Provider-opaque signature attached to this text (Gemini `thoughtSignature` on a text
    part). Requires issuer.
    
    Opaque signature that lets the issuer verify the reasoning on replay (Anthropic
    `thinking.signature`, Gemini `thoughtSignature`, Bedrock `reasoningContent.signature`).
    Byte-exact; requires issuer.
    
    Opaque signature attached to the call (Gemini `thoughtSignature` on a functionCall part).
    Byte-exact; requires issuer.
    """
    text: Optional[str] = None
    """The text, verbatim (NUL and every other character preserved).
    
    The reasoning text when the provider exposes it (Anthropic thinking, Gemini thought,
    Ollama thinking, OpenAI reasoning_text).
    
    The document's text, when it was provided as plain text rather than bytes.
    
    The refusal message.
    
    The chunk as received.
    """
    duration_ms: Optional[int] = None
    """How long the model reasoned, in milliseconds.
    
    How long the tool ran, in milliseconds.
    
    How long it ran, in milliseconds.
    """
    encrypted_content: Optional[str] = None
    """Encrypted reasoning only the issuer can read (OpenAI Responses `encrypted_content`).
    Byte-exact; requires issuer.
    
    Opaque compacted context only the issuer can read (OpenAI `compaction` items). Requires
    issuer.
    """
    id: Optional[str] = None
    """The provider's id for the reasoning item (OpenAI Responses `rs_…`), needed to replay it
    next to its following item.
    
    The call id that pairs this call with its result. Unique within the transcript;
    converters remap it deterministically where a target's id rules differ.
    
    The provider's id for generated audio (OpenAI `audio.id`).
    
    Stable id of the step within its plan.
    
    The provider's id for the compaction item.
    """
    redacted_data: Optional[str] = None
    """Reasoning the provider redacted, as the opaque data it returned (Anthropic
    `redacted_thinking.data`, Bedrock `redactedContent`). Byte-exact; requires issuer.
    """
    summary: Optional[Union[List[str], str]] = None
    """Summary paragraphs, in order (OpenAI Responses `summary[].text`).
    
    The summary that replaced the earlier context, when readable.
    """
    input: Any = None
    """The arguments as a JSON value (usually an object). Absent only when the provider sent
    text that does not parse as JSON; raw_input then holds that text.
    """
    input_error: Optional[str] = None
    """Why raw_input did not parse as JSON."""

    item_id: Optional[str] = None
    """The provider's id of the item carrying the call when it differs from the call id (OpenAI
    Responses `fc_…`).
    """
    name: Optional[str] = None
    """The tool's name as advertised to the model.
    
    The tool's name, when the source records it (some providers need it: Gemini matches by
    name, Ollama `tool_name`).
    """
    native_type: Optional[str] = None
    """The provider's own type for this block or item when it is not the provider's plain
    function call (`server_tool_use`, `mcp_tool_use`, `web_search_call`, `custom_tool_call`,
    `local_shell_call`, …).
    
    The provider's own type for this block or item when it is not a plain tool result
    (`web_search_tool_result`, `code_execution_tool_result`, `mcp_tool_result`, …).
    
    The provider's block or item type (`container_upload`, `image_generation_call`,
    `mcp_list_tools`, …).
    """
    provider_executed: Optional[bool] = None
    """True for server-side tools the provider ran itself (web search, code execution, MCP calls
    made by the provider); their results are provider-specific.
    
    True for the result of a server-side tool the provider ran itself.
    """
    raw_input: Optional[str] = None
    """The arguments exactly as the provider sent them as text (OpenAI `arguments`), present
    when that text does not parse as JSON or is not byte-for-byte what serialising input
    gives, so a replay to the issuer is exact.
    """
    call_id: Optional[str] = None
    """The id of the tool call this answers."""

    content: Optional[List['Part']] = None
    """Multimodal result content (text, image, audio and file parts) when the tool returned more
    than one value or a non-text one, in order.
    """
    error: Optional[str] = None
    """Failure description when status is not ok."""

    original_size_bytes: Optional[int] = None
    """UTF-8 byte length of the canonical JSON (RFC 8785) of output before truncation. Present
    only when truncated.
    """
    output: Any = None
    """The result as any JSON value: a string, an object, an array, a number, a boolean or null.
    Absent when the result is multimodal content only.
    
    What it printed, when recorded.
    """
    status: Optional[Status] = None
    truncated: Optional[bool] = None
    """Present, and true, only when output was truncated to fit an export limit."""

    truncation_strategy: Optional[TruncationStrategy] = None
    alt: Optional[str] = None
    """A text description of the image."""

    data: Any = None
    """The image inline, base64-encoded (standard alphabet, no data: prefix).
    
    The audio inline, base64-encoded (standard alphabet, no data: prefix).
    
    The file inline, base64-encoded (standard alphabet, no data: prefix).
    
    The native block exactly as the provider sent it.
    """
    detail: Optional[str] = None
    """Requested rendering detail (`low`, `high`, `auto`)."""

    file_id: Optional[str] = None
    """Provider file id of an uploaded image (for example `file-…`).
    
    Provider file id of an uploaded audio (for example `file-…`).
    
    Provider file id of an uploaded file (for example `file-…`).
    """
    media_type: Optional[str] = None
    """IANA media type of the image, e.g. `image/png`, `audio/wav`, `application/pdf`.
    
    IANA media type of the audio, e.g. `image/png`, `audio/wav`, `application/pdf`.
    
    IANA media type of the file, e.g. `image/png`, `audio/wav`, `application/pdf`.
    """
    path: Optional[str] = None
    """Path of the image stored beside the transcript, relative to the transcript file, forward
    slashes, never `..`.
    
    Path of the audio stored beside the transcript, relative to the transcript file, forward
    slashes, never `..`.
    
    Path of the file stored beside the transcript, relative to the transcript file, forward
    slashes, never `..`.
    """
    url: Optional[str] = None
    """Where the image can be fetched (https:, or a data: URI when the source used one).
    
    Where the audio can be fetched (https:, or a data: URI when the source used one).
    
    Where the file can be fetched (https:, or a data: URI when the source used one).
    """
    transcript: Optional[str] = None
    """A transcript of the audio, when the provider gave one."""

    filename: Optional[str] = None
    """The file's name as given to or by the provider."""

    title: Optional[str] = None
    """A title for the document.
    
    What the step is.
    """
    blocked_reason: Optional[str] = None
    """Why the step is blocked: a non-empty string when status is `blocked`, otherwise null or
    absent.
    """
    description: Optional[str] = None
    """More detail on the step; null or absent when there is none."""

    subitems: Optional[List[PlanItem]] = None
    """Sub-steps, in order, each a PlanItem (recursively)."""

    files: Optional[List[DiffFile]] = None
    """The changed files, in order."""

    command: Optional[str] = None
    """The resolved command line after template interpolation."""

    cwd: Optional[str] = None
    """Working directory it ran in."""

    exit_code: Optional[int] = None
    """Exit status, when known."""

    replaced_messages: Optional[int] = None
    """How many earlier messages the compaction stands for."""

    strategy: Optional[Strategy] = None
    """How the context was reduced: `summary` (replaced by a summary), `edit` (tool results or
    thinking cleared), `trim` (oldest messages dropped).
    """
    tokens_after: Optional[int] = None
    """Context size after, in tokens."""

    tokens_before: Optional[int] = None
    """Context size before, in tokens."""

    @staticmethod
    def from_dict(obj: Any) -> 'Part':
        assert isinstance(obj, dict)
        type = PartType(obj.get("type"))
        citations = from_union([lambda x: from_list(Citation.from_dict, x), from_none], obj.get("citations"))
        fidelity = from_union([Fidelity, from_none], obj.get("fidelity"))
        issuer = from_union([Issuer.from_dict, from_none], obj.get("issuer"))
        provider_fields = from_union([lambda x: from_dict(lambda x: from_dict(lambda x: x, x), x), from_none], obj.get("provider_fields"))
        signature = from_union([from_str, from_none], obj.get("signature"))
        text = from_union([from_str, from_none], obj.get("text"))
        duration_ms = from_union([from_int, from_none], obj.get("duration_ms"))
        encrypted_content = from_union([from_str, from_none], obj.get("encrypted_content"))
        id = from_union([from_str, from_none], obj.get("id"))
        redacted_data = from_union([from_str, from_none], obj.get("redacted_data"))
        summary = from_union([lambda x: from_list(from_str, x), from_str, from_none], obj.get("summary"))
        input = obj.get("input")
        input_error = from_union([from_str, from_none], obj.get("input_error"))
        item_id = from_union([from_str, from_none], obj.get("item_id"))
        name = from_union([from_str, from_none], obj.get("name"))
        native_type = from_union([from_str, from_none], obj.get("native_type"))
        provider_executed = from_union([from_bool, from_none], obj.get("provider_executed"))
        raw_input = from_union([from_str, from_none], obj.get("raw_input"))
        call_id = from_union([from_str, from_none], obj.get("call_id"))
        content = from_union([lambda x: from_list(Part.from_dict, x), from_none], obj.get("content"))
        error = from_union([from_str, from_none], obj.get("error"))
        original_size_bytes = from_union([from_int, from_none], obj.get("original_size_bytes"))
        output = obj.get("output")
        status = from_union([Status, from_none], obj.get("status"))
        truncated = from_union([from_bool, from_none], obj.get("truncated"))
        truncation_strategy = from_union([TruncationStrategy, from_none], obj.get("truncation_strategy"))
        alt = from_union([from_str, from_none], obj.get("alt"))
        data = obj.get("data")
        detail = from_union([from_str, from_none], obj.get("detail"))
        file_id = from_union([from_str, from_none], obj.get("file_id"))
        media_type = from_union([from_str, from_none], obj.get("media_type"))
        path = from_union([from_str, from_none], obj.get("path"))
        url = from_union([from_str, from_none], obj.get("url"))
        transcript = from_union([from_str, from_none], obj.get("transcript"))
        filename = from_union([from_str, from_none], obj.get("filename"))
        title = from_union([from_str, from_none], obj.get("title"))
        blocked_reason = from_union([from_none, from_str], obj.get("blocked_reason"))
        description = from_union([from_none, from_str], obj.get("description"))
        subitems = from_union([lambda x: from_list(PlanItem.from_dict, x), from_none], obj.get("subitems"))
        files = from_union([lambda x: from_list(DiffFile.from_dict, x), from_none], obj.get("files"))
        command = from_union([from_str, from_none], obj.get("command"))
        cwd = from_union([from_str, from_none], obj.get("cwd"))
        exit_code = from_union([from_int, from_none], obj.get("exit_code"))
        replaced_messages = from_union([from_int, from_none], obj.get("replaced_messages"))
        strategy = from_union([Strategy, from_none], obj.get("strategy"))
        tokens_after = from_union([from_int, from_none], obj.get("tokens_after"))
        tokens_before = from_union([from_int, from_none], obj.get("tokens_before"))
        return Part(type, citations, fidelity, issuer, provider_fields, signature, text, duration_ms, encrypted_content, id, redacted_data, summary, input, input_error, item_id, name, native_type, provider_executed, raw_input, call_id, content, error, original_size_bytes, output, status, truncated, truncation_strategy, alt, data, detail, file_id, media_type, path, url, transcript, filename, title, blocked_reason, description, subitems, files, command, cwd, exit_code, replaced_messages, strategy, tokens_after, tokens_before)

    def to_dict(self) -> dict:
        result: dict = {}
        result["type"] = to_enum(PartType, self.type)
        if self.citations is not None:
            result["citations"] = from_union([lambda x: from_list(lambda x: to_class(Citation, x), x), from_none], self.citations)
        if self.fidelity is not None:
            result["fidelity"] = from_union([lambda x: to_enum(Fidelity, x), from_none], self.fidelity)
        if self.issuer is not None:
            result["issuer"] = from_union([lambda x: to_class(Issuer, x), from_none], self.issuer)
        if self.provider_fields is not None:
            result["provider_fields"] = from_union([lambda x: from_dict(lambda x: from_dict(lambda x: x, x), x), from_none], self.provider_fields)
        if self.signature is not None:
            result["signature"] = from_union([from_str, from_none], self.signature)
        if self.text is not None:
            result["text"] = from_union([from_str, from_none], self.text)
        if self.duration_ms is not None:
            result["duration_ms"] = from_union([from_int, from_none], self.duration_ms)
        if self.encrypted_content is not None:
            result["encrypted_content"] = from_union([from_str, from_none], self.encrypted_content)
        if self.id is not None:
            result["id"] = from_union([from_str, from_none], self.id)
        if self.redacted_data is not None:
            result["redacted_data"] = from_union([from_str, from_none], self.redacted_data)
        if self.summary is not None:
            result["summary"] = from_union([lambda x: from_list(from_str, x), from_str, from_none], self.summary)
        if self.input is not None:
            result["input"] = self.input
        if self.input_error is not None:
            result["input_error"] = from_union([from_str, from_none], self.input_error)
        if self.item_id is not None:
            result["item_id"] = from_union([from_str, from_none], self.item_id)
        if self.name is not None:
            result["name"] = from_union([from_str, from_none], self.name)
        if self.native_type is not None:
            result["native_type"] = from_union([from_str, from_none], self.native_type)
        if self.provider_executed is not None:
            result["provider_executed"] = from_union([from_bool, from_none], self.provider_executed)
        if self.raw_input is not None:
            result["raw_input"] = from_union([from_str, from_none], self.raw_input)
        if self.call_id is not None:
            result["call_id"] = from_union([from_str, from_none], self.call_id)
        if self.content is not None:
            result["content"] = from_union([lambda x: from_list(lambda x: to_class(Part, x), x), from_none], self.content)
        if self.error is not None:
            result["error"] = from_union([from_str, from_none], self.error)
        if self.original_size_bytes is not None:
            result["original_size_bytes"] = from_union([from_int, from_none], self.original_size_bytes)
        if self.output is not None:
            result["output"] = self.output
        if self.status is not None:
            result["status"] = from_union([lambda x: to_enum(Status, x), from_none], self.status)
        if self.truncated is not None:
            result["truncated"] = from_union([from_bool, from_none], self.truncated)
        if self.truncation_strategy is not None:
            result["truncation_strategy"] = from_union([lambda x: to_enum(TruncationStrategy, x), from_none], self.truncation_strategy)
        if self.alt is not None:
            result["alt"] = from_union([from_str, from_none], self.alt)
        if self.data is not None:
            result["data"] = self.data
        if self.detail is not None:
            result["detail"] = from_union([from_str, from_none], self.detail)
        if self.file_id is not None:
            result["file_id"] = from_union([from_str, from_none], self.file_id)
        if self.media_type is not None:
            result["media_type"] = from_union([from_str, from_none], self.media_type)
        if self.path is not None:
            result["path"] = from_union([from_str, from_none], self.path)
        if self.url is not None:
            result["url"] = from_union([from_str, from_none], self.url)
        if self.transcript is not None:
            result["transcript"] = from_union([from_str, from_none], self.transcript)
        if self.filename is not None:
            result["filename"] = from_union([from_str, from_none], self.filename)
        if self.title is not None:
            result["title"] = from_union([from_str, from_none], self.title)
        if self.blocked_reason is not None:
            result["blocked_reason"] = from_union([from_none, from_str], self.blocked_reason)
        if self.description is not None:
            result["description"] = from_union([from_none, from_str], self.description)
        if self.subitems is not None:
            result["subitems"] = from_union([lambda x: from_list(lambda x: to_class(PlanItem, x), x), from_none], self.subitems)
        if self.files is not None:
            result["files"] = from_union([lambda x: from_list(lambda x: to_class(DiffFile, x), x), from_none], self.files)
        if self.command is not None:
            result["command"] = from_union([from_str, from_none], self.command)
        if self.cwd is not None:
            result["cwd"] = from_union([from_str, from_none], self.cwd)
        if self.exit_code is not None:
            result["exit_code"] = from_union([from_int, from_none], self.exit_code)
        if self.replaced_messages is not None:
            result["replaced_messages"] = from_union([from_int, from_none], self.replaced_messages)
        if self.strategy is not None:
            result["strategy"] = from_union([lambda x: to_enum(Strategy, x), from_none], self.strategy)
        if self.tokens_after is not None:
            result["tokens_after"] = from_union([from_int, from_none], self.tokens_after)
        if self.tokens_before is not None:
            result["tokens_before"] = from_union([from_int, from_none], self.tokens_before)
        return result


class Role(Enum):
    """Who speaks. `system` and `developer` carry instructions; `tool` carries tool results
    (tool_result parts may also appear in `user` messages, as Anthropic places them).
    """
    ASSISTANT = "assistant"
    DEVELOPER = "developer"
    SYSTEM = "system"
    TOOL = "tool"
    USER = "user"


@dataclass
class Message:
    """One turn of the conversation: a role and its ordered parts, with the model, usage, cost
    and timing of the call that produced it when known.
    """
    parts: List[Part]
    """The content, in order."""

    role: Role
    completed_at: Optional[datetime] = None
    """When the model finished producing it."""

    cost: Optional[Cost] = None
    created_at: Optional[datetime] = None
    """When the message was created or sent."""

    duration_ms: Optional[int] = None
    """How long producing it took, in milliseconds."""

    error: Optional[str] = None
    """An error the provider or agent reported instead of (or while) producing the message."""

    finish_reason: Optional[FinishReason] = None
    id: Optional[str] = None
    """The message's id, unique within the transcript (a provider message id, a source turn id,
    or a generated one).
    """
    issuer: Optional[Issuer] = None
    iteration: Optional[int] = None
    """The loop or retry iteration of that step (AWF transcript logs)."""

    metadata: Optional[Dict[str, Any]] = None
    """Free-form metadata from the source with no canonical field."""

    model: Optional[str] = None
    """The model that produced it, as the provider named it in its response."""

    name: Optional[str] = None
    """The participant's name, when the source distinguishes several speakers of one role."""

    native_finish_reason: Optional[str] = None
    """The provider's own stop reason, verbatim (`end_turn`, `tool_use`, `STOP`, `MAX_TOKENS`,
    …).
    """
    path: Optional[str] = None
    """The workflow step that produced it (AWF transcript path), dot-separated."""

    provider_fields: Optional[Dict[str, Dict[str, Any]]] = None
    response_id: Optional[str] = None
    """The provider's id for the response that produced it (`msg_…`, `chatcmpl-…`, `resp_…`)."""

    time_to_first_token_ms: Optional[int] = None
    """For a streamed reply: how long from sending the request until its first chunk arrived, in
    milliseconds (`duration_ms` runs until the last).
    """
    usage: Optional[Usage] = None

    @staticmethod
    def from_dict(obj: Any) -> 'Message':
        assert isinstance(obj, dict)
        parts = from_list(Part.from_dict, obj.get("parts"))
        role = Role(obj.get("role"))
        completed_at = from_union([from_datetime, from_none], obj.get("completed_at"))
        cost = from_union([Cost.from_dict, from_none], obj.get("cost"))
        created_at = from_union([from_datetime, from_none], obj.get("created_at"))
        duration_ms = from_union([from_int, from_none], obj.get("duration_ms"))
        error = from_union([from_str, from_none], obj.get("error"))
        finish_reason = from_union([FinishReason, from_none], obj.get("finish_reason"))
        id = from_union([from_str, from_none], obj.get("id"))
        issuer = from_union([Issuer.from_dict, from_none], obj.get("issuer"))
        iteration = from_union([from_int, from_none], obj.get("iteration"))
        metadata = from_union([lambda x: from_dict(lambda x: x, x), from_none], obj.get("metadata"))
        model = from_union([from_str, from_none], obj.get("model"))
        name = from_union([from_str, from_none], obj.get("name"))
        native_finish_reason = from_union([from_str, from_none], obj.get("native_finish_reason"))
        path = from_union([from_str, from_none], obj.get("path"))
        provider_fields = from_union([lambda x: from_dict(lambda x: from_dict(lambda x: x, x), x), from_none], obj.get("provider_fields"))
        response_id = from_union([from_str, from_none], obj.get("response_id"))
        time_to_first_token_ms = from_union([from_int, from_none], obj.get("time_to_first_token_ms"))
        usage = from_union([Usage.from_dict, from_none], obj.get("usage"))
        return Message(parts, role, completed_at, cost, created_at, duration_ms, error, finish_reason, id, issuer, iteration, metadata, model, name, native_finish_reason, path, provider_fields, response_id, time_to_first_token_ms, usage)

    def to_dict(self) -> dict:
        result: dict = {}
        result["parts"] = from_list(lambda x: to_class(Part, x), self.parts)
        result["role"] = to_enum(Role, self.role)
        if self.completed_at is not None:
            result["completed_at"] = from_union([lambda x: x.isoformat(), from_none], self.completed_at)
        if self.cost is not None:
            result["cost"] = from_union([lambda x: to_class(Cost, x), from_none], self.cost)
        if self.created_at is not None:
            result["created_at"] = from_union([lambda x: x.isoformat(), from_none], self.created_at)
        if self.duration_ms is not None:
            result["duration_ms"] = from_union([from_int, from_none], self.duration_ms)
        if self.error is not None:
            result["error"] = from_union([from_str, from_none], self.error)
        if self.finish_reason is not None:
            result["finish_reason"] = from_union([lambda x: to_enum(FinishReason, x), from_none], self.finish_reason)
        if self.id is not None:
            result["id"] = from_union([from_str, from_none], self.id)
        if self.issuer is not None:
            result["issuer"] = from_union([lambda x: to_class(Issuer, x), from_none], self.issuer)
        if self.iteration is not None:
            result["iteration"] = from_union([from_int, from_none], self.iteration)
        if self.metadata is not None:
            result["metadata"] = from_union([lambda x: from_dict(lambda x: x, x), from_none], self.metadata)
        if self.model is not None:
            result["model"] = from_union([from_str, from_none], self.model)
        if self.name is not None:
            result["name"] = from_union([from_str, from_none], self.name)
        if self.native_finish_reason is not None:
            result["native_finish_reason"] = from_union([from_str, from_none], self.native_finish_reason)
        if self.path is not None:
            result["path"] = from_union([from_str, from_none], self.path)
        if self.provider_fields is not None:
            result["provider_fields"] = from_union([lambda x: from_dict(lambda x: from_dict(lambda x: x, x), x), from_none], self.provider_fields)
        if self.response_id is not None:
            result["response_id"] = from_union([from_str, from_none], self.response_id)
        if self.time_to_first_token_ms is not None:
            result["time_to_first_token_ms"] = from_union([from_int, from_none], self.time_to_first_token_ms)
        if self.usage is not None:
            result["usage"] = from_union([lambda x: to_class(Usage, x), from_none], self.usage)
        return result


@dataclass
class Producer:
    """The tool that produced the run or conversation."""

    name: str
    """The tool's name (`claude-code`, `codex`, `warp`, `devflow`, `agent-transcript`, …)."""

    version: Optional[str] = None
    """The tool's version."""

    @staticmethod
    def from_dict(obj: Any) -> 'Producer':
        assert isinstance(obj, dict)
        name = from_str(obj.get("name"))
        version = from_union([from_str, from_none], obj.get("version"))
        return Producer(name, version)

    def to_dict(self) -> dict:
        result: dict = {}
        result["name"] = from_str(self.name)
        if self.version is not None:
            result["version"] = from_union([from_str, from_none], self.version)
        return result


class SourceFormat(Enum):
    """The format a document was imported from: this format (`agent-transcript`), our event log,
    a provider API format, an agent tool's own format, or an interchange format (`atif`:
    Harbor's Agent Trajectory Interchange Format; `awf-transcript`: AWF's transcript logs as
    AWF writes them), or OpenTelemetry traces (`otlp-json`: OTLP/JSON spans that follow the
    OpenTelemetry GenAI semantic conventions, read back into runs; since 1.1.0).
    """
    AGENT_TRANSCRIPT = "agent-transcript"
    ANTHROPIC = "anthropic"
    ATIF = "atif"
    AWF_TRANSCRIPT = "awf-transcript"
    BEDROCK_CONVERSE = "bedrock-converse"
    CLAUDE_CODE = "claude-code"
    CODEX = "codex"
    DEVFLOW = "devflow"
    EVENT_LOG = "event-log"
    GEMINI = "gemini"
    GEMINI_CLI = "gemini-cli"
    MISTRAL = "mistral"
    OLLAMA = "ollama"
    OPENAI_CHAT = "openai-chat"
    OPENAI_RESPONSES = "openai-responses"
    OTLP_JSON = "otlp-json"
    PORTABLE = "portable"
    WARP_EXPORT = "warp-export"


@dataclass
class Source:
    """Provenance: where the document came from."""

    format: SourceFormat
    format_version: Optional[str] = None
    """The source format's own version, when it has one."""

    imported_at: Optional[datetime] = None
    """When it was converted."""

    path: Optional[str] = None
    """The file it was read from, as given."""

    session_id: Optional[str] = None
    """The source's own session or conversation id."""

    @staticmethod
    def from_dict(obj: Any) -> 'Source':
        assert isinstance(obj, dict)
        format = SourceFormat(obj.get("format"))
        format_version = from_union([from_str, from_none], obj.get("format_version"))
        imported_at = from_union([from_datetime, from_none], obj.get("imported_at"))
        path = from_union([from_str, from_none], obj.get("path"))
        session_id = from_union([from_str, from_none], obj.get("session_id"))
        return Source(format, format_version, imported_at, path, session_id)

    def to_dict(self) -> dict:
        result: dict = {}
        result["format"] = to_enum(SourceFormat, self.format)
        if self.format_version is not None:
            result["format_version"] = from_union([from_str, from_none], self.format_version)
        if self.imported_at is not None:
            result["imported_at"] = from_union([lambda x: x.isoformat(), from_none], self.imported_at)
        if self.path is not None:
            result["path"] = from_union([from_str, from_none], self.path)
        if self.session_id is not None:
            result["session_id"] = from_union([from_str, from_none], self.session_id)
        return result


class ToolChoiceMode(Enum):
    """The choice."""

    AUTO = "auto"
    NONE = "none"
    REQUIRED = "required"
    TOOL = "tool"


@dataclass
class ToolChoice:
    """How the model may use the tools: `auto` (decides), `none` (must not call), `required`
    (must call at least one), `tool` (must call the one named).
    """
    mode: ToolChoiceMode
    """The choice."""

    name: Optional[str] = None
    """The tool to call, when mode is `tool`."""

    parallel: Optional[bool] = None
    """Whether several calls may come in one turn; absent means the provider's default."""

    provider_fields: Optional[Dict[str, Dict[str, Any]]] = None

    @staticmethod
    def from_dict(obj: Any) -> 'ToolChoice':
        assert isinstance(obj, dict)
        mode = ToolChoiceMode(obj.get("mode"))
        name = from_union([from_str, from_none], obj.get("name"))
        parallel = from_union([from_bool, from_none], obj.get("parallel"))
        provider_fields = from_union([lambda x: from_dict(lambda x: from_dict(lambda x: x, x), x), from_none], obj.get("provider_fields"))
        return ToolChoice(mode, name, parallel, provider_fields)

    def to_dict(self) -> dict:
        result: dict = {}
        result["mode"] = to_enum(ToolChoiceMode, self.mode)
        if self.name is not None:
            result["name"] = from_union([from_str, from_none], self.name)
        if self.parallel is not None:
            result["parallel"] = from_union([from_bool, from_none], self.parallel)
        if self.provider_fields is not None:
            result["provider_fields"] = from_union([lambda x: from_dict(lambda x: from_dict(lambda x: x, x), x), from_none], self.provider_fields)
        return result


@dataclass
class ToolDefinition:
    """A tool offered to the model: a function with a JSON Schema for its input, or a provider's
    own tool (web search, code execution) named by its native type.
    """
    name: str
    """The name the model calls it by."""

    description: Optional[str] = None
    """What the tool does, as told to the model."""

    input_schema: Any = None
    """JSON Schema of the tool's input, verbatim (absent for provider tools that take none)."""

    native_type: Optional[str] = None
    """The provider's own tool type for built-in tools (`web_search_20250305`, `code_execution`,
    `file_search`, …); absent for plain functions.
    """
    provider_fields: Optional[Dict[str, Dict[str, Any]]] = None
    strict: Optional[bool] = None
    """Whether the provider must make calls follow input_schema exactly (OpenAI `strict`)."""

    @staticmethod
    def from_dict(obj: Any) -> 'ToolDefinition':
        assert isinstance(obj, dict)
        name = from_str(obj.get("name"))
        description = from_union([from_str, from_none], obj.get("description"))
        input_schema = obj.get("input_schema")
        native_type = from_union([from_str, from_none], obj.get("native_type"))
        provider_fields = from_union([lambda x: from_dict(lambda x: from_dict(lambda x: x, x), x), from_none], obj.get("provider_fields"))
        strict = from_union([from_bool, from_none], obj.get("strict"))
        return ToolDefinition(name, description, input_schema, native_type, provider_fields, strict)

    def to_dict(self) -> dict:
        result: dict = {}
        result["name"] = from_str(self.name)
        if self.description is not None:
            result["description"] = from_union([from_str, from_none], self.description)
        if self.input_schema is not None:
            result["input_schema"] = self.input_schema
        if self.native_type is not None:
            result["native_type"] = from_union([from_str, from_none], self.native_type)
        if self.provider_fields is not None:
            result["provider_fields"] = from_union([lambda x: from_dict(lambda x: from_dict(lambda x: x, x), x), from_none], self.provider_fields)
        if self.strict is not None:
            result["strict"] = from_union([from_bool, from_none], self.strict)
        return result


@dataclass
class ChildRun:
    """A run this run started, linked both ways: the child's own transcript names this run as
    its parent.
    """
    run_id: str
    """The child's run id."""

    call_id: Optional[str] = None
    """The tool call that started the child, when one did."""

    location: Optional[str] = None
    """Where the child's own transcript or event log is, relative to this document
    (`<run_id>.jsonl`).
    """
    path: Optional[str] = None
    """The step path that started the child."""

    status: Optional[RunStatus] = None
    title: Optional[str] = None
    """The child's title or workflow name."""

    transcript: Optional['Transcript'] = None

    @staticmethod
    def from_dict(obj: Any) -> 'ChildRun':
        assert isinstance(obj, dict)
        run_id = from_str(obj.get("run_id"))
        call_id = from_union([from_str, from_none], obj.get("call_id"))
        location = from_union([from_str, from_none], obj.get("location"))
        path = from_union([from_str, from_none], obj.get("path"))
        status = from_union([RunStatus, from_none], obj.get("status"))
        title = from_union([from_str, from_none], obj.get("title"))
        transcript = from_union([Transcript.from_dict, from_none], obj.get("transcript"))
        return ChildRun(run_id, call_id, location, path, status, title, transcript)

    def to_dict(self) -> dict:
        result: dict = {}
        result["run_id"] = from_str(self.run_id)
        if self.call_id is not None:
            result["call_id"] = from_union([from_str, from_none], self.call_id)
        if self.location is not None:
            result["location"] = from_union([from_str, from_none], self.location)
        if self.path is not None:
            result["path"] = from_union([from_str, from_none], self.path)
        if self.status is not None:
            result["status"] = from_union([lambda x: to_enum(RunStatus, x), from_none], self.status)
        if self.title is not None:
            result["title"] = from_union([from_str, from_none], self.title)
        if self.transcript is not None:
            result["transcript"] = from_union([lambda x: to_class(Transcript, x), from_none], self.transcript)
        return result


@dataclass
class Run:
    """The run this transcript records: status, timing, error, workflow metadata, and links to
    its parent and child runs. `usage_including_children` is the token usage of this run
    together with every child run below it, at any depth (the document's own `usage` plus
    each child's `usage_including_children`, or its `usage` when it has no children of its
    own); the document's `usage` stays this run's own.
    """
    status: RunStatus
    children: Optional[List[ChildRun]] = None
    """Child runs this run started (AWF call_workflow, sub-agents), in start order."""

    duration_ms: Optional[int] = None
    """Wall-clock duration in milliseconds."""

    ended_at: Optional[datetime] = None
    """When the run ended; absent while running."""

    error: Optional[str] = None
    """Why the run failed."""

    metadata: Optional[Dict[str, Any]] = None
    """Workflow metadata from the source, verbatim (devflow: flowId, nodeId, input)."""

    parent: Optional[ParentRun] = None
    started_at: Optional[datetime] = None
    """When the run started."""

    steps: Optional[List[Step]] = None
    """The workflow steps the run executed (AWF step events), in start order."""

    usage_including_children: Optional[Usage] = None

    @staticmethod
    def from_dict(obj: Any) -> 'Run':
        assert isinstance(obj, dict)
        status = RunStatus(obj.get("status"))
        children = from_union([lambda x: from_list(ChildRun.from_dict, x), from_none], obj.get("children"))
        duration_ms = from_union([from_int, from_none], obj.get("duration_ms"))
        ended_at = from_union([from_datetime, from_none], obj.get("ended_at"))
        error = from_union([from_str, from_none], obj.get("error"))
        metadata = from_union([lambda x: from_dict(lambda x: x, x), from_none], obj.get("metadata"))
        parent = from_union([ParentRun.from_dict, from_none], obj.get("parent"))
        started_at = from_union([from_datetime, from_none], obj.get("started_at"))
        steps = from_union([lambda x: from_list(Step.from_dict, x), from_none], obj.get("steps"))
        usage_including_children = from_union([Usage.from_dict, from_none], obj.get("usage_including_children"))
        return Run(status, children, duration_ms, ended_at, error, metadata, parent, started_at, steps, usage_including_children)

    def to_dict(self) -> dict:
        result: dict = {}
        result["status"] = to_enum(RunStatus, self.status)
        if self.children is not None:
            result["children"] = from_union([lambda x: from_list(lambda x: to_class(ChildRun, x), x), from_none], self.children)
        if self.duration_ms is not None:
            result["duration_ms"] = from_union([from_int, from_none], self.duration_ms)
        if self.ended_at is not None:
            result["ended_at"] = from_union([lambda x: x.isoformat(), from_none], self.ended_at)
        if self.error is not None:
            result["error"] = from_union([from_str, from_none], self.error)
        if self.metadata is not None:
            result["metadata"] = from_union([lambda x: from_dict(lambda x: x, x), from_none], self.metadata)
        if self.parent is not None:
            result["parent"] = from_union([lambda x: to_class(ParentRun, x), from_none], self.parent)
        if self.started_at is not None:
            result["started_at"] = from_union([lambda x: x.isoformat(), from_none], self.started_at)
        if self.steps is not None:
            result["steps"] = from_union([lambda x: from_list(lambda x: to_class(Step, x), x), from_none], self.steps)
        if self.usage_including_children is not None:
            result["usage_including_children"] = from_union([lambda x: to_class(Usage, x), from_none], self.usage_including_children)
        return result


@dataclass
class Transcript:
    """A whole conversation or agent run in one JSON document: its messages, the run's status
    and timing, usage and cost totals, links to child runs, artifacts such as workspace
    snapshots, and what an export did to it (redaction, truncation, reasoning policy). Large
    documents may be stored gzip-compressed (`.json.gz`).
    """
    id: str
    """The transcript's id: the run id, session id or conversation id of the source."""

    messages: List[Message]
    """The conversation, in order."""

    schema_version: str
    """Semantic version of the format this document follows. Readers accept the current major,
    reject an unknown major, and keep unknown fields and part types of a newer minor
    unchanged.
    """
    artifacts: Optional[List[Artifact]] = None
    """Things the run produced besides messages, such as workspace snapshots."""

    cost: Optional[Cost] = None
    created_at: Optional[datetime] = None
    """When the conversation or run began."""

    export: Optional[ExportRecord] = None
    metadata: Optional[Dict[str, Any]] = None
    """Free-form metadata from the source with no canonical field."""

    producer: Optional[Producer] = None
    provider_fields: Optional[Dict[str, Dict[str, Any]]] = None
    run: Optional[Run] = None
    source: Optional[Source] = None
    title: Optional[str] = None
    """A human title."""

    tool_choice: Optional[ToolChoice] = None
    tools: Optional[List[ToolDefinition]] = None
    """The tools offered to the model, in the order the request listed them."""

    updated_at: Optional[datetime] = None
    """When the document was last written."""

    usage: Optional[Usage] = None

    @staticmethod
    def from_dict(obj: Any) -> 'Transcript':
        assert isinstance(obj, dict)
        id = from_str(obj.get("id"))
        messages = from_list(Message.from_dict, obj.get("messages"))
        schema_version = from_str(obj.get("schema_version"))
        artifacts = from_union([lambda x: from_list(Artifact.from_dict, x), from_none], obj.get("artifacts"))
        cost = from_union([Cost.from_dict, from_none], obj.get("cost"))
        created_at = from_union([from_datetime, from_none], obj.get("created_at"))
        export = from_union([ExportRecord.from_dict, from_none], obj.get("export"))
        metadata = from_union([lambda x: from_dict(lambda x: x, x), from_none], obj.get("metadata"))
        producer = from_union([Producer.from_dict, from_none], obj.get("producer"))
        provider_fields = from_union([lambda x: from_dict(lambda x: from_dict(lambda x: x, x), x), from_none], obj.get("provider_fields"))
        run = from_union([Run.from_dict, from_none], obj.get("run"))
        source = from_union([Source.from_dict, from_none], obj.get("source"))
        title = from_union([from_str, from_none], obj.get("title"))
        tool_choice = from_union([ToolChoice.from_dict, from_none], obj.get("tool_choice"))
        tools = from_union([lambda x: from_list(ToolDefinition.from_dict, x), from_none], obj.get("tools"))
        updated_at = from_union([from_datetime, from_none], obj.get("updated_at"))
        usage = from_union([Usage.from_dict, from_none], obj.get("usage"))
        return Transcript(id, messages, schema_version, artifacts, cost, created_at, export, metadata, producer, provider_fields, run, source, title, tool_choice, tools, updated_at, usage)

    def to_dict(self) -> dict:
        result: dict = {}
        result["id"] = from_str(self.id)
        result["messages"] = from_list(lambda x: to_class(Message, x), self.messages)
        result["schema_version"] = from_str(self.schema_version)
        if self.artifacts is not None:
            result["artifacts"] = from_union([lambda x: from_list(lambda x: to_class(Artifact, x), x), from_none], self.artifacts)
        if self.cost is not None:
            result["cost"] = from_union([lambda x: to_class(Cost, x), from_none], self.cost)
        if self.created_at is not None:
            result["created_at"] = from_union([lambda x: x.isoformat(), from_none], self.created_at)
        if self.export is not None:
            result["export"] = from_union([lambda x: to_class(ExportRecord, x), from_none], self.export)
        if self.metadata is not None:
            result["metadata"] = from_union([lambda x: from_dict(lambda x: x, x), from_none], self.metadata)
        if self.producer is not None:
            result["producer"] = from_union([lambda x: to_class(Producer, x), from_none], self.producer)
        if self.provider_fields is not None:
            result["provider_fields"] = from_union([lambda x: from_dict(lambda x: from_dict(lambda x: x, x), x), from_none], self.provider_fields)
        if self.run is not None:
            result["run"] = from_union([lambda x: to_class(Run, x), from_none], self.run)
        if self.source is not None:
            result["source"] = from_union([lambda x: to_class(Source, x), from_none], self.source)
        if self.title is not None:
            result["title"] = from_union([from_str, from_none], self.title)
        if self.tool_choice is not None:
            result["tool_choice"] = from_union([lambda x: to_class(ToolChoice, x), from_none], self.tool_choice)
        if self.tools is not None:
            result["tools"] = from_union([lambda x: from_list(lambda x: to_class(ToolDefinition, x), x), from_none], self.tools)
        if self.updated_at is not None:
            result["updated_at"] = from_union([lambda x: x.isoformat(), from_none], self.updated_at)
        if self.usage is not None:
            result["usage"] = from_union([lambda x: to_class(Usage, x), from_none], self.usage)
        return result


@dataclass
class StepPayload:
    """Payload of run and step events (AWF transcript logs)."""

    kind: str
    """Step type (`agent`, `command`, `operation`, `terminal`, `parallel`, `for_each`, `while`,
    `call_workflow`, or a custom type name); `workflow` or the agent's kind on run events.
    """
    name: str
    """Step name from the workflow definition, or the workflow's name on run events."""

    error: Optional[str] = None
    """Failure description on *.completed events; absent on success."""

    result: Any = None
    """The step's result on *.completed events; its shape depends on the step kind. Absent when
    there is none.
    """
    status: Optional[RunStatus] = None

    @staticmethod
    def from_dict(obj: Any) -> 'StepPayload':
        assert isinstance(obj, dict)
        kind = from_str(obj.get("kind"))
        name = from_str(obj.get("name"))
        error = from_union([from_str, from_none], obj.get("error"))
        result = obj.get("result")
        status = from_union([RunStatus, from_none], obj.get("status"))
        return StepPayload(kind, name, error, result, status)

    def to_dict(self) -> dict:
        result: dict = {}
        result["kind"] = from_str(self.kind)
        result["name"] = from_str(self.name)
        if self.error is not None:
            result["error"] = from_union([from_str, from_none], self.error)
        if self.result is not None:
            result["result"] = self.result
        if self.status is not None:
            result["status"] = from_union([lambda x: to_enum(RunStatus, x), from_none], self.status)
        return result


@dataclass
class RunStartedPayload:
    """Payload of run.started: the run's name and kind, and the declaration of the format
    version the whole log follows.
    """
    kind: str
    """Step type (`agent`, `command`, `operation`, `terminal`, `parallel`, `for_each`, `while`,
    `call_workflow`, or a custom type name); `workflow` or the agent's kind on run events.
    """
    name: str
    """Step name from the workflow definition, or the workflow's name on run events."""

    schema_version: str
    """The format version every line of this log follows (semver). A reader rejects an unknown
    major.
    """
    metadata: Optional[Dict[str, Any]] = None
    """Workflow metadata (inputs, flow and node ids), verbatim."""

    producer: Optional[Producer] = None
    title: Optional[str] = None
    """A human title for the run."""

    @staticmethod
    def from_dict(obj: Any) -> 'RunStartedPayload':
        assert isinstance(obj, dict)
        kind = from_str(obj.get("kind"))
        name = from_str(obj.get("name"))
        schema_version = from_str(obj.get("schema_version"))
        metadata = from_union([lambda x: from_dict(lambda x: x, x), from_none], obj.get("metadata"))
        producer = from_union([Producer.from_dict, from_none], obj.get("producer"))
        title = from_union([from_str, from_none], obj.get("title"))
        return RunStartedPayload(kind, name, schema_version, metadata, producer, title)

    def to_dict(self) -> dict:
        result: dict = {}
        result["kind"] = from_str(self.kind)
        result["name"] = from_str(self.name)
        result["schema_version"] = from_str(self.schema_version)
        if self.metadata is not None:
            result["metadata"] = from_union([lambda x: from_dict(lambda x: x, x), from_none], self.metadata)
        if self.producer is not None:
            result["producer"] = from_union([lambda x: to_class(Producer, x), from_none], self.producer)
        if self.title is not None:
            result["title"] = from_union([from_str, from_none], self.title)
        return result


@dataclass
class MessagePayload:
    """Payload of message events: a role and ordered content blocks (canonical parts; text parts
    carry `.text`, so AWF's jq recipes work unchanged), with what the model call reported.
    """
    blocks: List[Part]
    """The content, in order: canonical parts. A reader also accepts AWF's own content blocks
    (`AwfContentBlock`), which folding maps onto parts; a writer of this format never emits
    them.
    """
    role: Role
    cost: Optional[Cost] = None
    duration_ms: Optional[int] = None
    """How long the model call took, in milliseconds."""

    error: Optional[str] = None
    """An error the provider or agent reported instead of (or while) producing the message: a
    failed or aborted model call, its partial reply in `blocks`.
    """
    finish_reason: Optional[FinishReason] = None
    issuer: Optional[Issuer] = None
    message_id: Optional[str] = None
    """The message's id (a provider message id or a generated one)."""

    model: Optional[str] = None
    """The model that produced an assistant message."""

    native_finish_reason: Optional[str] = None
    """The provider's own stop reason, verbatim."""

    response_id: Optional[str] = None
    """The provider's response id."""

    time_to_first_token_ms: Optional[int] = None
    """For a streamed reply: how long from sending the request until its first chunk arrived, in
    milliseconds (`duration_ms` runs until the last).
    """
    usage: Optional[Usage] = None

    @staticmethod
    def from_dict(obj: Any) -> 'MessagePayload':
        assert isinstance(obj, dict)
        blocks = from_list(Part.from_dict, obj.get("blocks"))
        role = Role(obj.get("role"))
        cost = from_union([Cost.from_dict, from_none], obj.get("cost"))
        duration_ms = from_union([from_int, from_none], obj.get("duration_ms"))
        error = from_union([from_str, from_none], obj.get("error"))
        finish_reason = from_union([FinishReason, from_none], obj.get("finish_reason"))
        issuer = from_union([Issuer.from_dict, from_none], obj.get("issuer"))
        message_id = from_union([from_str, from_none], obj.get("message_id"))
        model = from_union([from_str, from_none], obj.get("model"))
        native_finish_reason = from_union([from_str, from_none], obj.get("native_finish_reason"))
        response_id = from_union([from_str, from_none], obj.get("response_id"))
        time_to_first_token_ms = from_union([from_int, from_none], obj.get("time_to_first_token_ms"))
        usage = from_union([Usage.from_dict, from_none], obj.get("usage"))
        return MessagePayload(blocks, role, cost, duration_ms, error, finish_reason, issuer, message_id, model, native_finish_reason, response_id, time_to_first_token_ms, usage)

    def to_dict(self) -> dict:
        result: dict = {}
        result["blocks"] = from_list(lambda x: to_class(Part, x), self.blocks)
        result["role"] = to_enum(Role, self.role)
        if self.cost is not None:
            result["cost"] = from_union([lambda x: to_class(Cost, x), from_none], self.cost)
        if self.duration_ms is not None:
            result["duration_ms"] = from_union([from_int, from_none], self.duration_ms)
        if self.error is not None:
            result["error"] = from_union([from_str, from_none], self.error)
        if self.finish_reason is not None:
            result["finish_reason"] = from_union([lambda x: to_enum(FinishReason, x), from_none], self.finish_reason)
        if self.issuer is not None:
            result["issuer"] = from_union([lambda x: to_class(Issuer, x), from_none], self.issuer)
        if self.message_id is not None:
            result["message_id"] = from_union([from_str, from_none], self.message_id)
        if self.model is not None:
            result["model"] = from_union([from_str, from_none], self.model)
        if self.native_finish_reason is not None:
            result["native_finish_reason"] = from_union([from_str, from_none], self.native_finish_reason)
        if self.response_id is not None:
            result["response_id"] = from_union([from_str, from_none], self.response_id)
        if self.time_to_first_token_ms is not None:
            result["time_to_first_token_ms"] = from_union([from_int, from_none], self.time_to_first_token_ms)
        if self.usage is not None:
            result["usage"] = from_union([lambda x: to_class(Usage, x), from_none], self.usage)
        return result


class ToolResultStatus(Enum):
    """How a tool call ended: `ok`, `error` (the tool ran and failed), `denied` (the user or a
    policy refused to run it), `interrupted` (cancelled or cut off before finishing).
    """
    DENIED = "denied"
    ERROR = "error"
    INTERRUPTED = "interrupted"
    OK = "ok"


@dataclass
class ToolPayload:
    """Payload of tool.call and tool.result (AWF transcript logs): the same call_id links a call
    to its result. input is required on tool.call, output on tool.result.
    """
    call_id: str
    """Opaque correlation token linking a tool.call to its tool.result."""

    fidelity: Fidelity
    name: str
    """Tool name (`Read`, `Bash`, a plugin operation name, …)."""

    content: Optional[List[Part]] = None
    """Multimodal result content (text, image, audio, file parts), on tool.result."""

    duration_ms: Optional[int] = None
    """How long the tool ran, in milliseconds, on tool.result."""

    error: Optional[str] = None
    """Failure description on tool.result; absent on success."""

    input: Any = None
    """Tool arguments as provided."""

    output: Any = None
    """Tool return value (null for errors with no output)."""

    provider_executed: Optional[bool] = None
    """True for server-side tools the provider ran itself."""

    status: Optional[ToolResultStatus] = None

    @staticmethod
    def from_dict(obj: Any) -> 'ToolPayload':
        assert isinstance(obj, dict)
        call_id = from_str(obj.get("call_id"))
        fidelity = Fidelity(obj.get("fidelity"))
        name = from_str(obj.get("name"))
        content = from_union([lambda x: from_list(Part.from_dict, x), from_none], obj.get("content"))
        duration_ms = from_union([from_int, from_none], obj.get("duration_ms"))
        error = from_union([from_str, from_none], obj.get("error"))
        input = obj.get("input")
        output = obj.get("output")
        provider_executed = from_union([from_bool, from_none], obj.get("provider_executed"))
        status = from_union([ToolResultStatus, from_none], obj.get("status"))
        return ToolPayload(call_id, fidelity, name, content, duration_ms, error, input, output, provider_executed, status)

    def to_dict(self) -> dict:
        result: dict = {}
        result["call_id"] = from_str(self.call_id)
        result["fidelity"] = to_enum(Fidelity, self.fidelity)
        result["name"] = from_str(self.name)
        if self.content is not None:
            result["content"] = from_union([lambda x: from_list(lambda x: to_class(Part, x), x), from_none], self.content)
        if self.duration_ms is not None:
            result["duration_ms"] = from_union([from_int, from_none], self.duration_ms)
        if self.error is not None:
            result["error"] = from_union([from_str, from_none], self.error)
        if self.input is not None:
            result["input"] = self.input
        if self.output is not None:
            result["output"] = self.output
        if self.provider_executed is not None:
            result["provider_executed"] = from_union([from_bool, from_none], self.provider_executed)
        if self.status is not None:
            result["status"] = from_union([lambda x: to_enum(ToolResultStatus, x), from_none], self.status)
        return result


class AwfContentBlockType(Enum):
    """AWF's block type: one of its six."""

    COMMAND = "command"
    STREAM = "stream"
    TEXT = "text"
    THINKING = "thinking"
    TOOL_RESULT = "tool_result"
    TOOL_USE = "tool_use"


@dataclass
class AwfContentBlock:
    """A content block as AWF transcript logs write it in message payloads. Writers of this
    format never emit it (strict validation rejects it); a tolerant reader accepts it so that
    logs AWF wrote read unchanged, and folding maps it onto the canonical part: `text` →
    text, `thinking` → reasoning, `tool_use` → tool_call, `tool_result` → tool_result (status
    ok), `command` → command, `stream` → stream_chunk (the chunk travels in `text`, as AWF's
    wire format puts it).
    """
    type: AwfContentBlockType
    """AWF's block type: one of its six."""

    chunk: Optional[str] = None
    """One provider stream chunk, on `stream` (AWF's wire format carries it in `text`)."""

    command: Optional[str] = None
    """The resolved shell command of a `command` block."""

    fidelity: Optional[Fidelity] = None
    text: Optional[str] = None
    """Verbatim text of a `text` block, or the chunk of a `stream` block."""

    thinking: Optional[str] = None
    """Verbatim reasoning of a `thinking` block."""

    tool_content: Any = None
    """The tool's output as observed, on `tool_result`: a string, structured value, or null for
    errors.
    """
    tool_id: Optional[str] = None
    """The provider's correlation token linking a `tool_use` to its `tool_result`."""

    tool_input: Any = None
    """The tool's arguments as provided, on `tool_use`."""

    tool_name: Optional[str] = None
    """The tool's name, on `tool_use`."""

    @staticmethod
    def from_dict(obj: Any) -> 'AwfContentBlock':
        assert isinstance(obj, dict)
        type = AwfContentBlockType(obj.get("type"))
        chunk = from_union([from_str, from_none], obj.get("chunk"))
        command = from_union([from_str, from_none], obj.get("command"))
        fidelity = from_union([Fidelity, from_none], obj.get("fidelity"))
        text = from_union([from_str, from_none], obj.get("text"))
        thinking = from_union([from_str, from_none], obj.get("thinking"))
        tool_content = obj.get("tool_content")
        tool_id = from_union([from_str, from_none], obj.get("tool_id"))
        tool_input = obj.get("tool_input")
        tool_name = from_union([from_str, from_none], obj.get("tool_name"))
        return AwfContentBlock(type, chunk, command, fidelity, text, thinking, tool_content, tool_id, tool_input, tool_name)

    def to_dict(self) -> dict:
        result: dict = {}
        result["type"] = to_enum(AwfContentBlockType, self.type)
        if self.chunk is not None:
            result["chunk"] = from_union([from_str, from_none], self.chunk)
        if self.command is not None:
            result["command"] = from_union([from_str, from_none], self.command)
        if self.fidelity is not None:
            result["fidelity"] = from_union([lambda x: to_enum(Fidelity, x), from_none], self.fidelity)
        if self.text is not None:
            result["text"] = from_union([from_str, from_none], self.text)
        if self.thinking is not None:
            result["thinking"] = from_union([from_str, from_none], self.thinking)
        if self.tool_content is not None:
            result["tool_content"] = self.tool_content
        if self.tool_id is not None:
            result["tool_id"] = from_union([from_str, from_none], self.tool_id)
        if self.tool_input is not None:
            result["tool_input"] = self.tool_input
        if self.tool_name is not None:
            result["tool_name"] = from_union([from_str, from_none], self.tool_name)
        return result


def cost_from_dict(s: Any) -> Cost:
    return Cost.from_dict(s)


def cost_to_dict(x: Cost) -> Any:
    return to_class(Cost, x)


def event_from_dict(s: Any) -> Event:
    return Event.from_dict(s)


def event_to_dict(x: Event) -> Any:
    return to_class(Event, x)


def message_from_dict(s: Any) -> Message:
    return Message.from_dict(s)


def message_to_dict(x: Message) -> Any:
    return to_class(Message, x)


def part_from_dict(s: Any) -> Part:
    return Part.from_dict(s)


def part_to_dict(x: Part) -> Any:
    return to_class(Part, x)


def snapshot_bundle_line_from_dict(s: Any) -> SnapshotBundleLine:
    return SnapshotBundleLine.from_dict(s)


def snapshot_bundle_line_to_dict(x: SnapshotBundleLine) -> Any:
    return to_class(SnapshotBundleLine, x)


def snapshot_declaration_from_dict(s: Any) -> SnapshotDeclaration:
    return SnapshotDeclaration.from_dict(s)


def snapshot_declaration_to_dict(x: SnapshotDeclaration) -> Any:
    return to_class(SnapshotDeclaration, x)


def transcript_from_dict(s: Any) -> Transcript:
    return Transcript.from_dict(s)


def transcript_to_dict(x: Transcript) -> Any:
    return to_class(Transcript, x)


def usage_from_dict(s: Any) -> Usage:
    return Usage.from_dict(s)


def usage_to_dict(x: Usage) -> Any:
    return to_class(Usage, x)


def step_payload_from_dict(s: Any) -> StepPayload:
    return StepPayload.from_dict(s)


def step_payload_to_dict(x: StepPayload) -> Any:
    return to_class(StepPayload, x)


def run_started_payload_from_dict(s: Any) -> RunStartedPayload:
    return RunStartedPayload.from_dict(s)


def run_started_payload_to_dict(x: RunStartedPayload) -> Any:
    return to_class(RunStartedPayload, x)


def message_payload_from_dict(s: Any) -> MessagePayload:
    return MessagePayload.from_dict(s)


def message_payload_to_dict(x: MessagePayload) -> Any:
    return to_class(MessagePayload, x)


def tool_payload_from_dict(s: Any) -> ToolPayload:
    return ToolPayload.from_dict(s)


def tool_payload_to_dict(x: ToolPayload) -> Any:
    return to_class(ToolPayload, x)


def awf_content_block_from_dict(s: Any) -> AwfContentBlock:
    return AwfContentBlock.from_dict(s)


def awf_content_block_to_dict(x: AwfContentBlock) -> Any:
    return to_class(AwfContentBlock, x)


def provider_fields_from_dict(s: Any) -> Dict[str, Dict[str, Any]]:
    return from_dict(lambda x: from_dict(lambda x: x, x), s)


def provider_fields_to_dict(x: Dict[str, Dict[str, Any]]) -> Any:
    return from_dict(lambda x: from_dict(lambda x: x, x), x)

