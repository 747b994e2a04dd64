// Stands in for node:module in the browser bundle (vite.config.ts). Core's generated validators load ajv's three
// runtime helpers with createRequire; here they are bundled imports, looked up by the same names.
import equal from "ajv/dist/runtime/equal";
import ucs2length from "ajv/dist/runtime/ucs2length";
import uri from "ajv/dist/runtime/uri";

/** The CommonJS shape the generated code reads (`require(name).default`), whichever way the bundler hands it over. */
const asModule = (value: unknown): unknown =>
  typeof value === "object" && value !== null && "default" in value ? value : { default: value };

const modules: Record<string, unknown> = {
  "ajv/dist/runtime/equal": asModule(equal),
  "ajv/dist/runtime/ucs2length": asModule(ucs2length),
  "ajv/dist/runtime/uri": asModule(uri),
};

export function createRequire(): (name: string) => unknown {
  return (name) => {
    if (!Object.hasOwn(modules, name)) throw new Error(`${name} is not bundled with the viewer`);
    return modules[name];
  };
}
