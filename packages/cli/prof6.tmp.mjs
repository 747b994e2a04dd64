import SQLite from "better-sqlite3";
for (const mmap of [0, 1<<30]) {
const db = new SQLite(process.argv[2], { readonly: true });
db.pragma(`mmap_size = ${mmap}`);
const child = "EXISTS (SELECT 1 FROM unit_files f JOIN units o ON o.id = f.unit_id WHERE f.path = u.path AND f.is_child = 1 AND o.id <> u.id AND o.machine = u.machine)";
const under = "(u.path = @root OR substr(u.path, 1, length(@prefix)) = @prefix)";
const p = { machine: require_machine(), root: "/tmp/ucorpus/claude/projects", prefix: "/tmp/ucorpus/claude/projects/" };
function require_machine() { return db.prepare("select machine from units limit 1").get().machine; }
const t = (label, sql) => { const st = db.prepare(sql); let best = 1e9, r; for (let i = 0; i < 3; i++) { const a = performance.now(); r = st.all(p); best = Math.min(best, performance.now() - a); } console.log(label.padEnd(30), best.toFixed(1), r.length); };
console.log("mmap", mmap);
t("paths only", `SELECT u.path FROM units u WHERE u.machine = @machine AND ${under}`);
t("paths + child", `SELECT u.path, ${child} AS c FROM units u WHERE u.machine = @machine AND ${under}`);
t("stats", `SELECT u.path, u.stats FROM units u WHERE u.machine = @machine AND ${under}`);
t("stats+buckets", `SELECT u.path, u.stats, u.buckets FROM units u WHERE u.machine = @machine AND ${under}`);
t("all", `SELECT u.path, u.stats, u.buckets, ${child} AS c FROM units u WHERE u.machine = @machine AND ${under} ORDER BY u.seq, u.path`);
db.close();
}
