import { mirror, type MirrorTarget } from "./mirror.js";

export const regenerateCommand = "pnpm --filter @agent-transcript/native-types generate";

/** A target's file: the banner, what it mirrors and from which SDK version, then the declarations. */
export function render(target: MirrorTarget, repositoryRoot: string): string {
  const result = mirror(target, repositoryRoot);
  const header = [
    "// AUTO-GENERATED FILE. DO NOT EDIT.",
    `// Source: the types of ${target.sdk} ${result.sdkVersion} (tools/native-types/src/targets.ts)`,
    `// Regenerate: ${regenerateCommand}`,
    "//",
    `// ${target.title}.`,
    `// Our own declarations, written from the types of ${target.sdk} ${result.sdkVersion} with the wire's`,
    "// differences the target states; nothing here imports the SDK. The type tests beside the code that uses them",
    `// check them against the SDK's in both directions. Roots: ${result.rootNames.join(", ")}.`,
  ];
  return `${header.join("\n")}\n\n${result.text}\n`;
}
