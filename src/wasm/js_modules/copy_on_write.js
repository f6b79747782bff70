// @ts-check
// Updates of the JS copies the client hands out, by path copying: what
// changed gets new objects and arrays, everything else keeps its identity,
// so React re-renders only what changed. Imported by src/wasm/js.rs;
// tested on its own by tests/node/copy-on-write.test.mjs.
/** @typedef {any} Json A JSON value the client handed out (never edited in place). */

/** A new array with the same members. @param {Json[]} a */
export function sliceArray(a) { return a.slice(); }
/** Whether `a` and `b` hold the same objects in the same order. @param {Json[]} a @param {Json[]} b */
export function sameElements(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
/**
 * Edits as one flat array (`core::json_patch::Edits`): for each, its kind
 * (0 set, 1 insert, 2 remove), the length of its path, the path's keys and
 * indices, and unless it removes, the value. One flat array parses at a
 * third of the cost of an array of small objects.
 * @typedef {Json[]} Edits
 */
const SET = 0, REMOVE = 2;

/** @param {Json} v */
const shallow = (v) => (Array.isArray(v) ? v.slice() : { ...v });
/** @param {Json} node @param {string | number} key @param {Json} value */
function setOwn(node, key, value) {
  // An own "__proto__" key, as JSON.parse makes it, not the prototype.
  if (key === "__proto__") Object.defineProperty(node, key, { value, writable: true, enumerable: true, configurable: true });
  else node[key] = value;
}
/**
 * A container copied by one `applyEdits`, with the ones copied under it by
 * key. Copies made by one call are nobody else's yet, so later edits of the
 * same call change them in place: a batch of n edits under one large array
 * copies it once, not n times. They are found again by the path the edits
 * give, not by identity in a WeakSet, whose lookups (one per container and
 * edit) and entries (ephemerons, for the collector) cost more: scenario 3
 * of the bench 0.90x in alternated pairs (Node 20), the replay alone 0.60
 * against 0.48 us an event.
 * @typedef {{ node: Json, kids: Map<string | number, Fresh> | null }} Fresh
 */

/**
 * The JS copy `root` after the edits the core's JSON Patch made (paths
 * already resolved): the containers on each edited path are new,
 * everything else is shared. No JSON Patch is interpreted here: the core
 * did that once.
 * @param {Json} root @param {Edits} edits
 */
export function applyEdits(root, edits) {
  /** @type {Fresh | null} */
  let top = null;
  for (let i = 0; i < edits.length; ) {
    const kind = edits[i];
    const start = i + 2;
    const end = start + edits[i + 1];
    const value = kind === REMOVE ? undefined : edits[end];
    i = kind === REMOVE ? end : end + 1;
    if (end === start) {
      root = kind === REMOVE ? null : value;
      top = null;
      continue;
    }
    if (!top) top = { node: (root = shallow(root)), kids: null };
    let at = top;
    for (let j = start; j < end - 1; j++) {
      const k = edits[j];
      let next = at.kids?.get(k);
      if (!next) {
        next = { node: shallow(at.node[k]), kids: null };
        at.node[k] = next.node;
        (at.kids ??= new Map()).set(k, next);
      }
      at = next;
    }
    const parent = at.node;
    const key = edits[end - 1];
    // What was copied under a key the edit replaced or removed is gone
    // with it; an array's insertion or removal moves the later elements,
    // so nothing copied in it is known by its index any more.
    if (Array.isArray(parent) && kind !== SET) {
      if (kind === REMOVE) parent.splice(Number(key), 1);
      else parent.splice(Number(key), 0, value);
      at.kids = null;
    } else {
      if (kind === REMOVE) delete parent[key];
      else setOwn(parent, key, value);
      at.kids?.delete(key);
    }
  }
  return root;
}

/**
 * The partial value `root` with the container at `path` cut back to `from`
 * members (arrays) and the members `flat` added, an object's as key, value,
 * key, value; if `grown`, the first of them is what was added to the string
 * there, not the whole string again (a long string argument re-sent whole on
 * every delta made its stream quadratic).
 * @param {Json} root @param {(string | number)[]} path @param {number} from @param {any[]} flat @param {boolean} grown
 */
export function withMembers(root, path, from, flat, grown) {
  // One path, each container on it copied once: nothing to remember of
  // what was copied (a WeakSet of the copies cost 0.38 against 0.21 us a
  // call, Node 20).
  const copy = shallow(root);
  let node = copy;
  for (const k of path) node = node[k] = shallow(node[k]);
  if (Array.isArray(node)) {
    if (grown) flat[0] = node[from] + flat[0];
    node.length = from;
    for (const v of flat) node.push(v);
  } else {
    if (grown) flat[1] = node[flat[0]] + flat[1];
    for (let i = 0; i < flat.length; i += 2) setOwn(node, flat[i], flat[i + 1]);
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
/** An activity message whose content the core patched: the content path-copied by the patches' edits. @param {Json} obj @param {Edits} edits */
export function withContentEdits(obj, edits) {
  return { ...obj, content: applyEdits(obj.content, edits) };
}
/** @param {Json} obj @param {string} suffix */
export function withAppended(obj, suffix) {
  const copy = { ...obj };
  copy.content = (typeof copy.content === "string" ? copy.content : "") + suffix;
  return copy;
}
