// The history adapters through the built package: the same messages the
// client holds, converted for a framework or a vendor and back.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fromLangChain, fromOpenAIChat, toAnthropic, toLangChain, toOpenAIChat } from "../../pkg/adapters-node.js";

const history = [
  { id: "s", role: "system", content: "Be brief." },
  { id: "u1", role: "user", content: [{ type: "text", text: "What is this?" }, { type: "image", source: { type: "url", value: "https://x/cat.png" } }] },
  { id: "a1", role: "assistant", toolCalls: [{ id: "c1", type: "function", function: { name: "lookup", arguments: '{"q":"cat"}' } }] },
  { id: "t1", role: "tool", toolCallId: "c1", content: "a cat" },
  { id: "act", role: "activity", activityType: "PLAN", content: { steps: [] } },
  { id: "a2", role: "assistant", content: "A cat." },
];

test("OpenAI chat: roles, tool calls as JSON strings, activity dropped, and back", () => {
  const out = toOpenAIChat(history);
  assert.deepEqual(out.map((m) => m.role), ["system", "user", "assistant", "tool", "assistant"]);
  // Chat Completions: an assistant turn with only tool calls has null content.
  assert.deepEqual(out[2], { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "lookup", arguments: '{"q":"cat"}' } }] });
  assert.deepEqual(out[1].content[1], { type: "image_url", image_url: { url: "https://x/cat.png" } });
  const back = fromOpenAIChat(out);
  assert.equal(back[3].toolCallId, back[2].toolCalls[0].id, "the tool result stays linked to its call");
});

test("Anthropic: system lifted, tool_use with parsed input, tool_result in a user turn", () => {
  const { system, messages } = toAnthropic(history);
  assert.equal(system, "Be brief.");
  assert.deepEqual(messages[1].content[0], { type: "tool_use", id: "c1", name: "lookup", input: { q: "cat" } });
  assert.equal(messages[2].role, "user");
  assert.equal(messages[2].content[0].type, "tool_result");
  assert.equal(messages[2].content[0].tool_use_id, "c1");
});

test("LangChain round trip keeps ids, tool-call links and content", () => {
  const lc = toLangChain(history);
  assert.deepEqual(lc.map((m) => m.type), ["system", "human", "ai", "tool", "ai"]);
  assert.deepEqual(lc[2].tool_calls, [{ id: "c1", name: "lookup", args: { q: "cat" }, type: "tool_call" }]);
  const back = fromLangChain(lc);
  assert.deepEqual(back.map((m) => m.id), ["s", "u1", "a1", "t1", "a2"]);
});

test("what a target cannot express is an Error, not silent loss", () => {
  const video = [{ id: "u", role: "user", content: [{ type: "video", source: { type: "url", value: "https://x/v.mp4" } }] }];
  assert.throws(() => toOpenAIChat(video), (e) => e instanceof Error && e.name === "AdapterError" && /video/.test(e.message));
  assert.throws(() => toAnthropic(history, { reasoning: "sometimes" }), TypeError);
});

test("the adapters are their own entry: the client entry does not carry them", async () => {
  const client = await import("../../pkg/node.js");
  for (const name of ["toOpenAIChat", "fromOpenAIChat", "toAnthropic", "toLangChain", "fromLangChain"]) {
    assert.equal(client[name], undefined, `${name} is not in the client entry`);
  }
  const pkg = JSON.parse(await (await import("node:fs/promises")).readFile(new URL("../../pkg/package.json", import.meta.url), "utf8"));
  assert.equal(pkg.exports["./adapters"].node.default, "./adapters-node.js");
});
