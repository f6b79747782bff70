// The client inside a module Worker: it streams the history back to the
// page as it changes.
import { AgentClient } from "agui-wasm";

// Loaded, with agui-wasm imported (which fetches nothing yet).
self.postMessage({ status: "ready" });

self.onmessage = async ({ data: url }) => {
  const agent = new AgentClient({ url, initialMessages: [{ id: "u1", role: "user", content: "hi" }] });
  agent.subscribe({ onMessagesChanged: ({ messages }) => self.postMessage({ messages }) });
  try {
    await agent.runAgent();
    self.postMessage({ messages: agent.messages, status: "done" });
  } catch (e) {
    self.postMessage({ status: `error: ${e.message}` });
  }
};
