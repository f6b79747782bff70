// One job in its own Node process (node --expose-gc), so neither client's
// garbage, JIT state or wasm memory high-water mark leaks into the other's
// numbers. Prints one JSON line.
//   node --expose-gc bench/lib/node-job.mjs '{"kind":"client","variant":"ours","id":"1-h0","runs":5}'
import { measureClient, measureFloor } from "./measure.mjs";

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
    : { AgentClient: (await import("../out/pkg/node.js")).AgentClient };
  result = await measureClient({ clients, variant: job.variant, id: job.id, runs: job.runs, full: job.full, gc, memory });
}
process.stdout.write(JSON.stringify({ ...result, warnings }) + "\n");
