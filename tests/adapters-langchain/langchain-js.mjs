// Our LangChain output through LangChain.js: loaded by @langchain/core, then
// sent by ChatOpenAI and ChatAnthropic to a stubbed fetch that keeps the
// request body and answers as the vendor would.
import { coerceMessageLikeToMessage } from "@langchain/core/messages";
import { ChatAnthropic } from "@langchain/anthropic";
import { ChatOpenAI } from "@langchain/openai";

const replies = {
  openai: { id: "chatcmpl-1", object: "chat.completion", created: 0, model: "gpt-4o", choices: [{ index: 0, message: { role: "assistant", content: "ok", refusal: null }, finish_reason: "stop", logprobs: null }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } },
  anthropic: { id: "msg_1", type: "message", role: "assistant", model: "claude-sonnet-4-5", content: [{ type: "text", text: "ok" }], stop_reason: "end_turn", stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } },
};

function capturing(vendor, bodies) {
  return async (_url, init) => {
    bodies.push(JSON.parse(init.body));
    return new Response(JSON.stringify(replies[vendor]), { status: 200, headers: { "content-type": "application/json" } });
  };
}

const bodies = { openai: [], anthropic: [] };
const models = {
  openai: new ChatOpenAI({ model: "gpt-4o", apiKey: "sk-test", maxRetries: 0, configuration: { fetch: capturing("openai", bodies.openai) } }),
  anthropic: new ChatAnthropic({ model: "claude-sonnet-4-5", apiKey: "sk-ant-test", maxRetries: 0, clientOptions: { fetch: capturing("anthropic", bodies.anthropic) } }),
};

/** The messages as @langchain/core builds them from our dicts. */
export const load = (dicts) => dicts.map((d) => coerceMessageLikeToMessage(d));

/** What a vendor receives: `{ body }`, or `{ error }` when LangChain.js refuses before sending. */
export async function send(vendor, messages) {
  const list = bodies[vendor];
  list.length = 0;
  // LangChain.js warns on stderr about what it fills in; the payload says it all.
  const warn = console.warn;
  console.warn = () => {};
  try {
    await models[vendor].invoke(messages);
    if (list.length !== 1) return { error: `expected one request, saw ${list.length}` };
    return { body: list[0] };
  } catch (e) {
    return { error: String(e?.message ?? e).split("\n")[0] };
  } finally {
    console.warn = warn;
  }
}
