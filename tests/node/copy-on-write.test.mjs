// The identity-keeping updates of src/wasm/js_modules/copy_on_write.js on
// their own: the edits the core's JSON Patch reports for every succeeding
// RFC 6902 fixture (tests/fixtures/json-patch/edits.json, held current by
// tests/json_patch_suite.rs) give the expected document, never change the
// one they were given (frozen here), and hand back the very objects of
// every subtree no edit touched.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { applyEdits, withAppended, withArgsAppended, withMembers } from "../../src/wasm/js_modules/copy_on_write.js";

const cases = JSON.parse(fs.readFileSync(new URL("../fixtures/json-patch/edits.json", import.meta.url), "utf8"));

// The first key of each edit's path (null for the root), read from the flat
// form: kind, path length, path, and a value unless the kind is 2 (remove).
function topKeys(edits) {
  const keys = [];
  for (let i = 0; i < edits.length; ) {
    const n = edits[i + 1];
    keys.push(n === 0 ? null : edits[i + 2]);
    i += 2 + n + (edits[i] === 2 ? 0 : 1);
  }
  return keys;
}

function deepFreeze(v) {
  if (v !== null && typeof v === "object") {
    Object.freeze(v);
    for (const k of Object.keys(v)) deepFreeze(v[k]);
  }
  return v;
}

test("every succeeding JSON Patch fixture's edits: the expected document, the input untouched, untouched subtrees shared", () => {
  assert.ok(cases.length >= 60, `${cases.length} cases`);
  for (const c of cases) {
    const before = JSON.stringify(c.doc);
    const doc = deepFreeze(structuredClone(c.doc));
    const out = applyEdits(doc, c.edits);
    assert.deepEqual(out, c.expected, c.comment ?? JSON.stringify(c.edits));
    assert.equal(JSON.stringify(doc), before, `${c.comment}: the input was not edited`);
    if (doc !== null && typeof doc === "object" && !Array.isArray(doc) && out !== null && typeof out === "object") {
      const touched = new Set(topKeys(c.edits));
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
  const edits = Array.from({ length: 50 }, (_, i) => [0, 3, "items", i * 10, "i", -i]).flat();
  const out = applyEdits(big, edits);
  assert.equal(out.other, big.other);
  assert.equal(out.items[1], big.items[1], "an untouched member is shared");
  assert.notEqual(out.items[0], big.items[0]);
  assert.equal(out.items[10].i, -1);
});

test("inserts and removals in arrays move the later members; a key removed and set again goes last", () => {
  const doc = deepFreeze({ list: ["a", "b", "c"], obj: { x: 1, y: 2 } });
  const out = applyEdits(doc, [
    1, 2, "list", 1, "new", // insert
    2, 2, "list", 3, // remove
    2, 2, "obj", "x",
    0, 2, "obj", "x", 3, // set
  ]);
  assert.deepEqual(out.list, ["a", "new", "b"]);
  assert.deepEqual(Object.keys(out.obj), ["y", "x"]);
  assert.deepEqual(applyEdits(doc, [0, 0, 7]), 7, "the root replaced");
  assert.equal(applyEdits(doc, [2, 0]), null, "the root removed");
});

test("a member copied earlier in a batch is copied again once an insertion or removal moved another into its place", () => {
  // Frozen, so changing a shared object in place throws.
  const doc = deepFreeze({ list: [{ n: 0 }, { n: 1 }, { n: 2 }], obj: { a: { v: 0 }, b: { v: 0 } } });
  const out = applyEdits(doc, [
    0, 3, "list", 0, "n", 10, // copies list[0]
    2, 2, "list", 0, // list[1] moves to 0
    0, 3, "list", 0, "n", 11, // the old list[1]: shared until copied
    1, 2, "list", 0, { n: -1 }, // everything moves up one
    0, 3, "list", 1, "m", 12, // the old list[1] again, not the copy made above
    0, 3, "obj", "a", "v", 1, // copies obj.a
    0, 2, "obj", "a", { v: 5 }, // replaces it
    0, 3, "obj", "a", "v", 6,
  ]);
  assert.deepEqual(out, { list: [{ n: -1 }, { n: 11, m: 12 }, { n: 2 }], obj: { a: { v: 6 }, b: { v: 0 } } });
  assert.equal(out.list[2], doc.list[2], "an untouched member is shared");
  assert.equal(out.obj.b, doc.obj.b);
  assert.deepEqual(doc.list, [{ n: 0 }, { n: 1 }, { n: 2 }]);
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
  const grown = withMembers(partial, ["list"], 1, [5, 6], false);
  assert.deepEqual(grown, { list: [1, 5, 6], obj: { k: "v" } });
  assert.equal(grown.obj, partial.obj);
  // Members given flat: an object's as key, value; an array's as items.
  const keyed = withMembers(partial, ["obj"], 0, ["k", "v2", "n", 1], false);
  assert.deepEqual(keyed, { list: [1, 2], obj: { k: "v2", n: 1 } });
  assert.equal(keyed.list, partial.list, "untouched containers shared");
  const nested = deepFreeze({ items: [{ id: 1 }, { id: 2, name: "it" }] });
  const renamed = withMembers(nested, ["items", 1], 1, ["name", "item"], false);
  assert.deepEqual(renamed, { items: [{ id: 1 }, { id: 2, name: "item" }] });
  assert.equal(renamed.items[0], nested.items[0]);
  assert.deepEqual(withMembers(partial, ["list"], 1, [20, null], false), { list: [1, 20, null], obj: { k: "v" } });
  // A string that grew: what was added, appended to the copy's own string.
  const text = deepFreeze({ path: "a.ts", content: "line 1", lines: ["ab"] });
  const longer = withMembers(text, [], 1, ["content", "\nline 2", "more", 1], true);
  assert.deepEqual(longer, { path: "a.ts", content: "line 1\nline 2", lines: ["ab"], more: 1 });
  assert.equal(text.content, "line 1", "the copy handed out before unchanged");
  assert.deepEqual(withMembers(text, ["lines"], 0, ["c", "d"], true).lines, ["abc", "d"]);
});
