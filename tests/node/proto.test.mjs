// The protobuf transport through the built package (`agui-wasm/proto`):
// every proto conformance case, bytes in, and the default entry's clear
// refusal of a protobuf body.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { AgentClient as ProtoClient } from "../../pkg/proto-node.js";
import { AgentClient as DefaultClient } from "../../pkg/node.js";
import { differences, replay, root } from "./cases.mjs";

const MEDIA_TYPE = "application/vnd.ag-ui.event+proto";
const casesDir = path.resolve(root, "../shared/conformance/proto");
const framesDir = path.join(root, "tests/fixtures/proto/conformance");

/** A case's body: each event's @ag-ui/proto encoding (recorded in the fixtures), length-prefixed. */
function protoBody(file) {
  const { frames } = JSON.parse(fs.readFileSync(path.join(framesDir, file), "utf8"));
  const payloads = frames.map((b64) => Buffer.from(b64, "base64"));
  const out = new Uint8Array(payloads.reduce((n, p) => n + 4 + p.length, 0));
  let at = 0;
  for (const p of payloads) {
    new DataView(out.buffer).setUint32(at, p.length, false);
    out.set(p, at + 4);
    at += 4 + p.length;
  }
  return out;
}

const cases = fs.readdirSync(casesDir).filter((f) => f.endsWith(".json")).sort();

test("every proto conformance case through agui-wasm/proto", async () => {
  let passed = 0;
  const failures = [];
  for (const file of cases) {
    const c = JSON.parse(fs.readFileSync(path.join(casesDir, file), "utf8"));
    const got = await replay(ProtoClient, c, { body: protoBody(file), contentType: MEDIA_TYPE });
    const diffs = differences(c, got);
    if (diffs.length === 0) passed++;
    else failures.push(`${file}: ${diffs.join("; ")}`);
  }
  console.log(`proto conformance (package): ${passed} passed, ${failures.length} failed`);
  assert.deepEqual(failures, []);
  assert.ok(passed >= 20);
});

test("agui-wasm/proto asks for protobuf when told to, and still reads SSE", async () => {
  let accept;
  const agent = new ProtoClient({
    url: "http://x",
    acceptProtobuf: true,
    fetch: async (_url, init) => {
      accept = init.headers.Accept;
      const body = 'data: {"type":"RUN_STARTED","threadId":"t","runId":"r"}\n\ndata: {"type":"RUN_FINISHED","threadId":"t","runId":"r"}\n\n';
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    },
  });
  await agent.runAgent();
  assert.equal(accept, `${MEDIA_TYPE}, text/event-stream`);
});

test("truncated protobuf frames fail clearly and keep the history", async () => {
  const file = "proto__text__basic.json";
  const c = JSON.parse(fs.readFileSync(path.join(casesDir, file), "utf8"));
  const whole = protoBody(file);
  const got = await replay(ProtoClient, { ...c, chunking: 5 }, { body: whole.slice(0, whole.length - 3), contentType: MEDIA_TYPE });
  assert.match(got.error, /frame/i);
  assert.ok(got.messages.length >= 1, "what arrived before the cut is kept");
});

test("the default entry refuses a protobuf body with a pointer to agui-wasm/proto", async () => {
  const file = "proto__text__basic.json";
  const c = JSON.parse(fs.readFileSync(path.join(casesDir, file), "utf8"));
  const got = await replay(DefaultClient, c, { body: protoBody(file), contentType: MEDIA_TYPE });
  assert.match(got.error, /agui-wasm\/proto/);
});
