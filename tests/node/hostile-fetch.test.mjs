// A misbehaving fetch and detachActiveRun() at every point: every run
// settles, nothing escapes uncaught, the client runs again.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { CASES } from "../shared/hostile-fetch.mjs";

test("a bad fetch or a detach at any point settles the run and frees the client", () => {
  const script = fileURLToPath(new URL("./hostile-fetch.mjs", import.meta.url));
  const r = spawnSync(process.execPath, [script], { encoding: "utf8", timeout: 120_000 });
  const lines = r.stdout.trim().split("\n");
  for (const line of lines.filter((l) => !l.startsWith("ok"))) console.log(line);
  assert.equal(r.stderr, "", "nothing escaped to the process");
  assert.equal(r.status, 0);
  assert.equal(lines.filter((l) => l.startsWith("ok - ")).length, Object.keys(CASES).length);
});
