// The shared-state side panel: the agent's to-do list (which the user can
// tick too), its update counter, and the raw state.
import { h, show } from "./dom.js";

/**
 * Renders `state` into `root`. `onChange(next)` gets a new state when the
 * user ticks an item; the page hands it to the client with setState.
 */
export function renderState(root, state, onChange) {
  const s = state && typeof state === "object" && !Array.isArray(state) ? state : {};
  const todos = Array.isArray(s.todos) ? s.todos : null;
  const toggle = (i) => (e) => {
    const next = structuredClone(s);
    next.todos[i] = { ...(next.todos[i] ?? {}), done: e.target.checked };
    onChange(next);
  };
  const items = (todos ?? []).map((t, i) => {
    const text = typeof t?.text === "string" ? t.text : show(t);
    const done = t?.done === true;
    return h("li", { dataset: { done: String(done) } },
      h("label", {}, h("input", { type: "checkbox", checked: done, on: { change: toggle(i) } }), h("span", {}, text)));
  });
  const open = todos ? todos.filter((t) => t?.done !== true).length : 0;
  const wasOpen = root.querySelector("details.raw")?.open ?? false;
  const parts = [
    todos
      ? h("div", { class: "todos" },
          h("header", {}, h("strong", {}, "✅ To-do"), h("span", { class: "meta", dataset: { open: String(open) } }, `${open} open · ${todos.length} total`)),
          h("ul", {}, items))
      : h("p", { class: "muted" }, "No shared to-do list yet. Try the “To-do” chip."),
    s.agentUpdates != null && h("p", { class: "meta", dataset: { updates: String(s.agentUpdates) } }, `Agent updates: ${show(s.agentUpdates)}`),
    Object.keys(s).length > 0 && h("details", { class: "raw", open: wasOpen }, h("summary", {}, "Raw state"), h("pre", { class: "json" }, show(s))),
  ];
  root.replaceChildren(...parts.filter(Boolean));
}
