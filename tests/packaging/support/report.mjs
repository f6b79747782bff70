// The run's bookkeeping: one line per check, what to stop on the way out,
// and the totals (with the minutes) at the end, however the run ends.
const started = Date.now();
export const minutes = () => ((Date.now() - started) / 60_000).toFixed(1);
export const step = (what) => console.log(`# ${what}  [${minutes()} min]`);
export const delay = (ms) => new Promise((r) => setTimeout(r, ms));

// Everything started here is stopped on the way out, however the run ends.
export const cleanups = [];
async function cleanUp() {
  while (cleanups.length) await cleanups.pop()().catch(() => {});
}
// No step may hang the run: CI gives the whole job 15 minutes.
const RUN_MS = 14 * 60_000;
setTimeout(async () => {
  check(`the run ends within ${RUN_MS / 60_000} minutes`, false);
  await finish();
}, RUN_MS).unref();
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => cleanUp().then(() => process.exit(130)));
process.on("uncaughtException", async (e) => {
  check("the runner itself does not crash", false, e?.stack ?? String(e));
  await finish();
});

const results = [];
export function check(name, pass, detail) {
  results.push(Boolean(pass));
  console.log(`${pass ? "ok" : "FAILED"} - ${name}${!pass && detail ? `\n    ${short(detail, 3000).replace(/\n/g, "\n    ")}` : ""}`);
  return Boolean(pass);
}
let finishing = false;
export async function finish() {
  if (finishing) return;
  finishing = true;
  await Promise.race([cleanUp(), delay(10_000)]);
  const passed = results.filter(Boolean).length;
  const failed = results.length - passed;
  console.log(`packaging: ${passed} passed, ${failed} failed`);
  console.log(`packaging: took ${minutes()} minutes`);
  process.exit(failed === 0 && passed > 0 ? 0 : 1);
}

export function short(v, n = 800) {
  const s = (typeof v === "string" ? v : JSON.stringify(v)) ?? String(v);
  return s.length > n ? `${s.slice(0, n)}…` : s;
}
