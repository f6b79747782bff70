// The worst case: the module runs out of memory in the middle of a run
// (its memory grown to the 4 GiB a wasm32 instance may have, so the next
// allocation traps). The run fails with an AgentError; the module is
// restarted; the same client and another client of the page keep the
// history they last handed out and run again.
import { test } from "node:test";
import assert from "node:assert/strict";
import { AgentClient, ready } from "../../pkg/node.js";
import * as glue from "../../pkg/dist/agui_wasm.js";
import { reply, scriptedFetch, started, finished } from "./helpers.mjs";

test("a trap in the module fails the run, not the client or the page", async () => {
  await ready();
  const exhaust = async () => {
    const memory = (await glue.default()).memory;
    memory.grow(65536 - memory.buffer.byteLength / 65536);
  };
  // A large event after the memory is exhausted: reading it needs memory.
  const big = "x".repeat(4 << 20);
  let n = 0;
  const fetch = async (url, init) => {
    if (n++ > 0) return scriptedFetch([started("again"), ...reply("a2", ["fine"]), finished("again")]).fetch(url, init);
    return scriptedFetch([started(), { type: "CUSTOM", name: "big", value: big }, finished()]).fetch(url, init);
  };
  const a = new AgentClient({ url: "http://x", fetch, initialMessages: [{ id: "u1", role: "user", content: "first" }] });
  const b = new AgentClient({ url: "http://x", fetch: scriptedFetch([started("b"), ...reply("b2", ["beside"]), finished("b")]).fetch, initialMessages: [{ id: "b1", role: "user", content: "other" }] });
  assert.equal(b.messages.length, 1);
  const logged = [];
  const quiet = console.error;
  console.error = (...args) => logged.push(args);
  try {
    await assert.rejects(
      a.runAgent(undefined, { onRunStartedEvent: exhaust }),
      (e) => e.name === "AgentError" && /WebAssembly module failed/.test(e.message) && /restarted/.test(e.message),
    );
  } finally {
    console.error = quiet;
  }
  assert.equal(logged[0][0], "Agent execution failed:");
  assert.equal(a.isRunning, false);
  assert.ok((await glue.default()).memory.buffer.byteLength < 1 << 30, "a new instance, with memory of its own");
  assert.deepEqual(a.messages.map((m) => m.id), ["u1"], "the history it last handed out");
  await a.runAgent();
  assert.deepEqual(a.messages.map((m) => m.content), ["first", "fine"]);
  await b.runAgent();
  assert.deepEqual(b.messages.map((m) => m.content), ["other", "beside"]);
});
