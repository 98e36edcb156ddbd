#!/usr/bin/env bash
# Installs dependencies when needed and builds the front ends. Used by `npm start` and `npm test`.
set -euo pipefail
cd "$(dirname "$0")/.."

# The Node.js version README promises: the lowest of package.json's engines.node (">=20.20.2").
need=$(node -p 'require("./package.json").engines.node.replace(/^>=\s*/, "")')
ver=$(node -p 'process.versions.node')
if ! node -e '
  const [have, need] = process.argv.slice(1).map((v) => v.split(".").map(Number));
  const i = need.findIndex((n, k) => have[k] !== n);
  process.exit(i < 0 || have[i] > need[i] ? 0 : 1);' "$ver" "$need"; then
  echo "Node.js >= ${need} is required (found ${ver})." >&2
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
  echo "==> Installing dependencies (npm ci; on a machine's first install better-sqlite3 compiles from source, about a minute)"
  # JOBS=max: node-gyp compiles SQLite and better-sqlite3's own code on all cores at once.
  timed "install (npm ci)" env JOBS=max npm ci --no-audit --no-fund
  # Keeps that compile in the npm cache, where better-sqlite3's installer looks before it downloads:
  # the next clean install on this machine unpacks it instead of compiling (scripts/cache-sqlite-build.mjs).
  node scripts/cache-sqlite-build.mjs
fi

# The server (TypeScript to JavaScript, packages/{core,server}/dist), the web app, the embed SDK and
# the Base plugins do not depend on one another (the front ends and the showcase read the sources, not
# dist): built side by side (each is mostly one busy thread), each into its own log, printed in order
# once all are done. The web app's build is the long pole (its showcase runs the local engine).
echo "==> Building the server, the web app, the embed SDK and the Feishu/Lark Base extensions (plugins/*), side by side"
logs=$(mktemp -d)
builds_t0=$(date +%s.%N)
pids=()
timed "build: server (side by side)" node scripts/build-server.mjs >"$logs/0-server.log" 2>&1 &
pids+=($!)
timed "build: web app (side by side)" npm run build --silent -w packages/web >"$logs/1-web.log" 2>&1 &
pids+=($!)
if [ -f embed-sdk/vite.config.ts ]; then
  timed "build: embed SDK (side by side)" npm run build --silent -w embed-sdk >"$logs/2-embed.log" 2>&1 &
  pids+=($!)
fi
# build:plugins also prints the bundle sizes.
timed "build: plugins (side by side)" npm run build:plugins --silent >"$logs/3-plugins.log" 2>&1 &
pids+=($!)
# CI (scripts/test.sh sets CHECK_ENGINES=1): every installed package must accept the promised Node.js.
# It reads only package-lock.json and node_modules, so it runs beside the builds (about 1.5 s of one
# core that was before them).
if [ "${CHECK_ENGINES:-}" = "1" ]; then
  echo "==> Checking the engines of the installed packages against package.json engines.node (beside the builds)"
  timed "check: engines (side by side)" node_modules/.bin/tsx scripts/check-engines.ts >"$logs/4-engines.log" 2>&1 &
  pids+=($!)
fi
failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
if [ -n "${TEST_TIMINGS_DIR:-}" ]; then
  printf '%s\t%s\n' "builds: server, web, embed SDK, plugins (wall)" "$(awk -v a="$builds_t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1f", b-a}')" >>"$TEST_TIMINGS_DIR/setup.tsv"
fi
for log in "$logs"/*.log; do
  echo "--- $(basename "$log" .log | cut -d- -f2-)"
  cat "$log"
done
rm -rf "$logs"
if [ "$failed" = "1" ]; then
  echo "A build or the engines check failed (its output is above)." >&2
  exit 1
fi
