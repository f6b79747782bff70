// The shared re-entry suite (tests/shared/reentry.mjs) in Node; the
// browser runs the same module.
import { test } from "node:test";
import assert from "node:assert/strict";
import { AgentClient } from "../../pkg/node.js";
import { reentry, REENTRY_COUNT } from "../shared/reentry.mjs";

test("a subscriber may call back into the client from every callback, or throw", async () => {
  const results = await reentry(AgentClient);
  const failed = results.filter((r) => !r.ok);
  for (const r of failed) console.log(`FAILED - ${r.name}: ${r.detail}`);
  assert.deepEqual(failed, []);
  assert.equal(results.length, REENTRY_COUNT);
});
