// The conversation view. The client keeps a message's object while the
// message is unchanged, so a Map from message object to row tells which rows
// to build; every other row is reused as it is.
import { h } from "./dom.js";

export class ChatLog {
  constructor(root, render) {
    this.root = root;
    this.render = render;
    this.rows = new Map(); // message object → row
    this.messages = [];
    this.notices = []; // { after: message id or null, node }
    this.stats = { updates: 0, built: 0, reused: 0 };
    this.renders = new Map(); // message id → times built, shown on the row for the tests
  }

  update(messages) {
    this.stats.updates++;
    this.messages = messages;
    const rows = new Map();
    const order = [];
    const noticesAfter = (id) => this.notices.filter((n) => n.after === id).map((n) => n.node);
    order.push(...noticesAfter(null));
    for (const m of messages) {
      let row = this.rows.get(m);
      if (!row) {
        row = this.render(m);
        const n = (this.renders.get(m.id) ?? 0) + 1;
        this.renders.set(m.id, n);
        row.dataset.renders = String(n);
        this.stats.built++;
      } else {
        this.stats.reused++;
      }
      rows.set(m, row);
      order.push(row, ...noticesAfter(m.id));
    }
    const ids = new Set(messages.map((m) => m.id));
    order.push(...this.notices.filter((n) => n.after !== null && !ids.has(n.after)).map((n) => n.node));
    this.rows = rows;
    this.place(order);
  }

  /** A line that is not a message (an error, a reconnect), after the current last message. */
  notice(kind, text) {
    const node = h("div", { class: `notice ${kind}`, role: kind === "error" ? "alert" : "status", dataset: { notice: kind } }, text);
    this.notices.push({ after: this.messages.at(-1)?.id ?? null, node });
    this.update(this.messages);
  }

  clear() {
    this.notices = [];
    this.renders.clear();
  }

  // Moves only the nodes that are out of place, so unchanged rows keep their
  // DOM (and their scroll, focus and open <details>).
  place(order) {
    const stick = this.root.scrollHeight - this.root.scrollTop - this.root.clientHeight < 80;
    let cursor = this.root.firstChild;
    for (const node of order) {
      if (node === cursor) cursor = cursor.nextSibling;
      else this.root.insertBefore(node, cursor);
    }
    while (cursor) {
      const next = cursor.nextSibling;
      cursor.remove();
      cursor = next;
    }
    if (stick) this.root.scrollTop = this.root.scrollHeight;
  }
}
