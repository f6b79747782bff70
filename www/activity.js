// The ActivityRenderer: one view per activityType, a JSON view for the rest.
// Activity content comes from the agent, so every field is read defensively
// (it may be any JSON) and shown as text.
import { h, link, show } from "./dom.js";

const list = (v) => (Array.isArray(v) ? v : []);
const str = (v, fallback = "") => (v == null ? fallback : typeof v === "string" ? v : JSON.stringify(v));

const ICONS = { done: "✓", in_progress: "◐", running: "◐", pending: "○", failed: "✕" };
const icon = (status) => h("span", { class: "status-icon", "aria-hidden": "true" }, ICONS[status] ?? "•");

function plan(c) {
  const tasks = list(c.tasks);
  const done = tasks.filter((t) => t?.status === "done").length;
  return [
    h("header", {}, h("strong", {}, "📋 ", str(c.title, "Plan")), h("span", { class: "meta" }, `${done}/${tasks.length} done`)),
    h("ul", { class: "tasks" },
      tasks.map((t) => h("li", { dataset: { status: str(t?.status) } }, icon(t?.status), h("span", {}, str(t?.title))))),
  ];
}

function search(c) {
  const results = list(c.results);
  const m = c.metrics && typeof c.metrics === "object" ? c.metrics : {};
  const searching = c.status !== "done";
  return [
    h("header", {},
      h("strong", {}, searching ? "🔎 Searching " : "🔎 Results for ", `“${str(c.query)}”`),
      searching && h("span", { class: "spinner", "aria-label": "searching" })),
    h("div", { class: "metrics" },
      h("span", {}, h("b", {}, str(m.results, "0")), " results"),
      m.sources != null && h("span", {}, h("b", {}, str(m.sources)), " sources"),
      m.latencyMs != null && h("span", {}, h("b", {}, str(m.latencyMs)), " ms")),
    h("ol", { class: "results" },
      results.map((r) => h("li", {},
        link(r?.url, str(r?.title, str(r?.url))),
        h("p", { class: "snippet" }, str(r?.snippet)),
        h("small", { class: "url" }, str(r?.url))))),
  ];
}

function scrape(c) {
  const steps = list(c.steps);
  const p = c.progress && typeof c.progress === "object" ? c.progress : {};
  const total = Number(p.total) || steps.length || 1;
  const done = Math.min(Number(p.done) || 0, total);
  return [
    h("header", {}, h("strong", {}, "🕸️ Reading "), link(c.url, str(c.url))),
    h("div", { class: "progress-row" },
      h("progress", { max: total, value: done }), h("span", { class: "meta" }, `${done}/${total}`)),
    h("ul", { class: "tasks" },
      steps.map((s) => h("li", { dataset: { status: str(s?.status) } }, icon(s?.status), h("span", {}, str(s?.label))))),
  ];
}

// The agent's own HTML, in a frame with every sandbox restriction: no
// scripts, no same origin (so no reach into this page), no forms, no popups.
// The sandbox attribute is set before the content, so it never runs unsandboxed.
function rawHtml(c) {
  const frame = document.createElement("iframe");
  frame.setAttribute("sandbox", "");
  frame.setAttribute("referrerpolicy", "no-referrer");
  frame.setAttribute("loading", "lazy");
  frame.title = str(c.title, "HTML from the agent");
  frame.srcdoc = typeof c.html === "string" ? c.html : "";
  return [h("header", {}, h("strong", {}, "🧱 ", str(c.title, "HTML from the agent")), h("span", { class: "meta" }, "sandboxed")), frame];
}

function generic(c, m) {
  return [
    h("header", {}, h("strong", {}, "🧩 ", m.activityType), h("span", { class: "meta" }, "activity")),
    h("pre", { class: "json" }, show(c)),
  ];
}

const RENDERERS = { PLAN: plan, SEARCH: search, SCRAPE: scrape, RAW_HTML: rawHtml };

/** An activity message as a card. */
export function renderActivity(m) {
  const content = m.content && typeof m.content === "object" ? m.content : {};
  const render = RENDERERS[m.activityType] ?? generic;
  return h("section", { class: "card activity", dataset: { activity: str(m.activityType) } }, render(content, m));
}
