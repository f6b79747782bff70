// The tables and the BENCHMARKS.md section of bench/copilotkit.mjs.
import fs from "node:fs";
import { median } from "./median.mjs";

export const HEADING = "## CopilotKit app (issue 15)";
const NAME = { stock: "stock (`@ag-ui/client` HttpAgent)", wasm: "ours (`agui-wasm/http-agent`)" };
const TARGET = 5;

const stats = (xs) => ({ med: median(xs), min: Math.min(...xs), max: Math.max(...xs) });
const f = (x, d = 3) => x.toFixed(d);
const ms = (x) => Math.round(x).toLocaleString("en-US");

function summary(results, tokens) {
  const out = {};
  for (const [kind, runs] of Object.entries(results)) {
    out[kind] = {
      busy: stats(runs.map((r) => (100 * r.mainMsPerToken * tokens) / (r.windowMs ?? r.wallMs))),
      main: stats(runs.map((r) => r.mainMsPerToken)),
      updates: stats(runs.map((r) => r.updates)),
      first: stats(runs.map((r) => r.firstMs)),
      render: stats(runs.map((r) => r.renderMsPerToken)),
      wall: stats(runs.map((r) => r.wallMs)),
      stream: stats(runs.map((r) => r.streamMs)),
      n: runs.length,
    };
  }
  return out;
}

export function ratio(results) {
  const s = summary(results, 1);
  return s.stock.main.med / s.wasm.main.med;
}

export function table(results, tokens) {
  const s = summary(results, tokens);
  const row = (kind) => {
    const x = s[kind];
    return `| ${NAME[kind]} | **${f(x.main.med)}** | ${f(x.main.min)} | ${f(x.main.max)} | ${f(x.render.med)} | ${ms(x.wall.med)} (${ms(x.wall.min)}–${ms(x.wall.max)}) | ${x.busy.med.toFixed(0)}% | ${ms(x.first.med)} | ${ms(x.updates.med)} |`;
  };
  const r = (k) => `${(s.stock[k].med / s.wasm[k].med).toFixed(2)}x`;
  return [
    "| agent | main thread ms/token, median | min | max | layout + style ms/token, median | wall ms to last token, median (min–max) | main thread busy, % of wall, median | first token on the page, ms, median | updates of the reply on the page, median |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    row("stock"),
    row("wasm"),
    `| stock / ours (medians) | **${r("main")}** | | | ${r("render")} | ${r("wall")} | | ${r("first")} | |`,
  ].join("\n");
}

export function profileTable(profiles) {
  const kinds = Object.keys(profiles);
  const lines = [
    `| self time, by origin | ${kinds.map((k) => `${NAME[k]}`).join(" | ")} |`,
    `| --- | ${kinds.map(() => "---:").join(" | ")} |`,
  ];
  const groups = profiles[kinds[0]].groups.map((g) => g.group);
  for (const g of groups) {
    const cells = kinds.map((k) => {
      const x = profiles[k].groups.find((y) => y.group === g);
      return `${x.pct.toFixed(1)}% (${ms(x.ms)} ms)`;
    });
    lines.push(`| ${g} | ${cells.join(" | ")} |`);
  }
  lines.push(`| total sampled (not idle) | ${kinds.map((k) => `${ms(profiles[k].totalMs)} ms`).join(" | ")} |`);
  const top = (k, group, n = 5) =>
    profiles[k].groups
      .find((y) => y.group === group)
      .packages.slice(0, n)
      .map((p) => `${p.pkg} ${p.pct.toFixed(1)}%`)
      .join(", ") || "none";
  const notes = kinds.map((k) => `- ${NAME[k]}, largest in "other JS": ${top(k, "other JS")}; in markdown: ${top(k, "markdown (streamdown and its parsers)", 3)}`);
  const fns = kinds.map(
    (k) => `- ${NAME[k]}, top functions by self time: ${profiles[k].functions.filter((x) => !x.fn.startsWith("(program)") && !x.fn.startsWith("(garbage collector)")).slice(0, 8).map((x) => `${x.fn} ${x.pct.toFixed(1)}%`).join("; ")}`,
  );
  return `${lines.join("\n")}\n\n${notes.join("\n")}\n${fns.join("\n")}`;
}

const group = (p, name) => p.groups.find((g) => g.group === name);
const pkgPct = (p, name) => group(p, "other JS").packages.find((x) => x.pkg === name)?.pct ?? 0;

/** The paragraph on what dominates, from the numbers of this run. */
function dominates(results, profiles, meta) {
  const h = meta.o.history.toLocaleString("en-US");
  const s = summary(results, meta.o.tokens);
  // The agent's own share: its package, plus the rxjs @ag-ui/client runs on.
  const agentPct = (k) => group(profiles[k], k === "stock" ? "@ag-ui/client" : "agui-wasm (JS glue + wasm)").pct + pkgPct(profiles[k], "rxjs");
  const perToken = (k, pct) => (s[k].main.med * pct) / 100;
  const aS = perToken("stock", agentPct("stock"));
  const aW = perToken("wasm", agentPct("wasm"));
  const pct = (k, g) => group(profiles[k], g).pct.toFixed(0);
  // "Name (path:line)": the name, or for an anonymous function where it is.
  const fnName = (fn) => (fn.startsWith("(anonymous) (") ? `an anonymous function in ${fn.replace(/^.*\/([^/]+)\)$/, "$1")}` : fn.replace(/ [([].*/, ""));
  const ck = profiles.wasm.functions.filter((x) => x.fn.includes("@copilotkit/")).slice(0, 3).map((x) => fnName(x.fn));
  const plural = (n) => `${ms(n)} time${n === 1 ? "" : "s"}`;
  const keptUp = (k) =>
    s[k].updates.med <= 3
      ? `it is slower than the tokens arrive, so the stream backs up and the page gets no task to render in: the reply reaches the page ${plural(s[k].updates.med)} (median), ${ms(s[k].first.med)} ms after the click, when the stream is over`
      : `it keeps up with the stream, so the reply reaches the page ${plural(s[k].updates.med)} (median), the first token ${ms(s[k].first.med)} ms after the click`;
  return (
    `**What dominates.** With the stock agent, @ag-ui/client and its rxjs take ${agentPct("stock").toFixed(0)}% of the profiled main-thread time, about ${f(aS)} ms per token` +
    // Read off this version's profile and source; another version may differ.
    (meta.client === "0.0.59" ? " (in @ag-ui/client 0.0.59, almost all of it `structuredClone_` of the whole message history, which its `defaultApplyEvents` runs after every event: O(H) per token)" : "") +
    `; ${keptUp("stock")}. ` +
    `With ours, agui-wasm's JS glue and wasm take ${agentPct("wasm").toFixed(0)}%, about ${f(aW)} ms per token, ${(aS / aW).toFixed(0)}x less than stock's agent; ${keptUp("wasm")}. ` +
    `Each of those updates is then the app's work, which is what dominates with ours: the markdown of the whole reply so far parsed and rendered again by Streamdown (${pct("wasm", "markdown (streamdown and its parsers)")}%, growing with the reply), ` +
    `CopilotKit walking the ${h} messages of the thread (${pct("wasm", "CopilotKit")}%: ${ck.join(", ")}), React (${pct("wasm", "React / react-dom")}%), ` +
    `and the renderer outside JS, style, layout, paint, network reads (${pct("wasm", "outside JS (program)")}%). ` +
    `So the whole main thread is ${ratio(results).toFixed(2)}x lighter, not ${(aS / aW).toFixed(0)}x. ` +
    (s.wasm.busy.med >= 80
      ? `With ours it is still busy ${s.wasm.busy.med.toFixed(0)}% of the wall time (stock ${s.stock.busy.med.toFixed(0)}%): CopilotKit renders again as soon as the previous render is done, about ${ms((s.wasm.main.med * meta.o.tokens) / s.wasm.updates.med)} ms of main thread per update at H = ${h}, ` +
        `so the time the agent saves goes into more renders (${ms(s.wasm.updates.med)} against stock's ${ms(s.stock.updates.med)}), not into idle time, and the main-thread time per token is set by how long the stream lasts rather than by the agent.`
      : `With ours the main thread is busy ${s.wasm.busy.med.toFixed(0)}% of the wall time (stock ${s.stock.busy.med.toFixed(0)}%), about ${ms((s.wasm.main.med * meta.o.tokens) / s.wasm.updates.med)} ms per update of the reply.`)
  );
}

export function section(results, profiles, meta) {
  const s = summary(results, meta.o.tokens);
  const r = ratio(results);
  const { load, o } = meta;
  const busy = Math.max(...load.start, ...(load.end ?? [])) > load.nproc * 0.5;
  return [
    HEADING,
    "",
    `Generated by \`${meta.command}\` (or \`bench/run.sh --copilotkit --write\`) on ${meta.date} (${(meta.seconds / 60).toFixed(1)} min). Rerun the command rather than editing by hand; \`bench/run.sh\` keeps this section when it rewrites the rest of the file.`,
    "",
    `- Machine: \`nproc\` = ${load.nproc}; \`uptime\` at start: \`${load.uptimeStart}\`; at end: \`${load.uptimeEnd}\`${busy ? ": **other work was running, expect noise**" : ""}.`,
    `- Chromium ${meta.chromium}, headless; @copilotkit/react-core ${meta.copilotkit} (v2 API, \`selfManagedAgents\`), react-dom ${meta.react}, @ag-ui/client ${meta.client}; agui-wasm ${meta.ours} from a packed tarball of pkg/ (commit ${meta.commit}).`,
    `- The app: tests/copilotkit-app (CopilotKitProvider, CopilotChat, a frontend tool), production \`vite build\` of each mode. Its thread holds H = ${o.history.toLocaleString("en-US")} messages (alternating user and assistant, one or two sentences of markdown each, set with \`agent.setMessages\` after the chat connected and rendered before the clock starts); then one message is sent and the reply streams ${o.tokens.toLocaleString("en-US")} TEXT_MESSAGE_CONTENT events of \`"tok "\`.`,
    `- The stream: a scripted SSE endpoint in the bench's Node server, one event per write, a 1 ms timer between writes, Nagle off (about ${ms(s.stock.stream.med)} ms for the whole reply), the same bytes and pace for both agents.`,
    `- ${o.reps} timed runs per agent after one untimed run each, alternating stock, ours, ours, stock, ...; each run is a fresh browser context (fresh renderer), a forced GC before the send.`,
    `- **main thread ms/token**: the page's CDP \`Performance.getMetrics\` TaskDuration (every main-thread task: script, React, style, layout, paint, GC) from just before the click on send to the moment a MutationObserver sees all ${o.tokens.toLocaleString("en-US")} tokens in the reply and the run over, divided by ${o.tokens.toLocaleString("en-US")}; layout + style is LayoutDuration + RecalcStyleDuration. **Updates**: how many times the reply's text changed on the page (MutationObserver callbacks that saw a new length), i.e. renders that reached the DOM. The run counts only if every token is on the page, the server finished the stream, the request carried H + 1 messages and there were no errors. **Wall**: the click to that moment, in the page's clock. **Busy**: the TaskDuration over the same window in CDP's own clock (the Timestamp metric).`,
    "",
    table(results, o.tokens),
    "",
    `Target: ours at least ${TARGET}x less main-thread time per token than stock. Measured: ${r.toFixed(2)}x, **${r >= TARGET ? "met" : "MISSED"}**.`,
    "",
    `**Profile** (one more run per agent under the CDP sampling profiler at 200 µs, which slows both: ${f(profiles.stock.mainMsPerToken)} (stock) and ${f(profiles.wasm.mainMsPerToken)} (ours) ms/token in those runs). Self time grouped by origin, each function placed by the bundle's source map (\`vite build --sourcemap\`); "outside JS (program)" is the renderer's own work (style, layout, paint, network reads, task dispatch), a builtin (\`structuredClone\`, \`JSON.parse\`, wasm-to-JS calls) is charged to the package that called it, idle time is left out:`,
    "",
    profileTable(profiles),
    "",
    dominates(results, profiles, meta),
    "",
  ].join("\n");
}
