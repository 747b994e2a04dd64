// A real npm registry for the test: Verdaccio, run as a child process (registry-server.mjs), its storage in a folder
// of the test's own. Started and stopped here; the child also ends by itself once our end of its standard input
// closes, so a test process that dies takes it along.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface Registry {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string;
  readonly port: number;
  /** Creates the registry's one user and returns a token that may publish. */
  addUser(name: string, password: string): Promise<string>;
  /** What the server has printed (its errors: a failed uplink request, a refused publish), for failure messages. */
  output(): string;
  /** Stops the server and waits for its process to end. */
  stop(): Promise<void>;
}

const server = fileURLToPath(new URL("registry-server.mjs", import.meta.url));
const startLimitMs = 60_000;

/** Starts Verdaccio with its storage under `storage`, fetching what is not ours from `uplink`. */
export async function startRegistry(storage: string, uplink: string): Promise<Registry> {
  const child = spawn(process.execPath, [server, storage, uplink], { stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (text: string) => (stderr += text));
  let stdout = "";
  child.stdout?.setEncoding("utf8").on("data", (text: string) => (stdout += text));
  let port: number;
  try {
    port = await listeningPort(
      () => stdout,
      child,
      () => stderr,
    );
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  const url = `http://127.0.0.1:${port}/`;
  // The port answers: Verdaccio's own health check, before anything else is sent.
  const ping = await fetch(new URL("-/ping", url));
  if (!ping.ok) {
    await stopChild(child);
    throw new Error(`the registry at ${url} answered its ping with ${ping.status}`);
  }
  return {
    url,
    port,
    async addUser(name, password) {
      // What `npm adduser` sends.
      const response = await fetch(new URL(`-/user/org.couchdb.user:${encodeURIComponent(name)}`, url), {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ _id: `org.couchdb.user:${name}`, name, password, type: "user", roles: [] }),
      });
      const body = (await response.json()) as { token?: unknown; error?: unknown };
      if (!response.ok || typeof body.token !== "string")
        throw new Error(`the registry refused the user ${name}: ${response.status} ${JSON.stringify(body)}`);
      return body.token;
    },
    output: () => `${stdout}${stderr}`,
    stop: () => stopChild(child),
  };
}

/** Waits for the server's first line, `{"port": …}`, or for it to fail. */
function listeningPort(stdout: () => string, child: ChildProcess, stderr: () => string): Promise<number> {
  return new Promise((resolve, reject) => {
    const settle = (outcome: () => void): void => {
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.off("exit", onExit);
      child.off("error", onError);
      outcome();
    };
    const fail = (reason: string): void =>
      settle(() => reject(new Error(`the registry did not start: ${reason}\n${stderr()}`)));
    const onData = (): void => {
      const [first, ...rest] = stdout().split("\n");
      if (rest.length === 0) return;
      let port: unknown;
      try {
        port = (JSON.parse(first as string) as { port?: unknown }).port;
      } catch {
        port = undefined;
      }
      if (typeof port === "number") settle(() => resolve(port));
      else fail(`it printed ${first}, not its port`);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void => fail(`it exited (${code ?? signal})`);
    const onError = (error: Error): void => fail(error.message);
    const timer = setTimeout(() => fail(`no port after ${startLimitMs / 1000} s`), startLimitMs);
    child.stdout?.on("data", onData);
    child.on("exit", onExit);
    child.on("error", onError);
  });
}

/** Closes the server's standard input (it stops), and kills it if it has not ended within 10 s. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.on("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.stdin?.end();
  });
}
