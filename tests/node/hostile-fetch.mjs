// The shared hostile-fetch cases (tests/shared/hostile-fetch.mjs) in a
// Node process of their own with no `uncaughtException` or
// `unhandledRejection` handler: anything that escapes kills it, which
// hostile-fetch.test.mjs sees in its exit status.
import { AgentClient } from "../../pkg/node.js";
import { hostileFetch } from "../shared/hostile-fetch.mjs";

const results = await hostileFetch(AgentClient);
for (const r of results) console.log(`${r.ok ? "ok" : "FAILED"} - ${r.name}: ${r.detail}`);
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
