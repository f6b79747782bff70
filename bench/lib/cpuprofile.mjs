// Self time of a V8 CPU profile (CDP Profiler.stop), grouped by where the
// code came from. The app is one Vite bundle, so a frame's URL says nothing:
// its position is looked up in the bundle's source map, and the source path
// names the npm package.
import fs from "node:fs";
import path from "node:path";

const B64 = new Map([..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].map((c, i) => [c, i]));

/** Per generated line, its segments as flat [column, source, line, name] runs (columns ascending, -1 when absent). */
function decodeMappings(mappings) {
  const lines = [];
  let src = 0;
  let srcLine = 0;
  let srcCol = 0;
  let name = 0;
  for (const text of mappings.split(";")) {
    const segs = [];
    let col = 0;
    for (const seg of text.split(",")) {
      if (!seg) continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const ch of seg) {
        const d = B64.get(ch);
        value += (d & 31) << shift;
        if (d & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      col += fields[0];
      if (fields.length >= 4) {
        src += fields[1];
        srcLine += fields[2];
        srcCol += fields[3];
        if (fields.length >= 5) name += fields[4];
        segs.push(col, src, srcLine, fields.length >= 5 ? name : -1);
      } else segs.push(col, -1, -1, -1);
    }
    lines.push(segs);
  }
  return lines;
}

function loadMap(file) {
  const mapFile = `${file}.map`;
  if (!fs.existsSync(mapFile)) return null;
  const map = JSON.parse(fs.readFileSync(mapFile, "utf8"));
  return { sources: map.sources, names: map.names ?? [], lines: decodeMappings(map.mappings) };
}

/** The original source, line (1-based) and name at a generated position, or null. */
function sourceAt(map, line, col) {
  const segs = map.lines[line];
  if (!segs || segs.length === 0 || segs[0] > col) return null;
  let lo = 0;
  let hi = segs.length / 4 - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (segs[mid * 4] <= col) lo = mid;
    else hi = mid - 1;
  }
  const [, s, l, n] = segs.slice(lo * 4, lo * 4 + 4);
  return s >= 0 ? { source: map.sources[s], line: l + 1, name: n >= 0 ? map.names[n] : null } : null;
}

/** A source path from its package on: "@copilotkit/react-core/dist/x.mjs". */
const shortPath = (source) => source.replace(/^.*node_modules\//, "").replace(/^(\.\.\/)+/, "");

/** The npm package a source path belongs to, or "app" for the app's own files. */
function packageOf(source) {
  const i = source.lastIndexOf("node_modules/");
  if (i === -1) return source.includes("vite/") || source.includes("rolldown") ? "(bundler runtime)" : "app";
  const rest = source.slice(i + "node_modules/".length).split("/");
  return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
}

export const GROUPS = [
  "CopilotKit",
  "React / react-dom",
  "markdown (streamdown and its parsers)",
  "agui-wasm (JS glue + wasm)",
  "@ag-ui/client",
  "other JS",
  "garbage collector",
  "outside JS (program)",
];

// What CopilotChat's Streamdown renders a message with: its markdown and
// HTML parsers and their small helper packages.
const MARKDOWN = /^(streamdown|marked|react-markdown|unified|remend|parse5|entities|katex|shiki|@shikijs\/.*|(micromark|mdast|hast|unist|remark|rehype|vfile|estree-util|is|character|trim|style-to|inline-style|html)(-.*)?|property-information|space-separated-tokens|comma-separated-tokens|decode-named-character-reference|parse-entities|stringify-entities|ccount|devlop|trough|bail|zwitch|hastscript|web-namespaces|longest-streak|markdown-table|extend|html-void-elements|html-url-attributes)$/;

function groupOf(pkg) {
  if (pkg.startsWith("@copilotkit/")) return "CopilotKit";
  if (pkg === "react" || pkg === "react-dom" || pkg === "scheduler") return "React / react-dom";
  if (MARKDOWN.test(pkg)) return "markdown (streamdown and its parsers)";
  if (pkg === "agui-wasm" || pkg === "(wasm)") return "agui-wasm (JS glue + wasm)";
  if (pkg === "@ag-ui/client") return "@ag-ui/client";
  if (pkg === "(garbage collector)") return "garbage collector";
  if (pkg === "(program)") return "outside JS (program)";
  return "other JS";
}

/**
 * Groups self time by package. `distDir` holds the served files (and their
 * .map); `origin` is the URL they were served from.
 * Returns { totalMs, groups: [{ group, ms, pct, packages: [{ pkg, ms, pct }] }],
 * functions: the top self-time functions [{ fn, ms, pct }] }.
 */
export function summarize(profile, distDir, origin) {
  const self = new Map();
  const { samples, timeDeltas } = profile;
  // A sample's time is the gap to the next one.
  for (let i = 0; i < samples.length; i++) {
    const dt = timeDeltas[i + 1] ?? 0;
    self.set(samples[i], (self.get(samples[i]) ?? 0) + dt);
  }
  const maps = new Map();
  const parent = new Map();
  for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node);
  const pkgOfNode = new Map();
  const where = new Map();
  const classify = (node) => {
    if (pkgOfNode.has(node.id)) return pkgOfNode.get(node.id);
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    let pkg;
    if (functionName === "(garbage collector)" || functionName === "(program)" || functionName === "(idle)" || functionName === "(root)") pkg = functionName;
    else if (url.endsWith(".wasm") || url.startsWith("wasm://")) pkg = "(wasm)";
    else if (url.startsWith(origin)) {
      const file = path.join(distDir, new URL(url).pathname);
      if (!maps.has(file)) maps.set(file, loadMap(file));
      const map = maps.get(file);
      const at = map && sourceAt(map, lineNumber, columnNumber);
      pkg = at ? packageOf(at.source) : "(unmapped bundle code)";
      if (at) where.set(node.id, { name: at.name ?? node.callFrame.functionName ?? "", at: `${shortPath(at.source)}:${at.line}` });
    } else if (url) pkg = "(browser / injected script)";
    else {
      // A builtin (structuredClone, JSON.parse, wasm-to-js, ...) is charged
      // to the code that called it.
      const up = parent.get(node.id);
      const caller = up ? classify(up) : "(root)";
      pkg = caller.startsWith("(") && caller !== "(wasm)" ? `(native: ${functionName || "anonymous"})` : caller;
    }
    pkgOfNode.set(node.id, pkg);
    return pkg;
  };
  const byPkg = new Map();
  const byFn = new Map();
  let total = 0;
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    if (!us) continue;
    const pkg = classify(node);
    if (pkg === "(idle)" || pkg === "(root)") continue;
    byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + us);
    total += us;
    const w = where.get(node.id);
    const key = w ? `${w.name || "(anonymous)"} (${w.at})` : `${node.callFrame.functionName || "(anonymous)"} [${pkg}]`;
    byFn.set(key, (byFn.get(key) ?? 0) + us);
  }
  const functions = [...byFn]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([fn, us]) => ({ fn, ms: us / 1000, pct: (100 * us) / total }));
  const groups = GROUPS.map((group) => {
    const packages = [...byPkg]
      .filter(([p]) => groupOf(p) === group)
      .map(([pkg, us]) => ({ pkg, ms: us / 1000, pct: (100 * us) / total }))
      .sort((a, b) => b.ms - a.ms);
    const ms = packages.reduce((s, p) => s + p.ms, 0);
    return { group, ms, pct: total ? (100 * ms * 1000) / total : 0, packages };
  });
  return { totalMs: total / 1000, groups, functions };
}
