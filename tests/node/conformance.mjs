// Every conformance case through the built package in Node, bytes in.
//   node tests/node/conformance.mjs   (after scripts/build-pkg.sh)
import { AgentClient } from "../../pkg/node.js";
import { differences, loadCases, replay } from "./cases.mjs";

let passed = 0;
let failed = 0;
for (const { file, c } of loadCases()) {
  const got = await replay(AgentClient, c);
  const diffs = differences(c, got);
  if (diffs.length === 0) passed++;
  else {
    failed++;
    console.log(`FAILED ${file}\n${diffs.join("\n")}${got.error ? `\n  (our error: ${got.error})` : ""}`);
  }
}
console.log(`conformance: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
