// @ts-check
// Updates of the JS copies the client hands out, by path copying: what
// changed gets new objects and arrays, everything else keeps its identity,
// so React re-renders only what changed. Imported by src/wasm/js.rs;
// tested on its own by tests/node/copy-on-write.test.mjs.
/** @typedef {any} Json A JSON value the client handed out (never edited in place). */
/** @typedef {{ op: string, path: string, from?: string, value?: Json }} PatchOp */

/** A new array with the same members. @param {Json[]} a */
export function sliceArray(a) { return a.slice(); }
// Replays a JSON Patch that already succeeded in the core on an immutable
// JS copy: containers on each touched path are copied, the rest is shared.
// Containers copied by this replay are nobody else's yet, so later
// operations of the same replay edit them in place: a batch of n
// operations under one large array copies it once, not n times.
/** @param {string} path @returns {string[]} */
function tokens(path) {
  return path === "" ? [] : path.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}
/** @param {Json} v */
const shallow = (v) => (Array.isArray(v) ? v.slice() : { ...v });
/** @param {Json} node @param {any} key @returns {any} */
const at = (node, key) => (Array.isArray(node) ? (key === "-" ? node.length : Number(key)) : key);
/** @param {Json} root @param {string[]} toks */
function valueAt(root, toks) {
  let v = root;
  for (const t of toks) v = v[at(v, t)];
  return v;
}
/** @param {Json} node @param {string} key @param {Json} value */
function setOwn(node, key, value) {
  // An own "__proto__" key, as JSON.parse makes it, not the prototype.
  if (key === "__proto__") Object.defineProperty(node, key, { value, writable: true, enumerable: true, configurable: true });
  else node[key] = value;
}
class Replay {
  constructor() {
    /** @type {WeakSet<object>} */
    this.fresh = new WeakSet();
  }
  /** @param {Json} v */
  own(v) {
    if (this.fresh.has(v)) return v;
    const c = shallow(v);
    this.fresh.add(c);
    return c;
  }
  // Copies the root and the containers down the first `end` tokens;
  // returns the copied root and the container reached.
  /** @param {Json} root @param {string[]} toks @param {number} end @returns {[Json, Json]} */
  walk(root, toks, end) {
    const copy = this.own(root);
    let node = copy;
    for (let i = 0; i < end; i++) {
      const k = at(node, toks[i]);
      node[k] = this.own(node[k]);
      node = node[k];
    }
    return [copy, node];
  }
  /** @param {Json} root @param {string[]} toks @param {(parent: Json, key: any) => Json} edit */
  change(root, toks, edit) {
    if (toks.length === 0) return edit(undefined, undefined);
    const [copy, parent] = this.walk(root, toks, toks.length - 1);
    edit(parent, toks[toks.length - 1]);
    return copy;
  }
  /** @param {Json} root @param {string[]} toks @param {Json} value */
  add(root, toks, value) {
    return this.change(root, toks, (parent, key) => {
      if (parent === undefined) return value;
      if (Array.isArray(parent)) parent.splice(at(parent, key), 0, value);
      else setOwn(parent, key, value);
    });
  }
  /** @param {Json} root @param {string[]} toks */
  remove(root, toks) {
    return this.change(root, toks, (parent, key) => {
      if (parent === undefined) return null;
      if (Array.isArray(parent)) parent.splice(at(parent, key), 1);
      else delete parent[key];
    });
  }
}
/** @param {Json} root @param {PatchOp[]} ops */
export function applyPatchCow(root, ops) {
  let r = new Replay();
  for (const op of ops) {
    const path = tokens(op.path);
    switch (op.op) {
      case "add":
        root = r.add(root, path, op.value);
        break;
      case "remove":
        root = r.remove(root, path);
        break;
      case "replace":
        root = r.change(root, path, (parent, key) => {
          if (parent === undefined) return op.value;
          if (Array.isArray(parent)) parent[at(parent, key)] = op.value;
          else setOwn(parent, key, op.value);
        });
        break;
      case "move": {
        const from = tokens(op.from ?? "");
        const value = valueAt(root, from);
        root = r.add(r.remove(root, from), path, value);
        break;
      }
      case "copy":
        root = r.add(root, path, valueAt(root, tokens(op.from ?? "")));
        // The value now sits at two paths: neither may be edited in place.
        r = new Replay();
        break;
    }
  }
  return root;
}
/**
 * The partial value `root` with the container at `tail.path` cut back to
 * `tail.from` members (arrays) and `tail.members` added.
 * @param {Json} root @param {{ path: string[], from: number, members: any[] }} tail
 */
export function withTail(root, tail) {
  const [copy, node] = new Replay().walk(root, tail.path, tail.path.length);
  if (Array.isArray(node)) {
    node.length = tail.from;
    for (const v of tail.members) node.push(v);
  } else {
    for (const [k, v] of tail.members) setOwn(node, k, v);
  }
  return copy;
}
/** @param {Json} obj @param {number} index @param {string} suffix */
export function withArgsAppended(obj, index, suffix) {
  const calls = obj.toolCalls.slice();
  const call = calls[index];
  calls[index] = { ...call, function: { ...call.function, arguments: call.function.arguments + suffix } };
  return { ...obj, toolCalls: calls };
}
/** @param {Json} obj @param {string} suffix */
export function withAppended(obj, suffix) {
  const copy = { ...obj };
  copy.content = (typeof copy.content === "string" ? copy.content : "") + suffix;
  return copy;
}
