// What a history costs to hold, in Node after GC: the JavaScript heap plus
// `external` (which holds ArrayBuffers and the WebAssembly module's memory,
// which never shrinks), with every message object held as an application
// holds them, against @ag-ui/client on the same bytes. Each case runs in a
// fresh process per client. Reports bytes per message, and for ours the
// module's memory and its growth per MB of the stream.
//
//   node bench/memory.mjs [--pkg DIR] [--cases stream-10k,snapshot-10k,...] [--write]
//
// --write puts the table into BENCHMARKS.md's "Memory (issue 37)" section.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { history } from "./lib/scenarios.mjs";
import { parseOptions } from "./lib/options.mjs";
import { fetchOf, sse } from "./lib/measure.mjs";
import { writeSection } from "./lib/sections.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const LOREM = "The agent streams its answer token by token, as a model writes it.";

/** `count` replies streamed as TEXT_MESSAGE_START, two deltas, END (the
 * reference copies the whole history on every event, so more deltas would
 * take it minutes; what is held at the end is the same). */
function streamed(count) {
  const events = [{ type: "RUN_STARTED", threadId: "t", runId: "r" }];
  for (let i = 0; i < count; i++) {
    const messageId = `m${i}`;
    events.push({ type: "TEXT_MESSAGE_START", messageId, role: "assistant" });
    const text = `${i}: ${LOREM}`;
    const half = text.length >> 1;
    events.push({ type: "TEXT_MESSAGE_CONTENT", messageId, delta: text.slice(0, half) });
    events.push({ type: "TEXT_MESSAGE_CONTENT", messageId, delta: text.slice(half) });
    events.push({ type: "TEXT_MESSAGE_END", messageId });
  }
  events.push({ type: "RUN_FINISHED", threadId: "t", runId: "r" });
  return events;
}

/** One MESSAGES_SNAPSHOT of `count` messages of about 100 characters. */
function snapshot(count) {
  return [
    { type: "RUN_STARTED", threadId: "t", runId: "r" },
    { type: "MESSAGES_SNAPSHOT", messages: history(count) },
    { type: "RUN_FINISHED", threadId: "t", runId: "r" },
  ];
}

/** Cases the reference is not run on: it copies the whole history on
 * every event, so 100,000 streamed messages would take it hours. */
const NOT_FOR_REFERENCE = new Set(["stream-100k"]);

const CASES = {
  "stream-10k": () => streamed(10_000),
  "snapshot-10k": () => snapshot(10_000),
  "stream-100k": () => streamed(100_000),
  "snapshot-100k": () => snapshot(100_000),
};

async function job({ client, pkg, id }) {
  // The stream's bytes stay held until after the measurement, so that
  // neither client is credited with their release.
  const { bytes, chunks } = sse(CASES[id]());
  const fetch = fetchOf(chunks);
  console.warn = console.debug = () => {};
  const ours = client === "ours";
  const mod = ours
    ? await import(pathToFileURL(path.resolve(pkg, "node.js")).href)
    : await import("@ag-ui/client");
  const config = { url: "http://agent.test/run", threadId: "t", fetch };
  // Loaded before the baseline, so the module's own code and a first
  // instance's memory are not counted as the history's; its memory is read
  // from the glue (whose init answers the instance it made).
  let wasmMemory = () => 0;
  if (ours) {
    await mod.ready();
    const glue = await import(pathToFileURL(path.resolve(pkg, "dist", "agui_wasm.js")).href);
    const exports = await glue.default();
    wasmMemory = () => exports.memory.buffer.byteLength;
  }
  const measure = () => {
    globalThis.gc();
    globalThis.gc();
    const m = process.memoryUsage();
    return { heap: m.heapUsed, external: m.external, module: wasmMemory() };
  };
  const before = measure();
  const agent = ours ? new mod.AgentClient(config) : new mod.HttpAgent(config);
  let error = null;
  try {
    await agent.runAgent({ runId: "r" }, {});
  } catch (e) {
    error = String(e?.message ?? e).slice(0, 120);
  }
  // Held as an application holds them: the array and every message in it.
  const held = agent.messages;
  const after = measure();
  if (chunks.length === 0) throw new Error("no stream");
  const historyJson = JSON.stringify(held).length;
  return {
    id,
    client,
    error,
    messages: held.length,
    streamBytes: bytes.length,
    historyJson,
    heap: after.heap - before.heap,
    external: after.external - before.external,
    module: after.module - before.module,
  };
}

if (process.argv[2] === "--job") {
  const out = await job(JSON.parse(process.argv[3]));
  process.stdout.write(JSON.stringify(out) + "\n");
  process.exit(0);
}

const HELP = `usage: node bench/memory.mjs [--pkg DIR] [--cases ${Object.keys(CASES).join(",")}] [--write]`;
const o = parseOptions(process.argv.slice(2), HELP, { "--pkg": ["pkg", "text"], "--cases": ["cases", "text"], "--write": ["write", "switch"] }, {
  pkg: path.join(HERE, "..", "pkg"),
  cases: Object.keys(CASES).join(","),
  write: false,
});
const mb = (n) => (n / 1e6).toFixed(1);
const rows = [];
for (const id of o.cases.split(",")) {
  for (const client of ["ours", "reference"]) {
    if (client === "reference" && NOT_FOR_REFERENCE.has(id)) continue;
    const r = spawnSync(
      process.execPath,
      ["--expose-gc", "--max-old-space-size=8192", fileURLToPath(import.meta.url), "--job", JSON.stringify({ client, pkg: path.resolve(o.pkg), id })],
      { encoding: "utf8", cwd: HERE },
    );
    if (r.status !== 0) throw new Error(`${id} ${client}: ${r.stderr}`);
    rows.push(JSON.parse(r.stdout.trim().split("\n").pop()));
  }
}
const lines = [
  "| case | client | messages held | history as JSON | JS heap | external | of which the module's memory | total | bytes per message | module growth per MB of stream |",
  "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
];
for (const r of rows) {
  const total = r.heap + r.external;
  const per = r.messages ? Math.round(total / r.messages) : "–";
  const ours = r.client === "ours";
  const growth = ours ? (r.module / r.streamBytes).toFixed(2) : "–";
  const what = r.error ? `${r.messages} (refused: ${r.error})` : r.messages;
  lines.push(
    `| ${r.id} | ${r.client} | ${what} | ${mb(r.historyJson)} MB | ${mb(r.heap)} MB | ${mb(r.external)} MB | ${ours ? `${mb(r.module)} MB` : "–"} | ${mb(total)} MB | ${per} | ${growth} |`,
  );
}
console.log(lines.join("\n"));
if (o.write) {
  const section = [
    "## Memory (issue 37)",
    "",
    `What a history costs to hold (\`node bench/memory.mjs --write\`, ${new Date().toISOString().slice(0, 10)}): in Node after GC, the JS heap plus \`external\` (ArrayBuffers and the WebAssembly module's memory, which never shrinks), every message object held as an application holds them, against @ag-ui/client 1.0.4 on the same bytes, each case in a fresh process. The reference is not run on 100,000 streamed messages: it copies the whole history on every event. Streamed messages are TEXT_MESSAGE_START, two deltas and END; a snapshot's messages are about 100 characters each.`,
    "",
    ...lines,
    "",
  ].join("\n");
  writeSection(path.join(HERE, "..", "BENCHMARKS.md"), section);
  console.error("wrote BENCHMARKS.md's Memory section");
}
