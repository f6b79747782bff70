#!/usr/bin/env bash
# Benchmarks agui-wasm against @ag-ui/client 1.0.4 (zod 3.25.76) in Node and headless
# Chromium, and writes BENCHMARKS.md and bench/chart.svg (about 6 minutes on
# 2 cores). Not part of the test command.
#
#   bench/run.sh                                 everything
#   bench/run.sh --scenario 1 --node-only        one scenario, printed, BENCHMARKS.md untouched
#   bench/run.sh --help                          all options
#   bench/run.sh --copilotkit [--write]          only the CopilotKit app benchmark (issue 15,
#                                                bench/copilotkit.mjs, about 2 minutes; --help there)
#   bench/run.sh --cold-start [--write]          only the cold-start benchmark (issue 16,
#                                                bench/cold-start.mjs, about 2 minutes; --help there)
#
# Installs the bench's npm packages when missing and builds pkg/ when it is
# missing (a stale pkg/ is used as it is: rebuild with scripts/build-pkg.sh).
set -euo pipefail
cd "$(dirname "$0")"

# A separate benchmark with its own app and dependencies (tests/copilotkit-app).
if [ "${1:-}" = --copilotkit ]; then
  shift
  exec node copilotkit.mjs "$@"
fi

if [ ! -d node_modules/@ag-ui/client ] || [ ! -d node_modules/esbuild ] || [ ! -d node_modules/playwright-core ]; then
  echo "==> npm install (bench)" >&2
  npm install --no-audit --no-fund --loglevel=error
fi
if [ ! -f ../pkg/dist/agui_wasm_bg.wasm ]; then
  echo "==> build the package (pkg/)" >&2
  ../scripts/build-pkg.sh
fi
# A separate benchmark (bench/cold-start.mjs) on the bench's own packages.
if [ "${1:-}" = --cold-start ]; then
  shift
  exec node cold-start.mjs "$@"
fi
for a in "$@"; do
  if [ "$a" = --node-only ] || [ "$a" = --help ] || [ "$a" = -h ]; then skip_browser=1; fi
done
if [ -z "${skip_browser:-}" ] && [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
  echo "no Chromium at ${CHROMIUM:-/usr/bin/chromium}: apt-get install chromium, set CHROMIUM, or pass --node-only" >&2
  exit 1
fi
exec node bench.mjs "$@"
