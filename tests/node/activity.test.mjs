// An activity a UI reads while ACTIVITY_DELTAs stream (a plan, a form): its
// JS copy follows each patch by path copying, ends equal to the reference's
// and to a copy converted whole, and keeps the identity of every part no
// patch touched.
import { test } from "node:test";
import assert from "node:assert/strict";
import { AgentClient } from "../../pkg/node.js";
import { differences, loadCases, replay } from "./cases.mjs";
import { finished, scriptedFetch, seeded, sse, started } from "./helpers.mjs";

test("every case with activity deltas, read on every change, ends as the reference's", async () => {
  const cases = loadCases().filter(({ c }) => c.events.some((e) => typeof e === "object" && e.type === "ACTIVITY_DELTA"));
  assert.ok(cases.length >= 10, `cases with ACTIVITY_DELTA: ${cases.length}`);
  for (const { file, c } of cases) {
    for (const batching of ["event", undefined]) {
      const got = await replay(AgentClient, c, { batching, readMessages: true });
      assert.deepEqual(differences(c, got), [], `${file} (batching ${batching ?? "default"})`);
    }
  }
});

const plan = (steps) => ({ title: "plan", steps: steps.map((s, i) => ({ id: i, status: s, log: [] })), meta: { owner: "me" } });

test("a patch copies only the paths it touches; earlier copies never change", async () => {
  const { fetch } = scriptedFetch([
    started(),
    { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" },
    { type: "TEXT_MESSAGE_END", messageId: "m" },
    { type: "ACTIVITY_SNAPSHOT", messageId: "a", activityType: "PLAN", content: plan(["pending", "pending"]) },
    { type: "ACTIVITY_DELTA", messageId: "a", activityType: "PLAN", patch: [{ op: "replace", path: "/steps/1/status", value: "done" }] },
    { type: "ACTIVITY_DELTA", messageId: "a", activityType: "PLAN", patch: [{ op: "add", path: "/steps/0/log/-", value: "started" }, { op: "add", path: "/steps/-", value: { id: 2 } }] },
    finished(),
  ]);
  const agent = new AgentClient({ url: "http://x", fetch, batching: "event" });
  const seen = [];
  agent.subscribe({ onMessagesChanged: ({ messages }) => void seen.push(messages) });
  await agent.runAgent();
  const [first, second] = seen.slice(-2).map((ms) => ms[1]);
  assert.deepEqual(first.content, { title: "plan", steps: [{ id: 0, status: "pending", log: [] }, { id: 1, status: "done", log: [] }], meta: { owner: "me" } });
  assert.deepEqual(second.content, { title: "plan", steps: [{ id: 0, status: "pending", log: ["started"] }, { id: 1, status: "done", log: [] }, { id: 2 }], meta: { owner: "me" } });
  assert.equal(second.content.meta, first.content.meta, "an untouched subtree keeps its object");
  assert.equal(second.content.steps[1], first.content.steps[1], "an untouched element keeps its object");
  assert.notEqual(second.content.steps[0], first.content.steps[0], "the patched element is new");
  assert.equal(seen.at(-1)[0], seen.at(-2)[0], "another message keeps its object");
  assert.deepEqual(first.content.steps[0].log, [], "an earlier copy is never edited");
  assert.equal(second.activityType, "PLAN");
});

// A small JSON Patch of the kinds the generator below makes (add, replace,
// remove on paths that exist), as the model the client is held to.
function applyModel(doc, ops) {
  const copy = structuredClone(doc);
  for (const op of ops) {
    const keys = op.path.split("/").slice(1);
    const last = keys.pop();
    let at = copy;
    for (const k of keys) at = at[Array.isArray(at) ? Number(k) : k];
    if (Array.isArray(at)) {
      const i = last === "-" ? at.length : Number(last);
      if (op.op === "add") at.splice(i, 0, op.value);
      else if (op.op === "replace") at[i] = op.value;
      else at.splice(i, 1);
    } else if (op.op === "remove") delete at[last];
    else at[last] = op.value;
  }
  return copy;
}

/** Paths of the containers in `v`, as JSON Pointers. */
function containers(v, path = "", out = []) {
  if (v && typeof v === "object") {
    out.push([path, v]);
    for (const [k, x] of Object.entries(v)) containers(x, `${path}/${k}`, out);
  }
  return out;
}

/** One ACTIVITY_DELTA's patch for `doc`, valid unless `broken`. */
function randomPatch(rnd, doc, broken) {
  const pick = (a) => a[Math.floor(rnd() * a.length)];
  const ops = [];
  let model = doc;
  for (let n = 1 + Math.floor(rnd() * 3); n > 0; n--) {
    const [path, node] = pick(containers(model));
    const value = rnd() < 0.3 ? { v: Math.floor(rnd() * 100), tags: ["x"] } : `é${Math.floor(rnd() * 1000)}`;
    const keys = Array.isArray(node) ? node.map((_, i) => String(i)) : Object.keys(node);
    let op;
    if (keys.length > 0 && rnd() < 0.25 && path !== "") op = { op: "remove", path: `${path}/${pick(keys)}` };
    else if (keys.length > 0 && rnd() < 0.4) op = { op: "replace", path: `${path}/${pick(keys)}`, value };
    else op = { op: "add", path: `${path}/${Array.isArray(node) ? (rnd() < 0.5 ? "-" : String(Math.floor(rnd() * (node.length + 1)))) : `k${Math.floor(rnd() * 9)}`}`, value };
    ops.push(op);
    model = applyModel(model, [op]);
  }
  // A patch that fails (a missing member) changes nothing, its valid ops included.
  if (broken) ops.push({ op: "remove", path: "/no/such/member" });
  return { ops, after: broken ? doc : model };
}

test("seeded patch streams: every copy a UI reads equals the model, and the end equals a copy converted whole", async () => {
  for (let seed = 1; seed <= 40; seed++) {
    const rnd = seeded(seed);
    let content = plan(["pending", "running", "done"]);
    const events = [started(), { type: "ACTIVITY_SNAPSHOT", messageId: "a", activityType: "PLAN", content }];
    const models = [content];
    for (let i = 0; i < 40; i++) {
      const r = rnd();
      if (r < 0.05) {
        // A delta with metadata, or of another type, changes the message beyond its content.
        const { ops, after } = randomPatch(rnd, content, false);
        events.push({ type: "ACTIVITY_DELTA", messageId: "a", activityType: rnd() < 0.5 ? "PLAN" : "FORM", patch: ops, ...(rnd() < 0.5 ? { metadata: { n: i } } : {}) });
        content = after;
      } else if (r < 0.08) {
        content = plan(["again"]);
        events.push({ type: "ACTIVITY_SNAPSHOT", messageId: "a", activityType: "PLAN", content });
      } else {
        const { ops, after } = randomPatch(rnd, content, rnd() < 0.1);
        events.push({ type: "ACTIVITY_DELTA", messageId: "a", activityType: "PLAN", patch: ops });
        content = after;
      }
      models.push(content);
    }
    events.push(finished());
    // Pieces of the stream cut at random places: notifications see several events at once.
    const text = events.map(sse).join("");
    const cuts = [0];
    while (cuts.at(-1) < text.length) cuts.push(Math.min(text.length, cuts.at(-1) + 1 + Math.floor(rnd() * 600)));
    const pieces = cuts.slice(1).map((c, i) => text.slice(cuts[i], c));
    const reading = new AgentClient({ url: "http://x", fetch: scriptedFetch(pieces).fetch });
    const quiet = new AgentClient({ url: "http://x", fetch: scriptedFetch(pieces).fetch });
    const copies = [];
    reading.subscribe({ onMessagesChanged: ({ messages }) => void copies.push([messages[0], JSON.stringify(messages[0].content)]) });
    await reading.runAgent();
    await quiet.runAgent();
    // Each copy is one of the models, in order, and none was edited after it was handed out.
    let at = 0;
    for (const [n, [copy, then]] of copies.entries()) {
      assert.equal(JSON.stringify(copy.content), then, `seed ${seed}: copy ${n} was edited after it was handed out`);
      const found = models.findIndex((m, i) => i >= at && JSON.stringify(m) === JSON.stringify(copy.content));
      assert.ok(found >= 0, `seed ${seed}: copy ${n} is no model from ${at} on: ${JSON.stringify(copy.content)}`);
      at = found;
    }
    assert.deepEqual(copies.at(-1)[0].content, content, `seed ${seed}: the last copy`);
    assert.deepEqual(reading.messages, quiet.messages, `seed ${seed}: against a copy converted whole`);
  }
});
