// Node 20, CommonJS: `node cjs.cjs <agent url>` runs the agent and prints
// what it saw as one JSON line.
const { AgentClient } = require("agui-wasm");

const agent = new AgentClient({ url: process.argv[2], initialMessages: [{ id: "u1", role: "user", content: "hi" }] });
const initial = agent.messages.map((m) => m.content);
const seen = [];
agent.subscribe({ onMessagesChanged: ({ messages }) => seen.push(messages.at(-1).content) });
agent.runAgent().then(() => console.log(JSON.stringify({ initial, seen, messages: agent.messages })));
