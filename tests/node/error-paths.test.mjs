// The shared error paths (tests/shared/error-paths.mjs) in Node; the browser
// runs the same module.
import { test } from "node:test";
import assert from "node:assert/strict";
import { AgentClient } from "../../pkg/node.js";
import { errorPaths, ERROR_PATH_COUNT } from "../shared/error-paths.mjs";

test("error paths: clear errors, history kept, the client runs again", async () => {
  const results = await errorPaths(AgentClient);
  for (const r of results) console.log(`${r.ok ? "ok" : "FAILED"} - ${r.name}: ${r.detail}`);
  assert.deepEqual(results.filter((r) => !r.ok), []);
  assert.equal(results.length, ERROR_PATH_COUNT);
});
