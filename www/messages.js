// One message → one row, by role. Text is always text: agent content never
// reaches innerHTML.
import { renderActivity } from "./activity.js";
import { h, show } from "./dom.js";
import { renderToolCall, renderToolResult } from "./tools.js";

/** The text of a message's content, which may be a string or parts. */
function textOf(content) {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return content == null ? "" : show(content);
  return content.map((p) => (p?.type === "text" ? p.text : `[${p?.type ?? "part"}]`)).join(" ");
}

function bubble(role, label, ...body) {
  return [h("div", { class: "avatar", "aria-hidden": "true" }, label), h("div", { class: "bubble" }, body)];
}

function reasoning(m, ctx) {
  const details = h("details", { class: "reasoning", open: ctx.openReasoning.has(m.id) },
    h("summary", {}, "💭 Reasoning summary", m.encryptedValue && h("span", { class: "badge", title: "The full reasoning travels back to the agent, encrypted" }, "🔒 encrypted")),
    h("p", { class: "text" }, m.content ?? ""));
  // Re-rendering makes a new <details>; remember whether the user opened it.
  details.addEventListener("toggle", () => (details.open ? ctx.openReasoning.add(m.id) : ctx.openReasoning.delete(m.id)));
  return details;
}

const ROLES = {
  user: (m) => bubble("user", "You", h("p", { class: "text" }, textOf(m.content))),
  assistant: (m, ctx) =>
    bubble("assistant", "AG",
      m.content ? h("p", { class: "text" }, textOf(m.content)) : null,
      (m.toolCalls ?? []).map((tc) => renderToolCall(tc, ctx.partialArgs.get(tc.id)))),
  reasoning: (m, ctx) => [h("div", { class: "avatar", "aria-hidden": "true" }, "💭"), reasoning(m, ctx)],
  tool: (m, ctx) => [h("div", { class: "avatar", "aria-hidden": "true" }, "🛠️"), renderToolResult(m, ctx.toolNames.get(m.toolCallId))],
  activity: (m) => [h("div", { class: "avatar", "aria-hidden": "true" }, "⚙️"), renderActivity(m)],
};

/**
 * A message's row. `ctx`: `toolNames` (toolCallId → name), `partialArgs`
 * (toolCallId → arguments parsed so far), `openReasoning` (ids of opened
 * reasoning rows).
 */
export function renderMessage(m, ctx) {
  const role = typeof m.role === "string" ? m.role : "unknown";
  const render = ROLES[role] ?? ((x) => [h("div", { class: "avatar", "aria-hidden": "true" }, "ℹ️"), h("p", { class: "text muted" }, `${role}: ${textOf(x.content)}`)]);
  return h("article", { class: `row ${role}`, dataset: { id: String(m.id), role } }, render(m, ctx));
}
