// What an event callback's round costs now, against the least a round
// the JavaScript shell builds can cost (the shell builds a delta's round
// from the core's record, js/deltas.js), in one Node process, alternated
// (issue 37: the 8-reply target).
//
//   node --expose-gc bench/round-floor.mjs [--pkg pkg] [--pairs 6]
//
// Now: scenario 8-reply (a 256 KB reply in 10-byte deltas) with and
// without the onTextMessageContentEvent that reads textMessageBuffer; the
// round is the difference per event. The least: per delta, two crossings
// (the step that stops at the event, the question what it is), the
// delta's 10 bytes decoded from wasm memory, the event and parameter
// objects (with the lazy `messages` the shell defines), the buffer's
// concatenation and the call: what such a round cannot do without.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { prepare, runOnce } from "./lib/measure.mjs";
import { median } from "./lib/median.mjs";
import { parseOptions } from "./lib/options.mjs";

const HELP = "usage: node --expose-gc bench/round-floor.mjs [--pkg DIR] [--pairs N]";
const o = parseOptions(process.argv.slice(2), HELP, { "--pkg": ["pkg", "text"], "--pairs": ["pairs", "count"] }, { pkg: "pkg", pairs: 6 });
const pkg = path.resolve(o.pkg);
const { AgentClient } = await import(pathToFileURL(path.join(pkg, "node.js")).href);
const glue = await import(pathToFileURL(path.join(pkg, "dist/agui_wasm.js")).href);

const scenario = { ours: prepare("8-reply", "ours"), "ours-quiet": prepare("8-reply", "ours-quiet") };
/** µs per event of one run of 8-reply in `variant`, as the benchmark runs it. */
async function run(variant) {
  const p = scenario[variant];
  globalThis.gc?.();
  return ((await runOnce({ AgentClient }, variant, p)).ms * 1000) / p.events;
}

const wasm = glue.initSync({ module: fs.readFileSync(path.join(pkg, "dist/agui_wasm_bg.wasm")) });
const core = new glue.Core(undefined, undefined, [], 0);
const DELTA = new TextEncoder().encode("lorem ipsu");
const at = wasm.__wbindgen_malloc(DELTA.length, 1);
new Uint8Array(wasm.memory.buffer).set(DELTA, at);
const decoder = new TextDecoder();
const LIVE = {
  get() {
    return this.agent.messages;
  },
  enumerable: true,
  configurable: true,
};
const agent = { messages: [] };
let sink = 0;
const sub = {
  onTextMessageContentEvent({ textMessageBuffer, event }) {
    sink += textMessageBuffer.length + event.delta.length;
  },
};

/** µs per round of the least round, over as many deltas as 8-reply has. */
function least(n) {
  let buffer = "";
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    core.dueIn(0);
    core.dueIn(0);
    const delta = decoder.decode(new Uint8Array(wasm.memory.buffer, at, DELTA.length));
    const event = { type: "TEXT_MESSAGE_CONTENT", messageId: "reply", delta };
    buffer += delta;
    const p = { state: {}, agent, event, textMessageBuffer: buffer };
    Object.defineProperty(p, "messages", LIVE);
    if (sub.onTextMessageContentEvent(p) !== undefined) sink++;
  }
  return ((performance.now() - t0) * 1000) / n;
}

const events = scenario.ours.events;
for (let i = 0; i < 3; i++) await run("ours"), await run("ours-quiet"), least(events);
const rows = [];
for (let i = 0; i < o.pairs; i++) {
  // Which goes first alternates, so both see the same machine.
  let withIt, without;
  if (i % 2) (without = await run("ours-quiet")), (withIt = await run("ours"));
  else (withIt = await run("ours")), (without = await run("ours-quiet"));
  rows.push({ round: withIt - without, least: least(events) });
}
const round = median(rows.map((r) => r.round));
const floor = median(rows.map((r) => r.least));
if (sink === 0) throw new Error("the least round's callback never ran");
console.log(`8-reply, ${o.pairs} alternated rounds: the callback's round ${round.toFixed(2)} µs/event now; the least a JS-built round costs ${floor.toFixed(2)} µs (${(round / floor).toFixed(1)}x that)`);
