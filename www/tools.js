// Frontend tools (the page runs them and returns the result) and the views
// of tool calls and results, chosen by tool name with a generic fallback.
import { h, show } from "./dom.js";

// A stand-in for a weather API, so the demo needs no network: a few known
// cities, and a stable made-up reading for any other.
const KNOWN = {
  seoul: [18, "Partly cloudy", 62],
  tokyo: [21, "Clear", 55],
  paris: [14, "Light rain", 81],
  london: [12, "Overcast", 77],
  oslo: [4, "Snow", 80],
};
const CONDITIONS = ["Clear", "Partly cloudy", "Overcast", "Light rain", "Windy"];

function weather({ city } = {}) {
  const name = typeof city === "string" && city.trim() ? city.trim().slice(0, 40) : "Seoul";
  let seed = 0;
  for (const ch of name.toLowerCase()) seed = (seed * 31 + ch.codePointAt(0)) >>> 0;
  const [temperatureC, conditions, humidity] = KNOWN[name.toLowerCase()] ?? [(seed % 30) - 2, CONDITIONS[seed % 5], 40 + (seed % 50)];
  return { city: name, temperatureC, conditions, humidity };
}

export const FRONTEND_TOOLS = {
  weather: {
    description: "Current weather for a city, looked up by the page.",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    run: weather,
  },
  generate_haiku: {
    description: "Shows a haiku to the user as a card.",
    parameters: {
      type: "object",
      properties: { title: { type: "string" }, lines: { type: "array", items: { type: "string" } } },
      required: ["title", "lines"],
    },
    run: () => ({ shown: true }),
  },
};

/** The tool definitions sent with every run. */
export const TOOL_DEFS = Object.entries(FRONTEND_TOOLS).map(([name, t]) => ({ name, description: t.description, parameters: t.parameters }));

const str = (v) => (v == null ? "" : typeof v === "string" ? v : JSON.stringify(v));

function haikuCard(args, complete) {
  const lines = Array.isArray(args.lines) ? args.lines : [];
  return h("section", { class: "card haiku", dataset: { tool: "generate_haiku", complete: String(complete) } },
    h("h3", {}, str(args.title) || "…"),
    lines.map((l) => h("p", { class: "line" }, str(l))),
    // Placeholders keep the card's height steady while lines stream in.
    Array.from({ length: Math.max(0, 3 - lines.length) }, () => h("p", { class: "line pending" }, "\u00a0")));
}

function genericCall(name, args, raw) {
  return h("section", { class: "card toolcall", dataset: { tool: name } },
    h("header", {}, h("strong", {}, "🛠️ ", name), h("span", { class: "meta" }, "tool call")),
    h("pre", { class: "json" }, args === undefined ? raw : show(args)));
}

/**
 * A tool call inside an assistant message. `partial` holds the arguments
 * parsed so far while they stream (from onToolCallArgsEvent).
 */
export function renderToolCall(tc, partial) {
  const name = str(tc.function?.name);
  const raw = str(tc.function?.arguments);
  let args;
  try {
    args = JSON.parse(raw);
  } catch {
    args = undefined;
  }
  const complete = args !== undefined;
  const shown = args ?? partial ?? {};
  if (name === "generate_haiku") return haikuCard(shown && typeof shown === "object" ? shown : {}, complete);
  if (name === "weather") {
    return h("div", { class: "chip-line", dataset: { tool: "weather-call" } }, "🔧 Looking up the weather in ", h("b", {}, str(shown?.city) || "…"));
  }
  return genericCall(name, complete ? args : partial, raw);
}

function weatherCard(r) {
  const icon = /rain/i.test(r.conditions) ? "🌧️" : /snow/i.test(r.conditions) ? "❄️" : /cloud|overcast/i.test(r.conditions) ? "⛅" : "☀️";
  return h("section", { class: "card weather", dataset: { tool: "weather" } },
    h("div", { class: "weather-icon", "aria-hidden": "true" }, icon),
    h("div", {},
      h("div", { class: "city" }, str(r.city)),
      h("div", { class: "temp" }, `${str(r.temperatureC)}°C`),
      h("div", { class: "meta" }, `${str(r.conditions)} · humidity ${str(r.humidity)}%`)));
}

/** A tool message, by the name of the call it answers. */
export function renderToolResult(m, name) {
  let result;
  try {
    result = JSON.parse(m.content);
  } catch {
    result = m.content;
  }
  if (name === "weather" && result && typeof result === "object") return weatherCard(result);
  if (name === "generate_haiku") return h("div", { class: "chip-line muted", dataset: { tool: "haiku-result" } }, "✓ haiku shown");
  return h("section", { class: "card toolresult", dataset: { tool: `${name || "unknown"}-result` } },
    h("header", {}, h("strong", {}, "↩️ ", name || "tool", " result")),
    h("pre", { class: "json" }, show(result)));
}
