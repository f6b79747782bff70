// Replaying a conformance case through the built package, the way an
// application uses it: the case's bytes arrive through the \`fetch\` option,
// in the case's chunking. No Node APIs here: the browser tests use it too.

export function sseBody(events, framing = "lf") {
  const nl = framing === "crlf" ? "\r\n" : "\n";
  let body = events.map((e) => (typeof e === "string" ? e : "data: " + JSON.stringify(e)) + nl + nl).join("");
  if (framing === "crlf") body = body.replace(/\r\n/g, "\n").replace(/\n/g, "\r\n");
  return new TextEncoder().encode(body);
}

export function splitBytes(bytes, size) {
  if (!size || size <= 0) return [bytes];
  const out = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.slice(i, i + size));
  return out;
}

export function deepSort(v) {
  if (Array.isArray(v)) return v.map(deepSort);
  if (v && typeof v === "object") {
    const o = {};
    for (const k of Object.keys(v).sort()) if (v[k] !== undefined) o[k] = deepSort(v[k]);
    return o;
  }
  return v;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** Replays a case through `AgentClient`; returns what it ended with. */
export async function replay(AgentClient, c, { chunking = c.chunking ?? 0, batching, readState = false, readMessages = false, body, contentType } = {}) {
  const initial = c.initial ?? {};
  const run = c.run ?? {};
  let request = null;
  const pieces = splitBytes(body ?? sseBody(c.events, c.framing), chunking);
  const agent = new AgentClient({
    url: "http://agent.test/run",
    batching,
    threadId: initial.threadId ?? "thread-1",
    initialMessages: initial.messages ?? [],
    initialState: initial.state ?? {},
    fetch: async (_url, init) => {
      request = JSON.parse(init.body);
      const body = new ReadableStream({
        start(ctrl) {
          for (const p of pieces) ctrl.enqueue(p);
          ctrl.close();
        },
      });
      return new Response(body, {
        status: c.status ?? 200,
        headers: { "content-type": contentType ?? c.contentType ?? "text/event-stream" },
      });
    },
  });
  if (initial.pendingInterrupts) agent.pendingInterrupts = initial.pendingInterrupts;
  // A UI that reads the state on every change makes the client keep its JS
  // copy current by replaying each patch on it.
  if (readState) agent.subscribe({ onStateChanged: ({ state }) => void JSON.stringify(state) });
  // The same for the messages: an activity's copy follows each patch.
  if (readMessages) agent.subscribe({ onMessagesChanged: ({ messages }) => void JSON.stringify(messages) });
  let error = null;
  let result;
  let newMessageIds;
  try {
    const out = await agent.runAgent({ runId: run.runId ?? "run-1", ...run });
    result = out.result;
    newMessageIds = out.newMessages.map((m) => m.id);
  } catch (e) {
    if (!(e instanceof Error)) throw new Error(`rejected with a non-Error: ${String(e)}`);
    error = e.message;
  }
  return {
    error,
    messages: agent.messages,
    state: agent.state,
    pendingInterrupts: agent.pendingInterrupts,
    result,
    newMessageIds,
    request,
  };
}

/** The fields that differ from the case's expectation, as README.md says to compare. */
export function differences(c, got) {
  const exp = c.expected;
  const norm = (v) => {
    const s = JSON.stringify(deepSort(v ?? null));
    return c.generatedIds ? s.replace(UUID, "<generated>") : s;
  };
  const diffs = [];
  if ((exp.error == null) !== (got.error == null)) diffs.push(`error: expected ${exp.error}, got ${got.error}`);
  const fields = ["messages", "state", "pendingInterrupts", "request"];
  if (exp.error == null) fields.push("result", "newMessageIds");
  for (const k of fields) {
    if (norm(exp[k]) !== norm(got[k])) diffs.push(`${k}:\n  expected ${norm(exp[k])}\n  got      ${norm(got[k])}`);
  }
  return diffs;
}
