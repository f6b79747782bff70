// The AG-UI agent every app runs against: a POST to any path answers one
// text message as server-sent events. The answer quotes the last user
// message of the request, so an app that shows it proves its request was
// well formed, and the deltas go out apart, so a page sees the text grow.
// CORS is open because the apps are served from other ports.
import http from "node:http";
import { readRequest } from "../../shared/request-body.mjs";

/** The deltas of the answer to `said`; non-ASCII on purpose (UTF-8 split across chunks). */
export function answerDeltas(said) {
  return ["You ", "said: ", `“${said}”`, " — ", "안녕 ", "😀"];
}
export const answerFor = (said) => answerDeltas(said).join("");

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, OPTIONS",
  "access-control-allow-headers": "content-type, accept",
};
// Far enough apart that a busy machine still delivers them in separate chunks.
const DELTA_GAP_MS = 80;
const sse = (event) => `data: ${JSON.stringify(event)}\n\n`;
const delay = (ms) => new Promise((r) => setTimeout(r, ms));

/** Starts the agent on a free port of 127.0.0.1; `requests` records each run's JSON body. */
export async function startAgentServer() {
  const requests = [];
  const server = http.createServer(async (req, res) => {
    if (req.method === "OPTIONS") {
      res.writeHead(204, CORS);
      return res.end();
    }
    if (req.method !== "POST") {
      res.writeHead(405, CORS);
      return res.end();
    }
    const { json: body } = await readRequest(req);
    requests.push({ path: req.url, body });
    const said = [...(body?.messages ?? [])].reverse().find((m) => m.role === "user")?.content ?? "";
    const threadId = body?.threadId ?? "thread";
    const runId = body?.runId ?? "run";
    res.writeHead(200, { ...CORS, "content-type": "text/event-stream", "cache-control": "no-cache" });
    res.write(sse({ type: "RUN_STARTED", threadId, runId }));
    res.write(sse({ type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" }));
    for (const delta of answerDeltas(said)) {
      if (res.destroyed) return;
      res.write(sse({ type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta }));
      await delay(DELTA_GAP_MS);
    }
    res.write(sse({ type: "TEXT_MESSAGE_END", messageId: "a1" }));
    res.end(sse({ type: "RUN_FINISHED", threadId, runId }));
  });
  server.on("connection", (s) => s.setNoDelay(true));
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${server.address().port}/agent`,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((r) => server.close(r));
    },
  };
}
