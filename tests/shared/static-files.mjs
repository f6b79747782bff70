// A built app served as a browser would fetch it (the .wasm as
// application/wasm, which streaming instantiation requires), for the
// framework apps' test servers and the CopilotKit benchmark. Node only.
import fs from "node:fs";
import path from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".map": "application/json",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
};

/** Answers a GET or HEAD for a file under `distDir` (`/` is index.html); 404 outside it or for anything missing. */
export function serveFile(distDir, req, res) {
  const rel = decodeURIComponent(new URL(req.url, "http://x").pathname);
  const file = path.join(distDir, rel === "/" || rel.endsWith("/") ? path.join(rel, "index.html") : rel);
  if (!file.startsWith(distDir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
    res.writeHead(404);
    return res.end();
  }
  res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
  if (req.method === "HEAD") return res.end();
  fs.createReadStream(file).pipe(res);
}
