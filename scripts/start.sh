#!/usr/bin/env bash
# `npm start`: install, build and start the product on the embedded defaults
# (SQLite in DATA_DIR, local files, in-process queue, dev outbox, sandbox payments).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "==> Starting on http://localhost:${PORT:-8080}/productimage/"
exec node_modules/.bin/tsx packages/server/src/index.ts
