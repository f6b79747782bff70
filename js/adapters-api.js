// @ts-check
// agui-wasm/adapters: the history adapters over their own build. They are
// synchronous, as they always were: where the platform can compile the
// .wasm at once (Node, a bundle for Node) they load on first call; in a
// browser, `await ready()` first.
import { agentError } from "./errors.js";
import { loader } from "./load.js";

/** @param {Omit<Parameters<typeof loader>[0], "runs">} build see `loader` */
export function adapters(build) {
  // The adapters have no runs.
  const wasm = loader({ ...build, runs: /** @type {any} */ ({}) });
  const need = () => {
    if (!wasm.get()) throw agentError("AgentError", 'agui-wasm/adapters: the WebAssembly is not loaded yet; await ready() from "agui-wasm/adapters" first');
    return /** @type {any} */ (wasm.glue());
  };
  return {
    /** Loads the adapters' WebAssembly now (or from `module_or_path`). */
    ready: wasm.ready,
    /** @param {any} messages */
    toLangChain: (messages) => need().toLangChain(messages),
    /** @param {any} messages */
    fromLangChain: (messages) => need().fromLangChain(messages),
    /** @param {any} messages @param {any} [options] */
    toOpenAIChat: (messages, options) => need().toOpenAIChat(messages, options),
    /** @param {any} messages */
    fromOpenAIChat: (messages) => need().fromOpenAIChat(messages),
    /** @param {any} messages @param {any} [options] */
    toAnthropic: (messages, options) => need().toAnthropic(messages, options),
  };
}
