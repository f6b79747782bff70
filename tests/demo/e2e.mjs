// End to end: the demo agent, the demo page and the built package in
// headless Chromium. One line per check, screenshots in tests/out/demo/.
//   node tests/demo/e2e.mjs            (after ./run build)
// AGUI_DEMO_BIN skips the cargo build; AGUI_DEMO_PKG serves another build of
// the package; AGUI_DEMO_ONLY=name,... picks scenarios.
import fs from "node:fs";
import path from "node:path";
import { buildAgent, check, launch, openPage, outDir, root, screenshotPath, startAgent } from "./harness.mjs";
import { SCENARIOS } from "./scenarios.mjs";

if (!fs.existsSync(path.join(process.env.AGUI_DEMO_PKG ?? path.join(root, "pkg"), "index.js"))) {
  console.error("demo: pkg/ is missing; build the package first (./run build)");
  process.exit(1);
}

const bin = buildAgent();
fs.rmSync(outDir, { recursive: true, force: true });
const agent = await startAgent(bin, Number(process.env.AGUI_DEMO_TICK_MS ?? 15));
const results = [];
const report = (name, ok, detail) => {
  results.push(ok);
  console.log(`${ok ? "ok" : "FAILED"} - ${name}: ${detail}`);
};

/** Checks over plain HTTP: headers, and bad requests answered without a crash. */
async function serverChecks(url) {
  for (const p of ["", "app.js", "pkg/index.js"]) {
    const csp = (await fetch(url + p)).headers.get("content-security-policy") ?? "";
    check(/script-src 'self' 'wasm-unsafe-eval'(;|$)/.test(csp), `CSP on /${p}: ${csp}`);
    check(/object-src 'none'/.test(csp) && /frame-src 'none'/.test(csp) && !/script-src[^;]*unsafe-/.test(csp.replace("'wasm-unsafe-eval'", "")), `CSP on /${p} is strict: ${csp}`);
  }
  const post = (p, body) => fetch(url + p, { method: "POST", headers: { "content-type": "application/json" }, body });
  const statuses = [
    (await post("agent", "not json")).status,
    (await post("agent", JSON.stringify({ threadId: "t" }))).status,
    (await post("agent", "x".repeat(5 << 20))).status,
    (await fetch(url + "agent")).status,
    (await fetch(url + "%2e%2e/Cargo.toml")).status,
    (await fetch(url + "pkg/../Cargo.toml")).status,
    (await fetch(url + ".gitignore")).status,
  ];
  check(statuses.join() === "400,400,413,405,404,404,404", `statuses: ${statuses}`);
  const sse = await post("agent", JSON.stringify({ threadId: "t", runId: "r", messages: [] }));
  check(sse.headers.get("content-type").startsWith("text/event-stream") && sse.headers.get("content-security-policy"), "SSE headers");
  await sse.text();
  check(agent.alive(), "the agent survived bad requests");
}

let browser;
try {
  try {
    await serverChecks(agent.url);
    report("server", true, "CSP header on page, package and stream; 400/404/405/413 for bad requests");
  } catch (e) {
    report("server", false, e.message);
  }
  browser = await launch();
  const only = process.env.AGUI_DEMO_ONLY?.split(",");
  // The hostile scenarios run twice: as served, and with the CSP switched
  // off, so the page's rendering must be safe without the policy's help.
  const runs = SCENARIOS.flatMap((s) => [{ ...s, bypassCSP: false }, ...(s.hostile ? [{ ...s, bypassCSP: true }] : [])]);
  for (const [i, scenario] of runs.entries()) {
    if (only && !only.includes(scenario.name)) continue;
    const name = scenario.bypassCSP ? `${scenario.name} (CSP off)` : scenario.name;
    const { page, trap, close } = await openPage(browser, agent.url, { bypassCSP: scenario.bypassCSP });
    try {
      const detail = await scenario.run(page, trap);
      check(trap.hits.length === 0, `script from agent content ran: ${trap.hits.join("; ")}`);
      check(trap.errors.length === 0, [...new Set(trap.errors)].join("; "));
      report(name, true, detail);
    } catch (e) {
      report(name, false, e.message.split("\n")[0]);
    } finally {
      const file = scenario.bypassCSP ? `${scenario.name}-csp-off` : scenario.name;
      await page.screenshot({ path: screenshotPath(i + 1, file) }).catch(() => {});
      await close();
    }
  }
} finally {
  await browser?.close();
  await agent.stop();
}
const failed = results.filter((ok) => !ok).length;
console.log(`screenshots in ${path.relative(root, outDir)}/`);
console.log(`demo: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
