// @ts-check
// The WebAssembly module, loaded when first needed (or when the application
// asks, with `ready()`), never on import: importing the package runs no
// I/O and awaits nothing, so a page paints and a server renders without it.
//
// A trap (a Rust panic, an exhausted memory) leaves an instance's state
// unusable. `restart()` makes a new instance of the same compiled module
// (wasm-bindgen's reset, `--experimental-reset-state-function`), and bumps
// the generation, so every client rebuilds its core from the JavaScript
// copies it holds the next time it needs one.
import { agentError } from "./errors.js";

/** @typedef {typeof import("./dist/agui_wasm.js")} Glue */
/** @typedef {typeof import("./runs.js")} Runs */
/** @typedef {RequestInfo | URL | Response | BufferSource | WebAssembly.Module} Source */
/**
 * A module, or where to import it from when it is first needed (a page's
 * first paint then waits for neither: bundlers load a dynamic import as a
 * chunk of its own).
 * @template M @typedef {M | (() => Promise<M>)} Lazy
 */

/**
 * @param {{ glue: Lazy<any>, runs: Lazy<Runs>, where: () => Source | Promise<Source>, now?: () => BufferSource | undefined }} build
 *   the build's wasm-bindgen module, the shell's run module, where its
 *   `.wasm` is (asked when it is first needed), and its bytes at once
 *   where the platform can read them synchronously (Node), so that a
 *   client can check what it is given as it is given it
 */
export function loader({ glue: glueOf, runs: runsOf, where, now }) {
  /** @type {Promise<Glue> | undefined} */
  let loading;
  let loaded = false;
  let generation = 0;
  /** @type {string[] | undefined} */
  let names;
  /** @type {Glue | undefined} */
  let glue = typeof glueOf === "function" ? undefined : glueOf;
  /** @type {Runs | undefined} */
  let runs = typeof runsOf === "function" ? undefined : runsOf;

  /** @param {Source | Promise<Source>} source */
  async function start(source) {
    /** @type {Source | undefined} */
    let from;
    try {
      // The .wasm, the glue and the run code are requested at once: one
      // round trip on a cold page, not three in a row.
      const fetched = Promise.resolve(source).then((s) => {
        from = s;
        return typeof s === "string" || s instanceof URL ? fetch(s) : s;
      });
      fetched.catch(() => {});
      [glue, runs] = await Promise.all([glue ?? /** @type {() => Promise<Glue>} */ (glueOf)(), runs ?? /** @type {() => Promise<Runs>} */ (runsOf)()]);
      await glue.default({ module_or_path: await fetched });
      loaded = true;
      return glue;
    } catch (e) {
      loading = undefined;
      const url = from instanceof URL || typeof from === "string" ? String(from) : /** @type {any} */ (from)?.url;
      const at = typeof url === "string" && url ? ` from ${url}` : "";
      throw agentError(
        "AgentError",
        `agui-wasm could not load its WebAssembly module${at}: ${e instanceof Error ? e.message : String(e)}. ` +
          "Serve the .wasm there, or call ready({ module_or_path }) from \"agui-wasm\" with where it is (a URL, a Response, its bytes or a compiled WebAssembly.Module).",
        { cause: e },
      );
    }
  }

  return {
    /**
     * Loads the module now, from `options.module_or_path` if given; resolves
     * when it is ready. Later calls return the same promise.
     * @param {{ module_or_path?: Source }} [options]
     * @returns {Promise<void>}
     */
    ready(options) {
      loading ??= start(options?.module_or_path ?? Promise.resolve().then(where));
      return loading.then(() => {});
    },
    /** The module, loading it if it is not yet. @returns {Promise<Glue>} */
    load() {
      loading ??= start(Promise.resolve().then(where));
      return loading;
    },
    /** The module if it is loaded (or can be at once), else `undefined`. */
    get() {
      if (!loaded && !loading && now && glue && runs) {
        const bytes = now();
        if (bytes) {
          glue.initSync({ module: bytes });
          loaded = true;
          loading = Promise.resolve(glue);
        }
      }
      return loaded ? glue : undefined;
    },
    /** The module, which must be loaded. */
    glue() {
      if (!loaded || !glue) throw agentError("AgentError", "the WebAssembly module is not loaded");
      return glue;
    },
    /** The shell's run module, there once the module is loaded. */
    runs() {
      if (!runs) throw agentError("AgentError", "the WebAssembly module is not loaded");
      return runs;
    },
    /** Bumped by every restart: cores made before it are gone. */
    get generation() {
      return generation;
    },
    /** Every callback a subscriber may define, in the places steps name them. */
    names() {
      return (names ??= this.glue().callbackNames());
    },
    /** A new instance after a trap; every core of the old one is gone. */
    restart() {
      generation++;
      this.glue().__wbg_reset_state();
    },
  };
}

/** @typedef {ReturnType<typeof loader>} Loader */

/**
 * Whether `e`, thrown by a call into the module, means the instance can no
 * longer be trusted: a trap, an exhausted stack, or a JavaScript exception
 * that unwound through Rust. The face's own errors are Errors it named.
 * @param {unknown} e
 */
export function isTrap(e) {
  if (typeof WebAssembly !== "undefined" && e instanceof WebAssembly.RuntimeError) return true;
  return e instanceof RangeError;
}

/** Whether `e` says a core of an instance that was restarted was used. @param {unknown} e */
export function isStale(e) {
  return e instanceof Error && /stale object from previous Wasm instance/.test(e.message);
}
