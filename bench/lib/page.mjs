// One job in a fresh browser context: the job is the URL's hash; the result
// lands in window.result for browser.mjs to collect.
import { measureClient, measureFloor } from "./measure.mjs";

let warnings = 0;
console.warn = console.debug = () => void warnings++;

async function main() {
  const job = JSON.parse(decodeURIComponent(location.hash.slice(1)));
  const gc = window.gc;
  if (!gc) throw new Error("launch Chromium with --js-flags=--expose-gc");
  if (!performance.memory) throw new Error("performance.memory is missing");
  if (job.kind === "floor") return measureFloor({ id: job.id, runs: job.runs, gc });
  let clients;
  let wasmMemory = null;
  if (job.variant === "reference") {
    clients = { HttpAgent: (await import("/bench/out/reference.js")).HttpAgent };
  } else {
    const pkg = await import("/bench/out/pkg/index.js");
    clients = { AgentClient: pkg.AgentClient };
    // Loaded before the timing, as the page of an application that has
    // run once; then init() hands back its exports.
    await pkg.ready?.();
    wasmMemory = (await (await import("/bench/out/pkg/dist/agui_wasm.js")).default()).memory;
  }
  // usedJSHeapSize (precise with --enable-precise-memory-info) leaves out
  // wasm linear memory, so ours adds it.
  const memory = () => performance.memory.usedJSHeapSize + (wasmMemory ? wasmMemory.buffer.byteLength : 0);
  return measureClient({ clients, variant: job.variant, id: job.id, runs: job.runs, full: job.full, gc, memory });
}

main().then(
  (r) => (window.result = { ...r, warnings }),
  (e) => (window.result = { error: String(e?.stack ?? e) }),
);
