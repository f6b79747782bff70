// One job in its own Node process (node --expose-gc), so neither client's
// garbage, JIT state or wasm memory high-water mark leaks into the other's
// numbers. Prints one JSON line.
//   node --expose-gc bench/lib/node-job.mjs '{"kind":"client","variant":"ours","id":"1-h0","runs":5}'
// (`"pkg": "<dir>"` runs the package in that directory instead.)
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { measureClient, measureFloor } from "./measure.mjs";

// The run's private copy of pkg/ (bench.mjs makes it), unless the job names
// another package directory (bench/pairs.mjs compares two).
const OWN_COPY = fileURLToPath(new URL("../out/pkg", import.meta.url));

const job = JSON.parse(process.argv[2]);
// The reference logs warnings from hot paths; a terminal write per event
// would be measured instead of the client. Count them instead.
let warnings = 0;
console.warn = console.debug = () => void warnings++;

const gc = globalThis.gc;
if (!gc) throw new Error("run with --expose-gc");
// heapUsed + external: external holds ArrayBuffers, wasm linear memory included.
const memory = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};

let result;
if (job.kind === "floor") {
  result = await measureFloor({ id: job.id, runs: job.runs, gc });
} else {
  const clients = job.variant === "reference"
    ? { HttpAgent: (await import("@ag-ui/client")).HttpAgent }
    : { AgentClient: (await import(pathToFileURL(path.resolve(job.pkg ?? OWN_COPY, "node.js")).href)).AgentClient };
  result = await measureClient({ clients, variant: job.variant, id: job.id, runs: job.runs, full: job.full, gc, memory });
}
process.stdout.write(JSON.stringify({ ...result, warnings }) + "\n");
