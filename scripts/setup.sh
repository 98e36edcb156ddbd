#!/usr/bin/env bash
# Installs dependencies when needed and builds the front ends. Used by `npm start` and `npm test`.
set -euo pipefail
cd "$(dirname "$0")/.."

need_major=20; need_minor=19
ver=$(node -p 'process.versions.node')
major=${ver%%.*}; rest=${ver#*.}; minor=${rest%%.*}
if (( major < need_major || (major == need_major && minor < need_minor) )); then
  echo "Node.js >= ${need_major}.${need_minor} is required (found ${ver})." >&2
  exit 1
fi

# timed STEP CMD...: runs CMD and, when TEST_TIMINGS_DIR is set (scripts/test.sh), records its seconds
# for the timings table printed at the end of `npm test` (tests/support/timing-summary.ts).
timed() {
  local step=$1; shift
  local t0; t0=$(date +%s.%N)
  "$@"
  if [ -n "${TEST_TIMINGS_DIR:-}" ]; then
    mkdir -p "$TEST_TIMINGS_DIR"
    printf '%s\t%s\n' "$step" "$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1f", b-a}')" >>"$TEST_TIMINGS_DIR/setup.tsv"
  fi
}

# Install when node_modules is missing or older than the lock file. .npmrc skips onnxruntime's CUDA download.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # better-sqlite3 compiles from source (its prebuilt download is unreachable): it needs a C++ toolchain.
  missing=""
  for tool in python3 make g++; do command -v "$tool" >/dev/null || missing="$missing $tool"; done
  if [ -n "$missing" ]; then
    echo "Missing build tools:$missing. Install them first, e.g. on Debian/Ubuntu: apt-get install -y python3 make g++" >&2
    exit 1
  fi
  echo "==> Installing dependencies (npm ci; better-sqlite3 compiles from source, about a minute)"
  timed "install (npm ci)" npm ci --no-audit --no-fund
fi

echo "==> Building the server (TypeScript to JavaScript, packages/*/dist)"
timed "build: server" node scripts/build-server.mjs

echo "==> Building the web app"
timed "build: web app" npm run build --silent -w packages/web
if [ -f embed-sdk/vite.config.ts ]; then
  echo "==> Building the embed SDK"
  timed "build: embed SDK" npm run build --silent -w embed-sdk
fi
echo "==> Building the Feishu/Lark Base extensions (plugins/*) and printing the bundle sizes"
timed "build: plugins" npm run build:plugins --silent
