// What the vendors reject that their SDK types let through, and what a
// request must still carry of the history. Each rule is one the API enforces
// with a 400 (or, for a filename, may), as its documentation or its error
// messages say; the SDK types are checked separately by tsc.

const isDataUrl = (u, top) => new RegExp(`^data:${top}/[^;,]+;base64,.+`, "i").test(u);
const isHttp = (u) => /^https?:\/\//i.test(u);

/** Chat Completions `messages`. */
export function openaiViolations(messages) {
  const v = [];
  // Calls of the last assistant message not yet answered by tool messages.
  let open = null;
  messages.forEach((m, i) => {
    const at = `messages[${i}]`;
    if (Array.isArray(m.content) && m.content.length === 0) v.push(`${at}: empty content array`);
    if (m.role === "tool") {
      if (!open) v.push(`${at}: a tool message that follows no assistant tool calls`);
      else if (!open.delete(m.tool_call_id)) v.push(`${at}: tool_call_id ${m.tool_call_id} answers no open call`);
      partsOf(m).forEach((p, j) => p.type !== "text" && v.push(`${at}.content[${j}]: tool content takes text parts, not ${p.type}`));
      return;
    }
    if (open?.size) v.push(`${at}: calls ${[...open].join(", ")} are not answered before this message`);
    open = null;
    if (m.role === "user") {
      if (m.content === "") v.push(`${at}: empty user content`);
      partsOf(m).forEach((p, j) => v.push(...userPart(p, `${at}.content[${j}]`)));
    } else if (m.role === "assistant") {
      if ("tool_calls" in m) {
        if (!m.tool_calls?.length) v.push(`${at}: empty tool_calls`);
        open = new Set((m.tool_calls ?? []).map((c) => c.id));
      }
      partsOf(m).forEach((p, j) => !["text", "refusal"].includes(p.type) && v.push(`${at}.content[${j}]: assistant content takes text and refusal parts, not ${p.type}`));
    } else if (m.role === "system" || m.role === "developer") {
      partsOf(m).forEach((p, j) => p.type !== "text" && v.push(`${at}.content[${j}]: ${m.role} content takes text parts, not ${p.type}`));
    }
  });
  if (open?.size) v.push(`calls ${[...open].join(", ")} are never answered`);
  return v;
}

function userPart(p, at) {
  switch (p.type) {
    case "text":
      return [];
    case "image_url":
      return isHttp(p.image_url?.url) || isDataUrl(p.image_url?.url, "image") ? [] : [`${at}: image_url.url is neither http(s) nor a data:image URL`];
    case "input_audio":
      return ["wav", "mp3"].includes(p.input_audio?.format) && p.input_audio?.data ? [] : [`${at}: input_audio.format must be wav or mp3, got ${p.input_audio?.format}`];
    case "file":
      if (p.file?.file_id) return [];
      if (!/^data:[^;,]+;base64,.+/.test(p.file?.file_data ?? "")) return [`${at}: file_data must be a base64 data URL`];
      return p.file.filename ? [] : [`${at}: file_data without a filename`];
    default:
      return [`${at}: no user content part of type ${p.type}`];
  }
}

const partsOf = (m) => (Array.isArray(m.content) ? m.content : []);

/** A Messages API request: `{ system?, messages }`. The API combines
 * consecutive turns of one role into one turn, and so does this. */
export function anthropicViolations({ system, messages: sent }) {
  const v = [];
  const messages = combined(sent);
  if (typeof system === "string" && !system.trim()) v.push("system: empty");
  if (Array.isArray(system)) system.forEach((b, j) => b.type === "text" && !b.text?.trim() && v.push(`system[${j}]: empty text block`));
  messages.forEach((m, i) => {
    const at = `messages[${i}]`;
    const last = i === messages.length - 1;
    if (m.role === "system") {
      v.push(`${at}: a system turn in messages, which only some models take, and only after a user turn`);
      return;
    }
    const blocks = m.content;
    if (!blocks.length && !(last && m.role === "assistant")) v.push(`${at}: empty content`);
    blocks.forEach((b, j) => v.push(...anthropicBlock(b, m.role, `${at}.content[${j}]`, last && m.role === "assistant")));
    const uses = m.role === "assistant" ? blocks.filter((b) => b.type === "tool_use").map((b) => b.id) : [];
    const next = messages[i + 1];
    if (uses.length) {
      const answers = next?.role === "user" ? next.content : [];
      const leading = [];
      for (const b of answers) {
        if (b.type !== "tool_result") break;
        leading.push(b.tool_use_id);
      }
      for (const id of uses) if (!leading.includes(id)) v.push(`${at}: tool_use ${id} is not answered by a tool_result at the head of the next message`);
    }
    if (m.role === "user") {
      const prev = messages[i - 1];
      const asked = prev?.role === "assistant" ? prev.content.filter((b) => b.type === "tool_use").map((b) => b.id) : [];
      blocks.forEach((b, j) => b.type === "tool_result" && !asked.includes(b.tool_use_id) && v.push(`${at}.content[${j}]: tool_result ${b.tool_use_id} answers no tool_use of the previous message`));
    }
  });
  return v;
}

function combined(messages) {
  const out = [];
  for (const m of messages) {
    const blocks = typeof m.content === "string" ? (m.content ? [{ type: "text", text: m.content }] : []) : m.content;
    const last = out[out.length - 1];
    if (last && last.role === m.role && m.role !== "system") last.content = [...last.content, ...blocks];
    else out.push({ role: m.role, content: blocks });
  }
  return out;
}

const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"];
const BLOCKS = { user: ["text", "image", "document", "tool_result"], assistant: ["text", "tool_use", "thinking", "redacted_thinking"] };

function anthropicBlock(b, role, at, prefill) {
  const v = [];
  if (!BLOCKS[role]?.includes(b.type)) return [`${at}: no ${role} block of type ${b.type}`];
  if (b.type === "text" && !b.text?.trim() && !prefill) v.push(`${at}: empty text block`);
  if (b.type === "image" || b.type === "document") v.push(...source(b, at));
  if (b.type === "tool_result" && Array.isArray(b.content)) {
    b.content.forEach((c, k) => {
      const cat = `${at}.content[${k}]`;
      if (!["text", "image", "document"].includes(c.type)) v.push(`${cat}: tool_result content takes text, image and document blocks, not ${c.type}`);
      else if (c.type === "text" && !c.text?.trim()) v.push(`${cat}: empty text block`);
      else if (c.type !== "text") v.push(...source(c, cat));
    });
  }
  return v;
}

function source(b, at) {
  const s = b.source ?? {};
  if (s.type === "base64") {
    const allowed = b.type === "image" ? IMAGE_TYPES : ["application/pdf"];
    return allowed.includes(s.media_type) && s.data ? [] : [`${at}: base64 ${b.type} media_type ${s.media_type} is not one of ${allowed.join(", ")}`];
  }
  if (s.type === "url") return isHttp(s.url) ? [] : [`${at}: ${b.type} url is not http(s)`];
  if (s.type === "file") return s.file_id ? [] : [`${at}: file source without file_id`];
  if (s.type === "text" && b.type === "document") return [];
  return [`${at}: no ${b.type} source of type ${s.type}`];
}

// ---------------------------------------------------------------- carried

/** What a request must carry of an AG-UI history: its attachments by kind,
 * its tool calls and its tool results. */
export function expectedItems(history) {
  const items = emptyItems();
  for (const m of history) {
    if (m.role === "assistant") for (const c of m.toolCalls ?? []) items.calls.push(c.id);
    if (m.role === "tool") items.results.push(m.toolCallId);
    if ((m.role === "user" || m.role === "tool") && Array.isArray(m.content)) {
      for (const p of m.content) if (p.type in items.attachments) items.attachments[p.type] += 1;
    }
  }
  return items;
}

export function openaiItems(messages) {
  const items = emptyItems();
  for (const m of messages) {
    for (const c of m.tool_calls ?? []) items.calls.push(c.id);
    if (m.role === "tool") items.results.push(m.tool_call_id);
    for (const p of partsOf(m)) {
      const kind = { image_url: "image", file: "document", input_audio: "audio" }[p.type];
      if (kind) items.attachments[kind] += 1;
    }
  }
  return items;
}

export function anthropicItems({ messages }) {
  const items = emptyItems();
  const count = (blocks) => {
    for (const b of blocks) {
      if (b.type === "image") items.attachments.image += 1;
      if (b.type === "document") items.attachments.document += 1;
      if (b.type === "tool_use") items.calls.push(b.id);
      if (b.type === "tool_result") {
        items.results.push(b.tool_use_id);
        if (Array.isArray(b.content)) count(b.content);
      }
    }
  };
  for (const m of messages) if (Array.isArray(m.content)) count(m.content);
  return items;
}

const emptyItems = () => ({ attachments: { image: 0, audio: 0, video: 0, document: 0 }, calls: [], results: [] });

/** How `got` falls short of (or exceeds) `want`, one line per difference. */
export function itemDifferences(want, got) {
  const d = [];
  for (const kind of Object.keys(want.attachments)) {
    if (want.attachments[kind] !== got.attachments[kind]) d.push(`${kind} attachments: ${want.attachments[kind]} in the history, ${got.attachments[kind]} in the request`);
  }
  const sorted = (l) => [...l].sort().join(", ");
  if (sorted(want.calls) !== sorted(got.calls)) d.push(`tool calls: [${sorted(want.calls)}] in the history, [${sorted(got.calls)}] in the request`);
  if (sorted(want.results) !== sorted(got.results)) d.push(`tool results: [${sorted(want.results)}] in the history, [${sorted(got.results)}] in the request`);
  return d;
}
