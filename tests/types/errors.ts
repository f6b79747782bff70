// Branching on the errors the package throws: their names are a union, and
// isAgentError narrows.
import { AgentClient, isAgentError, type AgentErrorName } from "../../pkg/index.js";

export async function run(agent: AgentClient): Promise<string> {
  try {
    await agent.runAgent();
    return "ok";
  } catch (e) {
    if (isAgentError(e, "AgentHttpError")) {
      const name: "AgentHttpError" = e.name;
      return name;
    }
    if (isAgentError(e)) {
      const name: AgentErrorName = e.name;
      return name;
    }
    throw e;
  }
}

// @ts-expect-error: not a name the package throws
const wrong: AgentErrorName = "SomethingError";
void wrong;
const every: AgentErrorName[] = [
  "TypeError",
  "AgentError",
  "AgentHttpError",
  "AgentStreamError",
  "AgentProtocolError",
  "AgentRequestError",
  "AGUIError",
  "AdapterError",
];
void every;
