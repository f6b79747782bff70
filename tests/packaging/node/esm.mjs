// Node 20, ES module: `node esm.mjs <agent url>` runs the agent and prints
// what it saw as one JSON line.
import { AgentClient } from "agui-wasm";

const agent = new AgentClient({ url: process.argv[2], initialMessages: [{ id: "u1", role: "user", content: "hi" }] });
const initial = agent.messages.map((m) => m.content);
const seen = [];
agent.subscribe({ onMessagesChanged: ({ messages }) => seen.push(messages.at(-1).content) });
await agent.runAgent();
console.log(JSON.stringify({ initial, seen, messages: agent.messages }));
