// The identity-keeping updates of src/wasm/js_modules/copy_on_write.js on
// their own: every JSON Patch fixture that succeeds gives the expected
// document, never edits the one it was given (frozen here), and hands back
// the very objects of every subtree no operation touched.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { applyPatchCow, withAppended, withArgsAppended, withTail } from "../../src/wasm/js_modules/copy_on_write.js";

const load = (f) => JSON.parse(fs.readFileSync(new URL(`../fixtures/json-patch/${f}`, import.meta.url), "utf8"));
const cases = [...load("tests.json"), ...load("spec_tests.json")].filter((c) => "expected" in c && !c.disabled);

function deepFreeze(v) {
  if (v !== null && typeof v === "object") {
    Object.freeze(v);
    for (const k of Object.keys(v)) deepFreeze(v[k]);
  }
  return v;
}

const firstToken = (path) => (path === "" ? null : path.slice(1).split("/")[0].replace(/~1/g, "/").replace(/~0/g, "~"));

test("every succeeding JSON Patch fixture: the expected document, the input untouched, untouched subtrees shared", () => {
  assert.ok(cases.length >= 60, `${cases.length} cases`);
  for (const c of cases) {
    const before = JSON.stringify(c.doc);
    const doc = deepFreeze(structuredClone(c.doc));
    const out = applyPatchCow(doc, c.patch);
    assert.deepEqual(out, c.expected, c.comment ?? JSON.stringify(c.patch));
    assert.equal(JSON.stringify(doc), before, `${c.comment}: the input was not edited`);
    if (doc !== null && typeof doc === "object" && !Array.isArray(doc) && out !== null && typeof out === "object") {
      const touched = new Set(c.patch.flatMap((op) => [firstToken(op.path), op.from === undefined ? undefined : firstToken(op.from)]));
      for (const k of Object.keys(doc)) {
        if (!touched.has(k) && !touched.has(null) && typeof doc[k] === "object" && doc[k] !== null) {
          assert.equal(out[k], doc[k], `${c.comment}: /${k} was not touched and keeps its object`);
        }
      }
    }
  }
});

test("one batch under one large array copies it once and keeps its other members", () => {
  const big = deepFreeze({ items: Array.from({ length: 1000 }, (_, i) => ({ i })), other: { keep: true } });
  const ops = Array.from({ length: 50 }, (_, i) => ({ op: "replace", path: `/items/${i * 10}/i`, value: -i }));
  const out = applyPatchCow(big, ops);
  assert.equal(out.other, big.other);
  assert.equal(out.items[1], big.items[1], "an untouched member is shared");
  assert.notEqual(out.items[0], big.items[0]);
  assert.equal(out.items[10].i, -1);
});

test("a copied value sits at two paths: a later edit of one leaves the other", () => {
  const doc = deepFreeze({ a: { n: 1 } });
  const out = applyPatchCow(doc, [
    { op: "copy", from: "/a", path: "/b" },
    { op: "replace", path: "/b/n", value: 2 },
  ]);
  assert.deepEqual(out, { a: { n: 1 }, b: { n: 2 } });
});

test("streaming helpers extend copies: text, tool arguments, partial values", () => {
  const msg = deepFreeze({ id: "a", role: "assistant", content: "Hel", toolCalls: [{ id: "c", type: "function", function: { name: "f", arguments: '{"x"' } }] });
  const more = withAppended(msg, "lo");
  assert.equal(more.content, "Hello");
  assert.equal(more.toolCalls, msg.toolCalls, "untouched calls shared");
  const args = withArgsAppended(msg, 0, ":1}");
  assert.equal(args.toolCalls[0].function.arguments, '{"x":1}');
  assert.equal(msg.toolCalls[0].function.arguments, '{"x"');
  const partial = deepFreeze({ list: [1, 2], obj: { k: "v" } });
  const grown = withTail(partial, { path: ["list"], from: 1, members: [5, 6] });
  assert.deepEqual(grown, { list: [1, 5, 6], obj: { k: "v" } });
  assert.equal(grown.obj, partial.obj);
});
