// A built app served as a host would serve it: the files under one
// directory, the .wasm as application/wasm (streaming compilation requires
// it) and JavaScript as text/javascript (tests/shared/static-files.mjs).
import http from "node:http";
import { serveFile } from "../../shared/static-files.mjs";

/** Serves `dir` on a free port of 127.0.0.1. */
export async function startStaticServer(dir) {
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405);
      return res.end();
    }
    serveFile(dir, req, res);
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => {
      server.closeAllConnections();
      return new Promise((r) => server.close(r));
    },
  };
}
