// The table and the BENCHMARKS.md section of bench/cold-start.mjs.
import fs from "node:fs";
import { median as medianOf } from "./median.mjs";

export const HEADING = "## Cold start (issue 16)";
export const VARIANTS = ["ref", "ours", "ours-preload", "http"];
export const NAME = {
  ref: "reference (`@ag-ui/client` HttpAgent)",
  ours: "ours (`agui-wasm` AgentClient)",
  "ours-preload": "ours + preload hints",
  http: "ours (`agui-wasm/http-agent` HttpAgent, as CopilotKit runs it)",
};
export const KINDS = ["html", "js", "wasm", "run"];

const median = (xs) => {
  const s = xs.filter((x) => x != null).sort((a, b) => a - b);
  if (!s.length) return null;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const n0 = (x) => (x == null ? "–" : Math.round(x).toLocaleString("en-US"));
const kb = (x) => (x == null ? "–" : (x / 1000).toFixed(1));

/** Medians, min and max per variant over its loads. */
export function summarize(loads) {
  const out = {};
  for (const v of VARIANTS) {
    const ls = loads.filter((l) => l.variant === v);
    if (!ls.length) continue;
    const ends = ls.map((l) => l.end);
    const med = (f) => median(ls.map(f));
    out[v] = {
      n: ls.length,
      end: { med: median(ends), min: Math.min(...ends), max: Math.max(...ends) },
      htmlEnd: med((l) => l.t.html?.end),
      jsEnd: med((l) => l.t.js?.end),
      wasmStart: med((l) => l.t.wasm?.start),
      wasmEnd: med((l) => l.t.wasm?.end),
      ready: med((l) => l.ready),
      runStart: med((l) => l.t.run?.start),
      bytes: Object.fromEntries([...KINDS, "other", "total"].map((k) => [k, med((l) => l.bytes[k])])),
      wasmRequests: Math.max(...ls.map((l) => l.requests.wasm ?? 0)),
    };
  }
  return out;
}

export function table(s) {
  const vs = VARIANTS.filter((v) => s[v]);
  const row = (v) => {
    const x = s[v];
    const b = x.bytes;
    return `| ${NAME[v]} | ${x.n} | **${n0(x.end.med)}** | ${n0(x.end.min)} | ${n0(x.end.max)} | ${n0(x.jsEnd)} | ${x.wasmStart == null ? "–" : `${n0(x.wasmStart)}–${n0(x.wasmEnd)}`} | ${n0(x.ready)} | ${n0(x.runStart)} | ${n0(b.html)} | ${n0(b.js)} | ${b.wasm ? n0(b.wasm) : "–"} | ${n0(b.run)} | ${n0(b.total)} |`;
  };
  const lines = [
    "| client | loads | first run end, ms, median | min | max | JS arrived, ms | .wasm request–arrived, ms | client ready, ms | run POST sent, ms | HTML bytes | JS bytes | .wasm bytes | run (SSE) bytes | total bytes |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...vs.map(row),
  ];
  const ratio = (v) => (s[v] && s.ref ? `| ${NAME[v]} ÷ reference (medians) | | **${(s[v].end.med / s.ref.end.med).toFixed(2)}x** (${s[v].end.med >= s.ref.end.med ? "+" : "−"}${n0(Math.abs(s[v].end.med - s.ref.end.med))} ms) | | | | | | | | | | | ${(s[v].bytes.total / s.ref.bytes.total).toFixed(2)}x |` : null);
  return [...lines, ratio("ours"), ratio("ours-preload"), ratio("http")].filter(Boolean).join("\n");
}

export function shortTable(s) {
  const vs = VARIANTS.filter((v) => s[v]);
  return [
    "| client | loads | first run end, ms, median | min | max | client ready, ms, median |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    ...vs.map((v) => `| ${NAME[v]} | ${s[v].n} | **${n0(s[v].end.med)}** | ${n0(s[v].end.min)} | ${n0(s[v].end.max)} | ${n0(s[v].ready)} |`),
  ].join("\n");
}

export function sizeTable(sizes) {
  const r = sizes.ref.js;
  const o = sizes.ours;
  const sum = (k) => o.js[k] + o.wasm[k];
  return [
    "| bundle | raw bytes | gzip -9 bytes (served) | brotli -11 bytes (not served, for comparison) |",
    "| --- | ---: | ---: | ---: |",
    `| reference: app.js (HttpAgent and its dependencies) | ${n0(r.raw)} | ${n0(r.gzip)} | ${n0(r.brotli)} |`,
    `| ours: app.js (the JS glue) | ${n0(o.js.raw)} | ${n0(o.js.gzip)} | ${n0(o.js.brotli)} |`,
    `| ours: dist/agui_wasm_bg.wasm | ${n0(o.wasm.raw)} | ${n0(o.wasm.gzip)} | ${n0(o.wasm.brotli)} |`,
    `| ours: total | ${n0(sum("raw"))} | **${n0(sum("gzip"))}** (${(sum("gzip") / r.gzip).toFixed(2)}x the reference) | ${n0(sum("brotli"))} |`,
  ].join("\n");
}

const THROUGHPUT = 1.6e6 / 8; // bytes per second, as emulated

/** The paragraph on what the numbers mean. */
function meaning(s, u, sizes) {
  const o = s.ours;
  const r = s.ref;
  const p = s["ours-preload"];
  const gap = o.end.med - r.end.med;
  const pct = (x) => `${((100 * x) / r.end.med).toFixed(0)}%`;
  const ms = (bytes) => (1000 * bytes) / THROUGHPUT;
  const extraBytes = o.bytes.total - r.bytes.total;
  const parts = [];
  parts.push(
    gap > 0
      ? `**On the slow link ours is slower to the end of the first run: ${n0(o.end.med)} against ${n0(r.end.med)} ms (median), ${n0(gap)} ms or ${pct(gap)} later.**`
      : `**On the slow link ours is not slower to the end of the first run: ${n0(o.end.med)} against ${n0(r.end.med)} ms (median), ${n0(-gap)} ms sooner.**`,
  );
  parts.push(
    `The difference is bytes and a round trip, partly paid back by the reference's start-up work. Ours puts ${n0(extraBytes)} more bytes on the wire (its gzipped JS glue and .wasm against the reference's gzipped JS), about ${n0(ms(extraBytes))} ms at 1.6 Mbps. Its JS is small and in at ${n0(o.jsEnd)} ms, but the .wasm is only requested when that JS runs (at ${n0(o.wasmStart)} ms), a second request in series that pays the 150 ms latency again. Against that, the reference's client is ready ${n0(r.ready - r.jsEnd)} ms after its JS arrived (parsing and running ${n0(sizes.ref.js.raw / 1000)} KB of minified JS on a loaded machine), ours ${n0(o.ready - o.wasmEnd)} ms after the .wasm arrived (\`instantiateStreaming\` compiles while the bytes come in). The run itself, from the POST to the text in the DOM, takes ${n0(r.end.med - r.runStart)} ms for the reference and ${n0(o.end.med - o.runStart)} ms for ours (medians); unthrottled, where bytes cost next to nothing, ours ends at ${n0(u.ours?.end.med)} ms and the reference at ${n0(u.ref?.end.med)} ms (medians; those loads are short and noisy on this machine, see min and max).`,
  );
  if (p) {
    const saved = o.end.med - p.end.med;
    const pgap = p.end.med - r.end.med;
    parts.push(
      `**The preload hints help: ${saved > 0 ? `${n0(saved)} ms sooner` : `no, ${n0(-saved)} ms later`}** (${n0(p.end.med)} ms, median). The .wasm request goes out at ${n0(p.wasmStart)} ms, with the JS, ${p.wasmRequests <= 1 ? "and the module's own `fetch` takes the preloaded response (one .wasm request per load)" : "**but some load downloaded the .wasm twice (the module's fetch did not match the preload)**"}, which removes the serial round trip; the bandwidth is shared, so the parallel download does not make the bytes cheaper. With them ours is ${pgap > 0 ? `${n0(pgap)} ms (${pct(pgap)}) behind` : `${n0(-pgap)} ms ahead of`} the reference${pgap > 0 ? `, about ${n0((pgap * THROUGHPUT) / 1000 / 1000)} KB of transfer at this link's rate` : ""}.`,
    );
  }
  const gzDiff = sizes.ours.js.gzip + sizes.ours.wasm.gzip - sizes.ref.js.gzip;
  const brDiff = sizes.ours.js.brotli + sizes.ours.wasm.brotli - sizes.ref.js.brotli;
  parts.push(
    `What would close the rest is fewer bytes, 5 ms per KB here: ${p && p.end.med > r.end.med ? `the hints plus a .wasm about ${n0(((p.end.med - r.end.med) * THROUGHPUT) / 1e6)} KB smaller gzipped would tie` : "the hints already tie"}. Brotli helps ours more than the reference, for a server that sends it: the .wasm goes from ${n0(sizes.ours.wasm.gzip)} to ${n0(sizes.ours.wasm.brotli)} bytes, and the difference between the two pages from ${n0(gzDiff)} to ${n0(brDiff)} bytes, ${n0(ms(gzDiff - brDiff))} ms less of gap; beyond that only shedding code from the .wasm (it is already built with \`opt-level = "z"\`, LTO and \`wasm-opt -Oz\`) gets ours near the reference's ${n0(sizes.ref.js.gzip)} bytes. Compiling the .wasm is not the gap, and neither is the run.`,
  );
  return parts.join(" ");
}

export function section(res) {
  const { meta, sizes, loads, unthrottled } = res;
  const s = summarize(loads);
  const u = summarize(unthrottled);
  const busy = meta.load.end[0] > 0.5 || meta.load.start[0] > 0.5;
  return [
    HEADING,
    "",
    `Generated by \`${meta.command}\` (or \`node bench/cold-start.mjs --write\`) on ${meta.date} (${(meta.seconds / 60).toFixed(1)} min). Rerun the command rather than editing by hand; \`bench/run.sh\` keeps this section when it rewrites the rest of the file.`,
    "",
    `- Machine: \`nproc\` = ${meta.nproc}; \`uptime\` at start: \`${meta.load.uptimeStart}\`; at end: \`${meta.load.uptimeEnd}\`${busy ? ": **other work was running, expect noise**" : ""}.`,
    `- Chromium ${meta.chromium}, headless (\`--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync\`), driven by playwright-core; agui-wasm: pkg/ as built (wasm sha256 ${meta.wasmSha}) at commit ${meta.commit}${meta.dirty ? ", with uncommitted changes under src/ or scripts/ at the time" : ""}, @ag-ui/client ${meta.referenceVersion}, esbuild ${meta.esbuild}.`,
    "- The page: an HTML file whose `<script type=\"module\" src=\"./app.js\">` imports the client (`import { AgentClient } from \"agui-wasm\"`, i.e. pkg/index.js, which awaits the .wasm's fetch and instantiation at its top level; or `import { HttpAgent } from \"@ag-ui/client\"`), builds it with `{ url: \"/run\" }`, calls `runAgent()` once and, when it resolves, writes the reply's text into a `<p>` and takes `performance.now()`: that is **first run end**, in the page's clock, whose 0 is the navigation start. **Client ready** is the same clock when the app's code starts (the import done); the other times are the Resource Timing API's (`responseEnd` of the JS and the .wasm, `startTime` of the run's POST).",
    "- app.js: esbuild `--bundle --minify --format=esm --platform=browser --target=es2022`, `process.env.NODE_ENV` defined as production. esbuild keeps pkg/index.js's `new URL(\"./dist/agui_wasm_bg.wasm\", import.meta.url)` as it is, so the .wasm is copied to `dist/` next to the bundle and fetched from there (`WebAssembly.instantiateStreaming`).",
    "- The server: Node `http` on 127.0.0.1 (HTTP/1.1), every file gzipped at level 9 beforehand (`Content-Encoding: gzip`, `text/html`, `text/javascript`, `application/wasm`, `Cache-Control: no-store`); `POST /run` answers `text/event-stream`, uncompressed, in one write: RUN_STARTED, TEXT_MESSAGE_START, 3 TEXT_MESSAGE_CONTENT, TEXT_MESSAGE_END, RUN_FINISHED.",
    `- Each load is a fresh browser context (empty HTTP, code and socket caches) with CDP \`Network.setCacheDisabled\` and \`Network.emulateNetworkConditions\` at 1.6 Mbps down, 750 Kbps up, 150 ms latency (Chromium applies the latency per request and shares the bandwidth among concurrent requests). One untimed load per client first, then ${s.ref?.n ?? 0} timed loads each, alternating ${VARIANTS.join(", ")}, then the reverse order, and so on; then ${u.ref?.n ?? 0} per client with no throttling. **Bytes** are CDP's \`encodedDataLength\` at \`Network.loadingFinished\`: on the wire, gzipped bodies plus response headers.`,
    `- **Preload hints** (the third row): the same bundle and .wasm, with \`<link rel="modulepreload" href="./app.js">\` and \`<link rel="preload" as="fetch" type="application/wasm" crossorigin href="./dist/agui_wasm_bg.wasm">\` in the HTML head, so the .wasm download starts with the JS's instead of after the JS ran. \`as="fetch"\` with \`crossorigin\` matches the request wasm-bindgen's \`fetch(url)\` makes (mode cors, credentials same-origin), so that fetch takes the preloaded response; without \`crossorigin\` it does not match (checked: Chromium warns that the credentials mode does not match and downloads the .wasm twice; a console warning fails a load here, and each load counts its .wasm requests). An application adds the same two lines, with the URL its bundler gave the .wasm.`,
    "",
    "**Throttled (1.6 Mbps / 750 Kbps / 150 ms):**",
    "",
    table(s),
    "",
    "**Unthrottled** (same pages, no emulated network):",
    "",
    shortTable(u),
    "",
    "**What the pages ship** (the bodies as built; the bytes above add response headers):",
    "",
    sizeTable(sizes),
    "",
    meaning(s, u, sizes),
    "",
  ].join("\n");
}
