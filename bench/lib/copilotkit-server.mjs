// Serves one build of tests/copilotkit-app and answers its POST /agent with
// a scripted AG-UI stream: RUN_STARTED, TEXT_MESSAGE_START, `tokens`
// TEXT_MESSAGE_CONTENT of "tok ", TEXT_MESSAGE_END, RUN_FINISHED.
//
// One SSE event per write, each write after a 1 ms timer, on a socket with
// Nagle off: the page gets the reply the way an LLM's tokens arrive, one
// small network chunk each (about 1,000 a second, faster than any model, so
// the page is under more pressure than in real use), never as one big
// buffer that would let a batching client fold the whole reply into a few
// updates. Both agents get exactly the same bytes at the same pace.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { readRequest } from "../../tests/shared/request-body.mjs";
import { serveFile } from "../../tests/shared/static-files.mjs";


const tick = () => new Promise((r) => setTimeout(r, 1));


async function answerRun(req, res, tokens, runs) {
  const { json: body = {} } = await readRequest(req);
  const record = { historySent: body.messages?.length ?? null, ended: false, streamMs: 0 };
  runs.push(record);
  const { threadId = "t", runId = "r" } = body;
  const messageId = `reply-${runs.length}`;
  const events = [
    { type: "RUN_STARTED", threadId, runId },
    { type: "TEXT_MESSAGE_START", messageId, role: "assistant" },
    ...Array.from({ length: tokens }, () => ({ type: "TEXT_MESSAGE_CONTENT", messageId, delta: "tok " })),
    { type: "TEXT_MESSAGE_END", messageId },
    { type: "RUN_FINISHED", threadId, runId },
  ].map((e) => `data: ${JSON.stringify(e)}\n\n`);
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  res.flushHeaders();
  const t0 = performance.now();
  for (const e of events) {
    if (res.destroyed) return;
    res.write(e);
    await tick();
  }
  record.streamMs = performance.now() - t0;
  record.ended = !res.destroyed;
  res.end();
}

/** Starts the server on a free port: { url, runs, close() }; `runs` records each POST /agent. */
export async function startAgentServer(distDir, { tokens }) {
  const runs = [];
  const server = http.createServer((req, res) => {
    if (req.method === "POST" && req.url === "/agent") {
      return answerRun(req, res, tokens, runs).catch(() => res.destroy());
    }
    if (req.method === "GET" || req.method === "HEAD") return serveFile(distDir, req, res);
    res.writeHead(405);
    res.end();
  });
  server.on("connection", (s) => s.setNoDelay(true));
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    runs,
    close: () => {
      server.closeAllConnections?.();
      return new Promise((r) => server.close(r));
    },
  };
}
