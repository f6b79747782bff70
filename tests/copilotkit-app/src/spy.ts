// Records what CopilotKit asks of the agent object: which of its methods it
// calls, on which thread, and how each call ended. The log is what the test
// reads to say what a failing agent was asked to do; the calls themselves go
// to the agent's own methods unchanged.

export type AgentCall = {
  method: string;
  /** The agent's threadId when the call was made. */
  threadId: string | undefined;
  outcome: "returned" | "pending" | "resolved" | "threw" | "rejected" | "missing";
  error?: string;
};

// The AbstractAgent surface CopilotKit's core and chat use.
const METHODS = [
  "connectAgent",
  "runAgent",
  "abortRun",
  "detachActiveRun",
  "clone",
  "setMessages",
  "addMessage",
  "addMessages",
  "setState",
  "subscribe",
] as const;

function describe(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

export function spyOn<T extends object>(agent: T, log: AgentCall[]): T {
  const target = agent as unknown as Record<string, unknown> & { threadId?: string };
  for (const method of METHODS) {
    const original = target[method];
    if (typeof original !== "function") {
      log.push({ method, threadId: target.threadId, outcome: "missing" });
      continue;
    }
    // An own property, so CopilotKit can still wrap and restore abortRun
    // the way it does on any agent.
    Object.defineProperty(agent, method, {
      configurable: true,
      writable: true,
      value: function (this: unknown, ...args: unknown[]) {
        const entry: AgentCall = { method, threadId: target.threadId, outcome: "returned" };
        log.push(entry);
        let result: unknown;
        try {
          result = (original as (...a: unknown[]) => unknown).apply(this, args);
        } catch (e) {
          entry.outcome = "threw";
          entry.error = describe(e);
          throw e;
        }
        if (result instanceof Promise) {
          entry.outcome = "pending";
          result.then(
            () => (entry.outcome = "resolved"),
            (e: unknown) => {
              entry.outcome = "rejected";
              entry.error = describe(e);
            },
          );
        }
        // A clone CopilotKit makes is an agent it will drive too.
        if (method === "clone" && result && typeof result === "object") spyOn(result, log);
        return result;
      },
    });
  }
  return agent;
}
