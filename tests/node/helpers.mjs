// Helpers for the Node tests of the built package: SSE bodies, a scripted
// fetch, and a real HTTP server on 127.0.0.1.
import http from "node:http";

const enc = new TextEncoder();

export const sse = (event) => "data: " + JSON.stringify(event) + "\n\n";
export const bytes = (s) => enc.encode(s);

export const started = (runId = "r1") => ({ type: "RUN_STARTED", threadId: "t", runId });
export const finished = (runId = "r1", extra = {}) => ({ type: "RUN_FINISHED", threadId: "t", runId, ...extra });

/** A text reply as events: start, one content per piece, end. */
export function reply(id, pieces) {
  return [
    { type: "TEXT_MESSAGE_START", messageId: id, role: "assistant" },
    ...pieces.map((delta) => ({ type: "TEXT_MESSAGE_CONTENT", messageId: id, delta })),
    { type: "TEXT_MESSAGE_END", messageId: id },
  ];
}

/**
 * A fetch that answers with these chunks (bytes, strings or events), one
 * network chunk each; `gate(i)` may delay chunk i. Records the requests it saw.
 */
export function scriptedFetch(chunks, { status = 200, contentType = "text/event-stream", gate } = {}) {
  const requests = [];
  const fetch = async (url, init) => {
    requests.push({ url, init, body: init.body ? JSON.parse(init.body) : undefined });
    let i = 0;
    const body = new ReadableStream({
      async pull(ctrl) {
        if (i >= chunks.length) return ctrl.close();
        if (gate) await gate(i);
        const c = chunks[i++];
        ctrl.enqueue(c instanceof Uint8Array ? c : bytes(typeof c === "string" ? c : sse(c)));
      },
    });
    return new Response(body, { status, headers: { "content-type": contentType } });
  };
  return { fetch, requests };
}

/** A real HTTP server on 127.0.0.1; `handler(req, res, body)`; returns its base URL. */
export async function serve(handler) {
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => handler(req, res, body));
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((r) => { server.closeAllConnections?.(); server.close(r); }),
  };
}

export const delay = (ms) => new Promise((r) => setTimeout(r, ms));

/** A small seeded generator of numbers in [0, 1) (mulberry32): reruns see the same inputs. */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
