// AgentClient against a real HTTP server on 127.0.0.1, with Node's own fetch.
import { test } from "node:test";
import assert from "node:assert/strict";
import { AgentClient } from "../../pkg/node.js";
import { delay, finished, reply, serve, sse, started } from "./helpers.mjs";

const SSE_HEADERS = { "content-type": "text/event-stream", "cache-control": "no-cache" };

test("a long stream arrives incrementally over a socket", async () => {
  const server = await serve(async (req, res) => {
    res.writeHead(200, SSE_HEADERS);
    res.write(sse(started()) + sse(reply("m1", [])[0]));
    for (let i = 0; i < 50; i++) {
      res.write(sse({ type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: `w${i} ` }));
      await delay(2);
    }
    res.end(sse(reply("m1", [])[1]) + sse(finished()));
  });
  try {
    const agent = new AgentClient({ url: server.url + "/run" });
    const lengths = [];
    agent.subscribe({ onMessagesChanged: ({ messages }) => lengths.push(messages.at(-1)?.content.length ?? 0) });
    await agent.runAgent();
    assert.ok(lengths.length > 5, `updates while streaming: ${lengths.length}`);
    assert.ok(lengths.some((n) => n > 0 && n < agent.messages[0].content.length), "partial text was visible");
    assert.match(agent.messages[0].content, /^w0 w1 .* w49 $/);
  } finally {
    await server.close();
  }
});

test("abort mid-stream over a socket", async () => {
  const server = await serve(async (req, res) => {
    res.writeHead(200, SSE_HEADERS);
    res.write(sse(started()) + sse(reply("m1", [])[0]) + sse({ type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "so far" }));
    // Never ends on its own.
  });
  try {
    const agent = new AgentClient({ url: server.url });
    const run = agent.runAgent();
    while (agent.messages.length === 0) await delay(5);
    agent.abortRun();
    const out = await run;
    assert.equal(out.newMessages[0].content, "so far");
    assert.equal(agent.isRunning, false);
  } finally {
    await server.close();
  }
});

test("a 500 from the server rejects with its status and body", async () => {
  const server = await serve((req, res) => {
    res.writeHead(500, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: "database down" }));
  });
  try {
    const agent = new AgentClient({ url: server.url });
    await assert.rejects(agent.runAgent(), (e) => e.status === 500 && /database down/.test(e.message));
  } finally {
    await server.close();
  }
});

test("a dropped connection, then connectAgent converges through MESSAGES_SNAPSHOT", async () => {
  const full = [
    { id: "u1", role: "user", content: "hi" },
    { id: "m1", role: "assistant", content: "the whole answer" },
  ];
  let connectBody;
  const server = await serve((req, res, body) => {
    if (req.url === "/run") {
      res.writeHead(200, SSE_HEADERS);
      // The connection drops mid-event: the body ends inside a JSON object.
      res.end(sse(started()) + sse(reply("m1", [])[0]) + sse({ type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "the wh" }) + 'data: {"type":"TEXT_MESSAGE_CONT');
    } else if (req.url === "/run/connect") {
      connectBody = JSON.parse(body);
      res.writeHead(200, SSE_HEADERS);
      res.end(sse(started("r2")) + sse({ type: "MESSAGES_SNAPSHOT", messages: full }) + sse(finished("r2")));
    }
  });
  try {
    const agent = new AgentClient({ url: server.url + "/run", connectUrl: server.url + "/run/connect", initialMessages: [full[0]] });
    const u1 = agent.messages[0];
    await assert.rejects(agent.runAgent(), (e) => e instanceof Error);
    assert.equal(agent.messages[1].content, "the wh", "what arrived before the cut is kept");
    await agent.connectAgent();
    assert.deepEqual(agent.messages, full);
    assert.equal(agent.messages[0], u1, "the unchanged user message kept its object");
    assert.equal(connectBody.threadId, agent.threadId);
  } finally {
    await server.close();
  }
});

test("EventSource: reconnects with Last-Event-ID and honours retry", async () => {
  const seenIds = [];
  let connections = 0;
  const server = await serve((req, res) => {
    connections++;
    seenIds.push(req.headers["last-event-id"] ?? null);
    res.writeHead(200, SSE_HEADERS);
    if (connections === 1) {
      res.end(
        "retry: 10\n\n" +
          `id: 1\n${sse(started())}` +
          `id: 2\n${sse(reply("m1", [])[0])}` +
          `id: 3\n${sse({ type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "before the drop " })}`,
      );
    } else {
      res.end(
        `id: 4\n${sse({ type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "and after" })}` +
          `id: 5\n${sse(reply("m1", [])[1])}` +
          `id: 6\n${sse(finished())}`,
      );
    }
  });
  try {
    const agent = new AgentClient({ url: server.url + "/events" });
    const source = agent.openEventSource({ retryMs: 5000 });
    const started = Date.now();
    while (!(agent.messages[0]?.content ?? "").endsWith("after")) {
      if (Date.now() - started > 3000) throw new Error("no reconnect within 3 s: retry: 10 was not honoured");
      await delay(10);
    }
    source.close();
    await source.closed;
    assert.deepEqual(seenIds.slice(0, 2), [null, "3"]);
    assert.equal(agent.messages[0].content, "before the drop and after");
  } finally {
    await server.close();
  }
});
