// Files whose name says they hold secrets, whatever their content: a `.env` of `PASSWORD=hunter2` or an encrypted
// private key has nothing the content scanner recognises. The list is the credential stores of common tools; a
// template meant to be shared (`.env.example`) is not on it. A match is a finding of its own rule, one per file,
// listed beside what the content scanner found in the same file.

/** The rule id of a finding by name: counted once per file. */
export const secretFileNameRule = "secret-file-name";

/** Base names, compared without case. */
const names = new Set([
  // SSH private keys, as ssh-keygen names them (their `.pub` halves are public).
  "id_rsa",
  "id_dsa",
  "id_ecdsa",
  "id_ed25519",
  "id_ecdsa_sk",
  "id_ed25519_sk",
  "id_xmss",
  // Credential stores of package managers, shells and clients.
  ".env",
  ".npmrc",
  ".pypirc",
  ".netrc",
  "_netrc",
  ".git-credentials",
  ".pgpass",
  ".my.cnf",
  ".htpasswd",
  ".s3cfg",
  ".dockercfg",
  ".vault-token",
  ".terraformrc",
  "credentials",
  ".credentials",
  "credentials.json",
  ".credentials.json",
  "credentials.yml",
  "credentials.yaml",
  "credentials.xml",
  "credentials.csv",
  "application_default_credentials.json",
  "secrets.json",
  "secrets.yml",
  "secrets.yaml",
  "secrets.toml",
  "terraform.tfstate",
  "terraform.tfstate.backup",
  // Password databases.
  "shadow",
  "shadow-",
  "gshadow",
  "gshadow-",
  "master.passwd",
]);

/** Extensions of key and certificate stores, compared without case. */
const extensions = [".pem", ".key", ".p8", ".p12", ".pfx", ".jks", ".keystore", ".ppk", ".kdbx", ".tfstate"];

/** Endings of paths whose base name alone says little (`config`), compared without case. */
const pathEndings = ["/.docker/config.json", "/.kube/config", "/.config/gh/hosts.yml", "/.aws/credentials"];

/** `.env.<anything>` but the templates projects share on purpose. */
const envTemplates = new Set(["example", "examples", "sample", "template", "dist", "defaults", "schema"]);

/** Whether `filePath` (absolute, or relative to a repository) names a file that holds secrets by its name. */
export function looksLikeSecretFile(filePath: string): boolean {
  const lower = filePath.toLowerCase();
  const name = lower.slice(lower.lastIndexOf("/") + 1);
  if (names.has(name)) return true;
  if (name.startsWith(".env.")) return !envTemplates.has(name.slice(".env.".length));
  if (/^client_secret.*\.json$/.test(name)) return true;
  if (extensions.some((extension) => name.endsWith(extension) && name.length > extension.length)) return true;
  const rooted = `/${lower}`;
  return pathEndings.some((ending) => rooted.endsWith(ending));
}
