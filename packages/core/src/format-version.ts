/** The format version this package writes; schemas/v1/CHANGELOG.md's newest entry names the same one. */
export const formatVersion = "1.1.0";

export interface SemanticVersion {
  major: number;
  minor: number;
  patch: number;
}

const semanticVersionPattern = /^(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})(?:[-+][0-9A-Z.+-]{1,128})?$/i;

export function parseVersion(version: string): SemanticVersion | undefined {
  const match = semanticVersionPattern.exec(version);
  if (!match) return undefined;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
}

export const currentVersion = parseVersion(formatVersion) as SemanticVersion;
