// A request's body, read whole: the bytes, and the JSON value they hold
// (undefined when they are not JSON), for the test servers and the
// benchmark servers that answer or forward agent runs.

/** @param {AsyncIterable<Buffer>} req @returns {Promise<{ raw: Buffer, json: any }>} */
export async function readRequest(req) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const raw = Buffer.concat(chunks);
  let json;
  try {
    json = JSON.parse(raw.toString("utf8"));
  } catch {}
  return { raw, json };
}
