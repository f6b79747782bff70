// agui-wasm/react: `useAgent(client)`, an AgentClient as React state.
//
// Built on useSyncExternalStore. The client's getters are already stable
// snapshots: `messages` is the same array until something changes, and an
// unchanged message keeps its object across updates, so a `React.memo` row
// for an earlier message is skipped while a later one streams.
//
// This module loads no WebAssembly itself: it only calls the client it is
// given.
import { useCallback, useMemo, useSyncExternalStore } from "react";

// One store per client, shared by every component that uses it, with one
// client subscription while any of them is mounted.
const stores = new WeakMap();

function storeOf(client) {
  let store = stores.get(client);
  if (store) return store;

  const listeners = new Set();
  let subscription = null;
  let snapshot = null;

  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  // Callbacks return nothing: a returned object would be a mutation.
  const changed = () => {
    notify();
  };

  store = {
    subscribe(listener) {
      listeners.add(listener);
      if (subscription === null) {
        subscription = client.subscribe({
          onRunInitialized: changed,
          onMessagesChanged: changed,
          onStateChanged: changed,
          onRunFailed: changed,
          onRunFinalized: changed,
        });
        // A run already under way picks this subscription up at its next
        // network chunk; until then the snapshot read below is current.
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && subscription !== null) {
          const s = subscription;
          subscription = null;
          s.unsubscribe();
        }
      };
    },
    getSnapshot() {
      const messages = client.messages;
      const state = client.state;
      const isRunning = client.isRunning;
      if (
        snapshot === null ||
        snapshot.messages !== messages ||
        snapshot.state !== state ||
        snapshot.isRunning !== isRunning
      ) {
        snapshot = { messages, state, isRunning };
      }
      return snapshot;
    },
    notify,
  };
  stores.set(client, store);
  return store;
}

/**
 * `const { messages, state, isRunning, run, abort } = useAgent(client)`.
 * `run(params, subscriber)` is `client.runAgent(params, subscriber)`;
 * `abort()` is `client.abortRun()`. Both keep their identity for a client.
 */
export function useAgent(client) {
  const store = storeOf(client);
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const run = useCallback(
    (params, subscriber) => {
      const done = client.runAgent(params, subscriber);
      // A run that fails before it starts (bad parameters, unanswered
      // interrupts) calls no subscriber; re-read when it settles.
      done.then(store.notify, store.notify);
      return done;
    },
    [client, store],
  );
  const abort = useCallback(() => client.abortRun(), [client]);
  return useMemo(
    () => ({ messages: snap.messages, state: snap.state, isRunning: snap.isRunning, run, abort }),
    [snap, run, abort],
  );
}
