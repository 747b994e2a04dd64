// Run by the consumer test as a child process (`node registry-server.mjs <storage folder> <uplink URL>`): Verdaccio, a
// real npm registry, on 127.0.0.1 at a port the system picks (so no two runs collide and no port is guessed). Prints
// `{"port": …}` on one line once it listens. Our scope is served only from what was published to it, never from the
// uplink, so a package that failed to publish cannot be found elsewhere; every other package (our third-party
// dependencies, @types/node) is fetched through the uplink, the registry npm is configured with. It ends when its
// standard input closes, so it cannot outlive the test that started it, whatever becomes of that test.
import path from "node:path";
import { runServer } from "verdaccio";

const [storage, uplink] = process.argv.slice(2);
if (storage === undefined || uplink === undefined) {
  process.stderr.write("usage: registry-server.mjs <storage folder> <uplink URL>\n");
  process.exit(2);
}

const server = await runServer({
  self_path: storage,
  storage: path.join(storage, "packages"),
  auth: { htpasswd: { file: path.join(storage, "htpasswd"), max_users: 1 } },
  uplinks: { upstream: { url: uplink, timeout: "60s", maxage: "30m" } },
  packages: {
    "@agent-transcript/*": { access: "$all", publish: "$authenticated", unpublish: "$authenticated" },
    "**": { access: "$all", publish: "$authenticated", proxy: "upstream" },
  },
  security: { api: { legacy: false, jwt: { sign: { expiresIn: "1h" } } } },
  web: { enable: false },
  log: { type: "stdout", format: "json", level: "error" },
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.stdin.on("end", () => server.close(() => process.exit(0)));
process.stdin.resume();
