/**
 * `schema`: prints one of the format's JSON Schemas, as the package ships them (copied from the repository's
 * `schemas/` into `dist/schemas/` at build: the command never reads outside its package), or lists them.
 */
import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { schemasDirectory } from "../../installation.js";
import { exitCodes, messageLine, shown, UserError, writeData, type CommandIo } from "../../io.js";

export interface SchemaCommandOptions {
  /** The format's major version, `v1` or `1`; the newest shipped when absent. */
  version?: string;
  list?: boolean;
  json?: boolean;
}

/** One schema the package ships: its name (the file name less `.schema.json`) and its format major version. */
export interface ShippedSchema {
  name: string;
  version: string;
  file: string;
}

const suffix = ".schema.json";

/** Every shipped schema (dist/schemas/, installation.ts), by version (`v1`, `v2`, … in numeric order) then name. */
export async function shippedSchemas(): Promise<ShippedSchema[]> {
  const root = fileURLToPath(schemasDirectory);
  let entries: string[];
  try {
    entries = await readdir(root);
  } catch {
    throw new UserError("the schemas are missing from this installation (dist/schemas); reinstall the package");
  }
  const versions = entries.filter((name) => /^v\d+$/.test(name));
  versions.sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
  const schemas: ShippedSchema[] = [];
  for (const version of versions) {
    const names = (await readdir(`${root}${version}`)).filter((name) => name.endsWith(suffix)).sort();
    for (const name of names)
      schemas.push({ name: name.slice(0, -suffix.length), version, file: `${root}${version}/${name}` });
  }
  return schemas;
}

/** `1`, `v1` and `V1` all name version `v1`. */
function normaliseVersion(text: string): string {
  const match = /^v?(\d+)$/i.exec(text.trim());
  if (match === null)
    throw new UserError(
      `--version takes a format major version such as v1, not ${JSON.stringify(text)}`,
      exitCodes.usage,
    );
  return `v${Number(match[1])}`;
}

export async function runSchema(
  name: string | undefined,
  options: SchemaCommandOptions,
  io: CommandIo,
): Promise<number> {
  const schemas = await shippedSchemas();
  const versions = [...new Set(schemas.map((schema) => schema.version))];
  const version = options.version === undefined ? versions.at(-1) : normaliseVersion(options.version);
  if (version === undefined || !versions.includes(version))
    throw new UserError(
      `no schemas of version ${version ?? "(none)"}; this package ships ${versions.join(", ") || "none"}`,
      exitCodes.usage,
    );
  const ofVersion = schemas.filter((schema) => schema.version === version);
  if (options.list || name === undefined) {
    if (options.json)
      writeData(
        io,
        `${JSON.stringify(
          ofVersion.map(({ name, version }) => ({ name, version })),
          null,
          2,
        )}\n`,
      );
    else writeData(io, ofVersion.map((schema) => `${schema.name}\n`).join(""));
    return exitCodes.success;
  }
  // `transcript`, `transcript.schema.json` and `Transcript` name the same file.
  const wanted = name.toLowerCase().replace(/\.schema\.json$/, "");
  const found = ofVersion.find((schema) => schema.name === wanted);
  if (found === undefined) {
    io.stderr(
      messageLine(
        `agent-transcript: no schema named ${shown(JSON.stringify(name))} in ${version}; the schemas are: ${ofVersion.map((schema) => schema.name).join(", ")}`,
      ),
    );
    return exitCodes.usage;
  }
  // Printed as shipped, byte for byte: the file is the contract (its $id, its descriptions).
  writeData(io, await readFile(found.file, "utf8"));
  return exitCodes.success;
}
