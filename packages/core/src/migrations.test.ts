import { describe, expect, it } from "vitest";
import { migrate, migrations, type Migration } from "./migrations.js";

// A hypothetical history: 1.1 renamed `title` to `name`, 1.2 was additive, 1.3 split `tags` into a list.
const registry: Migration[] = [
  {
    from: "1.0",
    to: "1.1",
    description: "title becomes name",
    migrate: ({ title, ...rest }) => ({ ...rest, ...(title === undefined ? {} : { name: title }) }),
  },
  {
    from: "1.2",
    to: "1.3",
    description: "tags become a list",
    migrate: (document) => ({ ...document, tags: typeof document.tags === "string" ? document.tags.split(",") : [] }),
  },
];

describe("migrate", () => {
  it("applies each step in order, skipping additive releases, and stamps the target version", () => {
    const old = { schema_version: "1.0.4", id: "run-1", title: "Review", tags: "a,b", messages: [] };
    const result = migrate(old, { target: "1.3.0", registry });
    expect(result).toEqual({
      ok: true,
      document: { schema_version: "1.3.0", id: "run-1", name: "Review", tags: ["a", "b"], messages: [] },
      applied: ["1.0 -> 1.1: title becomes name", "1.2 -> 1.3: tags become a list"],
    });
    expect(old.title).toBe("Review");
  });

  it("leaves a current or newer document unchanged", () => {
    const current = { schema_version: "1.3.2", id: "x", messages: [] };
    expect(migrate(current, { target: "1.3.0", registry })).toEqual({ ok: true, document: current, applied: [] });
  });

  it("refuses to cross a major version or read a malformed one", () => {
    expect(migrate({ schema_version: "2.0.0" }, { target: "1.3.0", registry })).toMatchObject({
      ok: false,
      message: expect.stringContaining("major"),
    });
    expect(migrate({ schema_version: "one" }, { registry })).toMatchObject({ ok: false });
  });

  it("crosses into a new major through the step its folder registers, after the old major's own steps", () => {
    const withMajor: Migration[] = [
      ...registry,
      {
        from: "1.3",
        to: "2.0",
        description: "name becomes display_name",
        migrate: ({ name, ...rest }) => ({ ...rest, display_name: name }),
      },
    ];
    const old = { schema_version: "1.0.0", id: "run-1", title: "Review", tags: "a", messages: [] };
    expect(migrate(old, { target: "2.0.0", registry: withMajor })).toEqual({
      ok: true,
      document: { schema_version: "2.0.0", id: "run-1", display_name: "Review", tags: ["a"], messages: [] },
      applied: [
        "1.0 -> 1.1: title becomes name",
        "1.2 -> 1.3: tags become a list",
        "1.3 -> 2.0: name becomes display_name",
      ],
    });
  });

  it("refuses a major it has no step out of, naming the version, and a step that does not lead later", () => {
    expect(migrate({ schema_version: "1.0.0" }, { target: "2.0.0", registry })).toEqual({
      ok: false,
      message: "cannot migrate 1.0.0 to 2.0.0: no migration from 1.3 to 2.x is registered",
    });
    const step: Migration = { from: "1.3", to: "2.0", description: "x", migrate: (document) => document };
    expect(
      migrate({ schema_version: "1.0.0" }, { target: "1.2.0", registry: [{ ...step, from: "1.1", to: "1.0" }] }),
    ).toMatchObject({ ok: false, message: "the migration 1.1 -> 1.0 does not lead to a later version" });
  });

  it("reads a minor of the old major newer than its step into the next with that step", () => {
    const step: Migration = {
      from: "1.3",
      to: "2.0",
      description: "name becomes display_name",
      migrate: ({ name, ...rest }) => ({ ...rest, display_name: name }),
    };
    expect(migrate({ schema_version: "1.7.2", name: "n", extra: 1 }, { target: "2.0.0", registry: [step] })).toEqual({
      ok: true,
      document: { schema_version: "2.0.0", display_name: "n", extra: 1 },
      applied: ["1.3 -> 2.0: name becomes display_name"],
    });
  });

  it("skips additive minors without walking each one", () => {
    const far = { schema_version: "1.0.0", id: "x" };
    expect(migrate(far, { target: "1.999999999.0", registry: [] })).toMatchObject({ ok: true, applied: [] });
  });

  it("copies nothing across additive releases, and gives a step a copy of its own", () => {
    // A large document read across additive minors must not be held twice: only its version changes.
    const document = { schema_version: "1.0.0", id: "x", messages: [{ role: "user", parts: [] }] };
    const additive = migrate(document, { target: "1.1.0", registry: [] });
    if (!additive.ok) throw new Error(additive.message);
    expect(additive.document).toEqual({ ...document, schema_version: "1.1.0" });
    expect(additive.document.messages).toBe(document.messages);
    expect(document.schema_version).toBe("1.0.0");
    // A step that edits what it is given edits a copy, never the caller's document.
    const editing: Migration = {
      from: "1.0",
      to: "1.1",
      description: "messages gain a marker",
      migrate: (value) => {
        (value.messages as unknown[]).push("marker");
        return value;
      },
    };
    const stepped = migrate(document, { target: "1.1.0", registry: [editing] });
    expect(stepped).toMatchObject({ ok: true, applied: ["1.0 -> 1.1: messages gain a marker"] });
    expect(document.messages).toHaveLength(1);
  });

  it("has no registered step: every release so far was additive", () => {
    expect(migrations).toEqual([]);
    expect(migrate({ schema_version: "1.0.0", id: "x", messages: [] })).toMatchObject({ ok: true, applied: [] });
  });
});
