// A small best-effort reader of a JSON prefix, for tool-call arguments while
// they stream (`{"city": "Pa` reads as { city: "Pa" }). The package has its
// own, exact one (partialToolCallArgs in onToolCallArgsEvent); an app that
// renders straight from `messages` may use something like this.

/** The prefix closed: an open string ended, open objects and arrays shut; null if it ends inside an escape it cannot finish. */
function close(s: string): string | null {
  const stack: string[] = [];
  let inString = false;
  let escaped = false;
  for (const ch of s) {
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === "\\") escaped = true;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === "{") stack.push("}");
    else if (ch === "[") stack.push("]");
    else if (ch === "}" || ch === "]") stack.pop();
  }
  let out = s;
  if (inString) {
    if (escaped) out = out.slice(0, -1);
    out += '"';
  }
  return out + stack.reverse().join("");
}

/** Where to cut off the last, unfinished member: before its comma, or just after the bracket that opened it. */
function lastCut(s: string): number {
  let inString = false;
  let escaped = false;
  let cut = -1;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === "\\") escaped = true;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === ",") cut = i;
    else if (ch === "{" || ch === "[") cut = i + 1;
  }
  return cut;
}

export function parsePartialJson(text: string): unknown {
  let s = text.trim();
  for (let attempt = 0; attempt < 16 && s.length > 0; attempt++) {
    const closed = close(s);
    if (closed !== null) {
      try {
        return JSON.parse(closed);
      } catch {
        // an unfinished member: cut it off and try again
      }
    }
    const cut = lastCut(s);
    if (cut < 0 || cut >= s.length) return undefined;
    s = s.slice(0, cut);
  }
  return undefined;
}
