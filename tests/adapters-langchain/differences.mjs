// Every way our LangChain output differs from ag-ui's own converter
// (`aguiMessagesToLangChain`, @ag-ui/langgraph 0.0.43), and why. Both
// outputs are loaded by @langchain/core and compared field by field, message
// by message (matched by id); each difference must be one of these, and each
// of these must still occur, so a new or vanished difference fails the test.

import { load } from "./langchain-js.mjs";

const parts = (m) => (Array.isArray(m?.content) ? m.content : []);
const isEmpty = (m) =>
  m.role === "assistant" ? !m.content && !(m.toolCalls ?? []).length : m.content === "" || (Array.isArray(m.content) && !m.content.length);

export const DIFFERENCES = [
  {
    name: "developer messages are kept",
    reason:
      "ag-ui drops developer messages (configured on the agent, its comment says); we send them as a SystemMessage marked " +
      "__openai_role__: developer, as convert_to_messages marks a developer role, so the instruction still reaches the model",
    matches: (d) => d.field === "message" && d.message.role === "developer" && d.theirs === undefined,
  },
  {
    name: "names are kept",
    reason: "ag-ui drops `name`; every LangChain message has the field and OpenAI takes it",
    matches: (d) => d.field === "name",
  },
  {
    name: "empty messages are skipped",
    reason:
      "ag-ui forwards a message with nothing in it; OpenAI rejects an empty user turn, Anthropic any empty turn mid-history, " +
      "and LangChain.js sends them as they are",
    matches: (d) => d.field === "message" && d.ours === undefined && isEmpty(d.message),
  },
  {
    name: "a tool error keeps its text",
    reason:
      "ag-ui sets status: error and drops the error text; LangChain.js's chat models drop `status`, so we also send " +
      "`Error: <text>` as the result's last text block, and the model learns what went wrong",
    matches: (d) => d.field === "content" && d.message.role === "tool" && d.message.error !== undefined,
  },
  {
    name: "media other than images travel as standard blocks",
    reason:
      "ag-ui sends every medium as image_url (a PDF or a recording reaches the vendor as an image, a provider file id is dropped); " +
      "we send source_type and file-id blocks that both LangChains convert to the vendor's audio, file and document parts",
    matches: (d) =>
      d.field === "content" &&
      d.message.role === "user" &&
      parts(d.message).some((p) => ["audio", "video", "document"].includes(p.type) || p.source?.type === "file"),
  },
  {
    name: "tool result parts are converted",
    reason:
      "ag-ui passes a tool result's AG-UI parts through as they are, so an image part is no LangChain block; we convert them as " +
      "user parts are",
    matches: (d) => d.field === "content" && d.message.role === "tool" && parts(d.message).some((p) => p.type !== "text"),
  },
  {
    name: "reasoning before a reply without text is left out",
    reason:
      "ag-ui puts it on the reply as content [reasoning], which LangChain.js's ChatOpenAI strips to content: [], and OpenAI " +
      "rejects that; the vendor adapters leave such reasoning out too",
    matches: (d) =>
      d.field === "content" && d.message.role === "assistant" && !d.message.content && parts({ content: d.theirs }).every((b) => b.type === "reasoning"),
  },
  {
    name: "an instruction given while tools run follows their results",
    reason:
      "ag-ui keeps a system message where it falls between a call and its results; OpenAI wants a call's results right after " +
      "it and both ChatOpenAIs keep the order they are given, so we move the message to just after the results",
    matches: (d) =>
      d.field === "order" &&
      d.history.some((m, i) => (m.role === "system" || m.role === "developer") && d.history[i + 1]?.role === "tool"),
  },
  {
    name: "activity messages are dropped",
    reason: "ag-ui throws on an activity message (an unknown role to it); activity is UI state, never sent to an agent, so we drop it",
    matches: (d) => d.field === "conversion" && /role is not supported/.test(d.theirs) && d.history.some((m) => m.role === "activity"),
  },
  {
    name: "arguments that are not an object are refused",
    reason:
      "ag-ui parses what it can (an array becomes `args`, invalid JSON throws a SyntaxError that names no message); LangChain's " +
      "`args` is an object, so we refuse with an AdapterError naming the message and the call",
    matches: (d) => d.field === "conversion" && /AdapterError: .*tool call/.test(d.ours),
  },
];

const project = (m) => ({
  type: m._getType(),
  name: m.name,
  content: m.content,
  tool_calls: m.tool_calls?.map(({ id, name, args }) => ({ id, name, args })),
  tool_call_id: m.tool_call_id,
  status: m._getType() === "tool" ? (m.status ?? "success") : undefined,
  additional_kwargs: m.additional_kwargs,
});

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** The differences between our conversion and ag-ui's of one history;
 * `ours` and `theirs` are `{ value }` or `{ error }`. */
export function differences(history, ours, theirs) {
  if (ours.error || theirs.error) {
    if (ours.error && theirs.error && ours.error === theirs.error) return [];
    return [{ field: "conversion", ours: ours.error ?? "converts", theirs: theirs.error ?? "converts", history }];
  }
  const byId = (list) => new Map(load(list).map((m) => [m.id, project(m)]));
  const a = byId(ours.value);
  const b = byId(theirs.value);
  const out = [];
  const order = (m) => [...m.keys()].filter((id) => a.has(id) && b.has(id));
  if (!same(order(a), order(b))) out.push({ field: "order", ours: order(a), theirs: order(b), history });
  for (const message of history) {
    const [o, t] = [a.get(message.id), b.get(message.id)];
    if (!o && !t) continue;
    if (!o || !t) {
      out.push({ field: "message", message, ours: o, theirs: t, history });
      continue;
    }
    for (const field of Object.keys(o)) {
      if (!same(o[field], t[field])) out.push({ field, message, ours: o[field], theirs: t[field], history });
    }
  }
  return out;
}

export const describe = (d) =>
  d.field === "conversion" || d.field === "order"
    ? `${d.field}: ours ${d.ours}, ag-ui ${d.theirs}`
    : `${d.message.id}.${d.field}: ours ${JSON.stringify(d.ours)?.slice(0, 160)}, ag-ui ${JSON.stringify(d.theirs)?.slice(0, 160)}`;
