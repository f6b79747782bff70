// The package inside a module Web Worker, with the worker's own fetch.
import { AgentClient } from "/pkg/index.js";

const agent = new AgentClient({ url: "/stream" });
await agent.runAgent();
postMessage({ content: agent.messages.at(-1).content });
