// Builds DOM from agent data without ever parsing it as HTML: children go in
// as text nodes, and attribute names come from this code, never the agent.

/** `h("p", { class: "x", dataset: { id } }, "text", node, [more])`. */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value == null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "on") for (const [type, fn] of Object.entries(value)) el.addEventListener(type, fn);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child == null || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

/** An http(s) URL as the browser would follow it, or null (javascript:, data:, junk). */
export function safeHref(raw) {
  if (typeof raw !== "string") return null;
  try {
    const url = new URL(raw);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** A link if the URL is a web address; otherwise the label as plain text. */
export function link(url, label) {
  const href = safeHref(url);
  const text = label == null || label === "" ? String(url ?? "") : String(label);
  return href
    ? h("a", { href, target: "_blank", rel: "noopener noreferrer" }, text)
    : h("span", { class: "unsafe-link", title: "not a web address, so not a link" }, text);
}

/** Any value as readable text: strings as they are, the rest as JSON. */
export function show(value) {
  return typeof value === "string" ? value : JSON.stringify(value, null, 2) ?? String(value);
}
