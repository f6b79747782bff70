// Type-level checks of agui-wasm/react, compiled by `tsc --noEmit` and never
// bundled: the hook's types are the package's own, not a silent `any` (which
// is what an unresolved import in a .d.ts becomes under skipLibCheck).
import type { AgentClient, AgentSubscriber, Message, RunAgentParameters, RunAgentResult } from "agui-wasm";
import { useAgent, type AgentView } from "agui-wasm/react";

type IsAny<T> = 0 extends 1 & T ? true : false;
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;
type Not<T extends boolean> = T extends true ? false : true;

export type Checks = [
  Expect<Not<IsAny<Message>>>,
  Expect<Not<IsAny<AgentClient>>>,
  Expect<Equal<AgentView["messages"], Message[]>>,
  Expect<Equal<AgentView["isRunning"], boolean>>,
  Expect<Equal<Parameters<AgentView["run"]>, [params?: RunAgentParameters, subscriber?: AgentSubscriber]>>,
  Expect<Equal<ReturnType<AgentView["run"]>, Promise<RunAgentResult>>>,
  Expect<Equal<ReturnType<AgentView["abort"]>, void>>,
  Expect<Equal<ReturnType<typeof useAgent<{ n: number }>>["state"], { n: number }>>,
  Expect<Equal<Parameters<typeof useAgent>, [client: AgentClient]>>,
];
