#!/usr/bin/env bash
# `npm start`: install, build and start the product on the embedded defaults
# (SQLite in DATA_DIR, local files, in-process queue, dev outbox, sandbox payments).
set -euo pipefail
cd "$(dirname "$0")/.."
# SKIP_SETUP=1 starts what is already installed and built (a restart, or tests that built it).
if [ "${SKIP_SETUP:-}" != "1" ]; then bash scripts/setup.sh; fi
echo "==> Starting on http://localhost:${PORT:-8080}/productimage/"
. scripts/huge-pages.sh
# The built server on plain node (scripts/build-server.mjs ran in setup.sh): no TypeScript loader at run time.
exec node --conditions=compiled packages/server/dist/app/index.js
