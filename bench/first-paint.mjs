// Issue 36: first paint. Two Vite production pages whose main module
// renders a heading, one that also imports agui-wasm statically and
// constructs a client, one that does not; served gzipped over an emulated
// slow link (1.6 Mbps down, 750 Kbps up, 150 ms latency) into fresh
// browser contexts, alternately. The page's first-contentful-paint entry is
// the figure: importing the package must not hold the first paint up (the
// .wasm and the run code are loaded when a run first needs them).
//
//   node bench/first-paint.mjs [--loads N] [--write]
//
// --write puts the result into BENCHMARKS.md's "First paint (issue 36)" section.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { build } from "vite";
import { startServer } from "./lib/cold-start-app.mjs";
import { median } from "./lib/median.mjs";
import { parseOptions } from "./lib/options.mjs";
import { writeSection } from "./lib/sections.mjs";

const BENCH = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(BENCH);
const OUT = path.join(BENCH, "out", "first-paint");
const SLOW = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };
export const HEADING = "First paint";

const o = parseOptions(
  process.argv.slice(2),
  "usage: node bench/first-paint.mjs [--loads N] [--write]",
  { "--loads": ["loads", "count"], "--write": ["write", "switch"] },
  { loads: 25, write: false },
);

const PAGES = {
  without: `document.body.append(Object.assign(document.createElement("h1"), { textContent: ${JSON.stringify(HEADING)} }));\n`,
  with: `import { AgentClient } from "agui-wasm";\nwindow.agent = new AgentClient({ url: "/run" });\ndocument.body.append(Object.assign(document.createElement("h1"), { textContent: ${JSON.stringify(HEADING)} }));\n`,
};

/** Each page built by Vite as an application's would be; the files to serve. */
async function pages() {
  const files = new Map();
  const sizes = {};
  for (const [name, main] of Object.entries(PAGES)) {
    const src = path.join(OUT, "src", name);
    fs.rmSync(src, { recursive: true, force: true });
    fs.mkdirSync(src, { recursive: true });
    fs.writeFileSync(path.join(src, "index.html"), '<!doctype html>\n<html><head><meta charset="utf-8"><title>first paint</title><link rel="icon" href="data:,"></head>\n<body><script type="module" src="./main.js"></script></body></html>\n');
    fs.writeFileSync(path.join(src, "main.js"), main);
    const dist = path.join(OUT, "dist", name);
    await build({
      root: src,
      base: `/${name}/`,
      logLevel: "error",
      // The package as an application that installed it resolves it.
      resolve: { alias: { "agui-wasm": path.join(ROOT, "pkg", "index.js") } },
      build: { outDir: dist, emptyOutDir: true },
    });
    for (const rel of fs.readdirSync(dist, { recursive: true })) {
      const file = path.join(dist, rel);
      if (fs.statSync(file).isFile()) files.set(`/${name}/${rel.split(path.sep).join("/")}`, file);
    }
    const js = [...files].filter(([url, f]) => url.startsWith(`/${name}/assets/`) && f.endsWith(".js"));
    sizes[name] = js.map(([url, f]) => ({ url, bytes: fs.statSync(f).size }));
  }
  return { files, sizes };
}

const { files, sizes } = await pages();
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".wasm": "application/wasm" };
const zlib = await import("node:zlib");
const served = new Map([...files].map(([url, file]) => {
  const raw = fs.readFileSync(file);
  return [url, { type: TYPES[path.extname(file)] ?? "application/octet-stream", raw: raw.length, body: zlib.gzipSync(raw, { level: 9 }) }];
}));
const server = await startServer(served);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});

/** One load into a fresh context; its first contentful paint and what it fetched. */
async function load(name) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW);
  const fetched = [];
  page.on("request", (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto(`${server.url}/${name}/index.html`);
  await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, null, { timeout: 60_000 });
  const fcp = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0].startTime);
  const heading = await page.textContent("h1");
  await context.close();
  if (heading !== HEADING) throw new Error(`${name}: the page shows ${heading}`);
  return { fcp, fetched };
}

const times = { without: [], with: [] };
let fetched;
try {
  await load("without");
  await load("with");
  for (let i = 0; i < o.loads; i++) {
    for (const name of i % 2 ? ["with", "without"] : ["without", "with"]) {
      const r = await load(name);
      times[name].push(r.fcp);
      if (name === "with") fetched = r.fetched;
    }
  }
} finally {
  await browser.close();
  await server.close();
}

const m = { without: median(times.without), with: median(times.with) };
const ratio = m.with / m.without;
const kb = (list) => list.map((s) => `${path.basename(s.url)} ${(served.get(s.url).body.length / 1024).toFixed(1)} KB`).join(", ");
const section = `## First paint (issue 36)

Two Vite production pages whose main module renders a heading, one of which
also imports \`agui-wasm\` statically and constructs an \`AgentClient\`
(\`bench/first-paint.mjs\`), served gzipped over an emulated 1.6 Mbps / 750
Kbps / 150 ms link into fresh browser contexts, alternately, ${o.loads} loads each:
the page's first contentful paint, median.

| page | first paint | JavaScript at load (gzipped) |
| --- | ---: | --- |
| without the package | ${m.without.toFixed(0)} ms | ${kb(sizes.without)} |
| with it | ${m.with.toFixed(0)} ms | ${kb(sizes.with)} |

With the package: ${ratio.toFixed(3)}x (the target is within 1.05x). The
page that imports it fetched ${fetched.filter((p) => p.endsWith(".js")).length} script(s) and ${fetched.filter((p) => p.endsWith(".wasm")).length} .wasm before it was measured: the
.wasm and the run code are chunks of their own, loaded by the first run.
`;
console.log(section);
if (o.write) writeSection(path.join(ROOT, "BENCHMARKS.md"), section);
