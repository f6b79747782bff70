// Types of agui-wasm/react. Written by hand, unlike the rest of the package's
// types: those are generated from the Rust exports, and the generator does
// not reach this entry point, which is plain JavaScript. Every type below is
// the package's own, so the two cannot drift apart; none comes from
// @types/react.
import type {
  AgentClient,
  AgentSubscriber,
  Message,
  RunAgentParameters,
  RunAgentResult,
  State,
} from "./index.js";

/** What `useAgent` gives a component. */
export interface AgentView<TState = State> {
  /**
   * The conversation: the same array until something changes, and an
   * unchanged message keeps its object, so `React.memo` rows of earlier
   * messages are skipped while a later one streams. Do not mutate it.
   */
  messages: Message[];
  /** The shared state; a new value only when it changes. */
  state: TState;
  /** True from the start of a run; already false when it has ended. */
  isRunning: boolean;
  /** `client.runAgent(params, subscriber)`. The same function for a client. */
  run(params?: RunAgentParameters, subscriber?: AgentSubscriber): Promise<RunAgentResult>;
  /** `client.abortRun()`: the run ends quietly with what arrived. The same function for a client. */
  abort(): void;
}

/**
 * The client's messages, state and running flag as React state, built on
 * `useSyncExternalStore`. Components that use the same client share one
 * subscription to it. A component that mounts while a run is under way
 * follows that run too.
 */
export function useAgent<TState = State>(client: AgentClient): AgentView<TState>;
