// The cold-start benchmark's pages and server (bench/cold-start.mjs).
//
// Each client gets a page that imports it and runs the agent once on load:
// ours as an application imports it (`import { AgentClient } from
// "agui-wasm"`, i.e. pkg/index.js), the reference as `import { HttpAgent }
// from "@ag-ui/client"`, each bundled by esbuild as scripts/entry-size.mjs
// bundles (esm, minify, browser platform, es2022; NODE_ENV production).
// esbuild leaves pkg/index.js's `new URL("./dist/agui_wasm_bg.wasm",
// import.meta.url)` as it is, so the .wasm is copied to dist/ next to the
// bundle, where that URL points. The server sends every file gzipped (level
// 9, as the size table counts) and answers the run's POST with a short SSE
// stream.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import * as esbuild from "esbuild";
import { readRequest } from "../../tests/shared/request-body.mjs";

export const WASM_PATH = "dist/agui_wasm_bg.wasm";
export const TEXT = ["Hello", ", cold", " start."];
export const EXPECTED = TEXT.join("");

const CLIENTS = {
  ref: { from: "@ag-ui/client", name: "HttpAgent" },
  ours: { from: "agui-wasm", name: "AgentClient" },
  // As CopilotKit runs an agent it is given: agui-wasm/http-agent's HttpAgent.
  http: { from: "agui-wasm/http-agent", name: "HttpAgent", copilotkit: true },
};

// The page's script: the clock is the page's own (0 = navigation start).
// `ready` is when the app's code starts, i.e. once the import (for ours, the
// .wasm's fetch and instantiation, awaited at the top level of
// pkg/index.js) is done; `end` when the run resolved and its text is in the DOM.
const entry = ({ from, name, copilotkit }) => `
import { ${name} as Client } from "${from}";
const ready = performance.now();
const agent = new Client({ url: "/run", threadId: "cold-start" });
agent.runAgent(${copilotkit ? `{ runId: "run-1", tools: [], context: [], forwardedProps: {} }, { onRunFailed: () => {} }` : `{ runId: "run-1" }`}).then(() => {
  const out = document.getElementById("out");
  const last = agent.messages[agent.messages.length - 1];
  out.textContent = last && last.content;
  if (out.textContent !== ${JSON.stringify(EXPECTED)}) throw new Error("the page shows " + JSON.stringify(out.textContent));
  const end = performance.now();
  performance.mark("first-run-end");
  window.__coldStart = { ready, end };
}).catch((e) => { window.__coldStart = { error: String(e && e.stack || e) }; });
`;

// The preload variant adds the two hints an application can put in its
// HTML so the .wasm downloads while the JS does, instead of after it ran.
// The chunks app.js imports at once are preloaded, as Vite writes an
// application's HTML, so they do not arrive one round trip after it.
const html = (preload, chunks = []) => `<!doctype html>
<html><head>
<meta charset="utf-8">
<title>cold start</title>
<link rel="icon" href="data:,">
${chunks.map((c) => `<link rel="modulepreload" href="./${c}">\n`).join("")}${preload ? `<link rel="modulepreload" href="./app.js">\n<link rel="preload" as="fetch" type="application/wasm" crossorigin href="./${WASM_PATH}">\n` : ""}<script type="module" src="./app.js"></script>
</head><body><p id="out"></p></body></html>
`;

const gzip = (buf) => zlib.gzipSync(buf, { level: 9 });
const brotli = (buf) => zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length } }).length;
const measure = (buf) => ({ raw: buf.length, gzip: gzip(buf).length, brotli: brotli(buf) });

/**
 * Bundles both pages into outDir/{ref,ours}/ from `pkgDir` (a snapshot of
 * pkg/) and bench/node_modules; returns the files to serve, gzipped in memory.
 */
export async function buildPages(benchDir, pkgDir, outDir) {
  fs.rmSync(outDir, { recursive: true, force: true });
  const sizes = {};
  for (const [kind, client] of Object.entries(CLIENTS)) {
    const dir = path.join(outDir, kind);
    fs.mkdirSync(dir, { recursive: true });
    const built = await esbuild.build({
      metafile: true,
      stdin: { contents: entry(client), resolveDir: benchDir, loader: "js" },
      bundle: true,
      minify: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      define: { "process.env.NODE_ENV": '"production"' },
      // Chunks, as the bundlers that take the asset entry (Vite, webpack,
      // Next.js) split an application: what ours imports with import() is
      // loaded when a run first needs it.
      splitting: true,
      outdir: dir,
      entryNames: "app",
      logLevel: "error",
      // "agui-wasm" is the package in pkgDir, as an app that installed it resolves it.
      plugins: [
        {
          name: "agui-wasm",
          setup: (b) => {
            b.onResolve({ filter: /^agui-wasm$/ }, () => ({ path: path.join(pkgDir, "index.js") }));
            b.onResolve({ filter: /^agui-wasm\/http-agent$/ }, () => ({ path: path.join(pkgDir, "http-agent.js") }));
          },
        },
      ],
    });
    const js = Buffer.concat(fs.readdirSync(dir).filter((f) => f.endsWith(".js")).map((f) => fs.readFileSync(path.join(dir, f))));
    const app = Object.entries(built.metafile.outputs).find(([f]) => f.endsWith("/app.js"))[1];
    const chunks = app.imports.filter((i) => i.kind === "import-statement").map((i) => path.basename(i.path));
    if (kind !== "ref") {
      if (!js.includes(`new URL("./${WASM_PATH}",import.meta.url)`)) throw new Error(`the bundle lost new URL("./${WASM_PATH}", import.meta.url)`);
      fs.mkdirSync(path.join(dir, "dist"), { recursive: true });
      fs.copyFileSync(path.join(pkgDir, WASM_PATH), path.join(dir, WASM_PATH));
      fs.writeFileSync(path.join(dir, "preload.html"), html(true, chunks));
    }
    fs.writeFileSync(path.join(dir, "index.html"), html(false, chunks));
    sizes[kind] = { js: measure(js) };
    if (kind !== "ref") sizes[kind].wasm = measure(fs.readFileSync(path.join(dir, WASM_PATH)));
  }
  return { sizes, files: loadFiles(outDir) };
}

const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".wasm": "application/wasm" };

function loadFiles(outDir) {
  const files = new Map();
  for (const rel of fs.readdirSync(outDir, { recursive: true })) {
    const file = path.join(outDir, rel);
    if (!fs.statSync(file).isFile()) continue;
    const raw = fs.readFileSync(file);
    files.set(`/${rel.split(path.sep).join("/")}`, { type: TYPES[path.extname(file)] ?? "application/octet-stream", raw: raw.length, body: gzip(raw) });
  }
  return files;
}

// RUN_STARTED, a text message of three deltas, RUN_FINISHED, written in one go.
function sse(threadId, runId) {
  const id = "msg-1";
  const events = [
    { type: "RUN_STARTED", threadId, runId },
    { type: "TEXT_MESSAGE_START", messageId: id, role: "assistant" },
    ...TEXT.map((delta) => ({ type: "TEXT_MESSAGE_CONTENT", messageId: id, delta })),
    { type: "TEXT_MESSAGE_END", messageId: id },
    { type: "RUN_FINISHED", threadId, runId },
  ];
  return events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join("");
}

/** Serves `files` (path → { type, body }) gzipped, and POST /run; { url, runs, close() }. */
export async function startServer(files) {
  const runs = [];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, "http://x");
    if (req.method === "POST" && url.pathname === "/run") {
      const { raw, json: body = {} } = await readRequest(req);
      runs.push({ bytesIn: raw.length });
      const text = sse(body.threadId ?? "t", body.runId ?? "r");
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", "content-length": Buffer.byteLength(text) });
      return res.end(text);
    }
    const f = files.get(url.pathname);
    if ((req.method !== "GET" && req.method !== "HEAD") || !f) {
      res.writeHead(404, { "content-length": 0 });
      return res.end();
    }
    res.writeHead(200, { "content-type": f.type, "content-encoding": "gzip", "content-length": f.body.length, "cache-control": "no-store", vary: "accept-encoding" });
    res.end(req.method === "HEAD" ? undefined : f.body);
  });
  server.on("connection", (s) => s.setNoDelay(true));
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    runs,
    close: () => {
      server.closeAllConnections?.();
      return new Promise((r) => server.close(r));
    },
  };
}
