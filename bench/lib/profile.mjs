// Where one scenario's time goes: the timed part only (runAgent, as the
// benchmark times it), under V8's sampling profiler, self time summed per
// function over the runs. The client is built before the profiler starts
// and freed after it stops, so construction and freeing stay out, as they
// stay out of the benchmark's figures. Run by bench/profile.sh, which makes
// the package copy whose .wasm keeps its function names.
import inspector from "node:inspector/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { makeClient, OUR_VARIANTS, prepare, subscriberFor } from "./measure.mjs";
import { parseOptions } from "./options.mjs";

const HELP = `usage: bench/profile.sh --scenario ID [--runs N] [--variant V] [--top N] [--callers NAME]
  --runs     profiled runs (default 10), after 3 unprofiled ones
  --variant  ${OUR_VARIANTS.join(", ")} (default ours)
  --top      rows to print (default 40)
  --callers  also the self time of the functions whose name holds NAME,
             by the three frames that called them`;

function parseArgs(argv) {
  const spec = {
    "--pkg": ["pkg", "text"],
    "--scenario": ["id", "text"],
    "--runs": ["runs", "count"],
    "--variant": ["variant", "text"],
    "--top": ["top", "count"],
    "--callers": ["callers", "text"],
  };
  const o = parseOptions(argv, HELP, spec, { runs: 10, variant: "ours", top: 40 });
  if (!o.pkg || !o.id) throw new Error(HELP);
  if (!OUR_VARIANTS.includes(o.variant)) throw new Error(`unknown variant ${o.variant}\n${HELP}`);
  return { ...o, pkg: path.resolve(o.pkg) };
}

const label = ({ functionName, url }) => {
  const where = /\.wasm-[0-9a-f]+$/.test(url) ? "wasm" : path.basename(url) || "native";
  return `${functionName || "(anonymous)"}  [${where}]`;
};

/** Self time (µs) per frame name in one profile; with `callers`, that of
 * the frames whose name holds it also per chain of three callers. */
function selfTimes(profile, into, callers, byChain) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  profile.samples.forEach((id, i) => {
    const { functionName, url } = byId.get(id).callFrame;
    // The profiler's own stop is sampled too; it is not the client's.
    if (functionName === "dispatch" && !url) return;
    const key = label(byId.get(id).callFrame);
    const us = profile.timeDeltas[i] ?? 0;
    into.set(key, (into.get(key) ?? 0) + us);
    if (callers && functionName.includes(callers)) {
      const chain = [key];
      for (let at = parent.get(id); at !== undefined && chain.length < 4; at = parent.get(at)) chain.push(label(byId.get(at).callFrame));
      const k = chain.join("\n      < ");
      byChain.set(k, (byChain.get(k) ?? 0) + us);
    }
  });
}

const o = parseArgs(process.argv.slice(2));
const { AgentClient } = await import(pathToFileURL(path.join(o.pkg, "node.js")).href);
const clients = { AgentClient };
const p = prepare(o.id, o.variant);
const once = async (profiler) => {
  const client = makeClient(clients, o.variant, p);
  globalThis.gc?.();
  if (profiler) await profiler.post("Profiler.start");
  const t0 = performance.now();
  await client.runAgent({ runId: "r" }, subscriberFor(o.variant, p, { n: 0, reads: 0 }));
  const ms = performance.now() - t0;
  const profile = profiler ? (await profiler.post("Profiler.stop")).profile : null;
  client.free();
  return { ms, profile };
};
for (let i = 0; i < 3; i++) await once(null);
const session = new inspector.Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 100 });
const self = new Map();
const byChain = new Map();
let ms = 0;
for (let i = 0; i < o.runs; i++) {
  const r = await once(session);
  ms += r.ms;
  selfTimes(r.profile, self, o.callers, byChain);
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const row = (us, label) => console.log(`${(us / 1000 / o.runs).toFixed(3).padStart(9)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${label}`);
console.log(`scenario ${o.id} (${o.variant}): ${(ms / o.runs).toFixed(2)} ms a run under the profiler, ${o.runs} runs; self time a run:`);
for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, o.top)) row(us, k);
// The same time summed by where it ran (the .wasm, each JS file, V8
// itself): how much is the boundary's and JavaScript's, not Rust's.
const byWhere = new Map();
for (const [k, us] of self) {
  const where = k.slice(k.lastIndexOf("[") + 1, -1);
  byWhere.set(where, (byWhere.get(where) ?? 0) + us);
}
console.log("by where it ran:");
for (const [w, us] of [...byWhere].sort((a, b) => b[1] - a[1]).slice(0, 12)) row(us, w);
if (o.callers) {
  console.log(`self time of the functions whose name holds ${o.callers}, by their callers:`);
  for (const [k, us] of [...byChain].sort((a, b) => b[1] - a[1]).slice(0, 12)) row(us, k);
}
