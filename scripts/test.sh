#!/usr/bin/env bash
# `npm test`: every test of the repository (unit, integration on SQLite and PostgreSQL, Redis queue,
# browser journeys in Chromium). Tests needing PostgreSQL or Redis run whenever they answer;
# REQUIRE_SERVICES=1 (CI) turns a missing service into a failure.
# At the end it prints the run's timings: setup steps, time per project, the 20 slowest files
# (tests/support/timing-reporter.ts, timing-summary.ts; docs/testing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
export TEST_TIMINGS_DIR="${TEST_TIMINGS_DIR:-$(mktemp -d -t inspo-test-timings-XXXXXX)}"
rm -f "$TEST_TIMINGS_DIR"/setup.tsv "$TEST_TIMINGS_DIR"/*.json
summary() { node_modules/.bin/tsx tests/support/timing-summary.ts || true; }
trap summary EXIT

export TEST_RUN_START="${TEST_RUN_START:-$(date +%s.%N)}"

# Debian's chromium and zbar (apt, one after the other: apt takes a lock) install while setup.sh
# installs the npm packages and builds; the tests start once both are done.
(
  for tool in chromium zbar; do
    t0=$(date +%s.%N)
    bash "scripts/ensure-$tool.sh"
    printf '%s\t%s\n' "$tool (ensure-$tool.sh, side by side)" "$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1f", b-a}')" >>"$TEST_TIMINGS_DIR/setup.tsv"
  done
) &
ensure_pid=$!
setup_t0=$(date +%s.%N)
# setup.sh checks, right after installing, that every dependency accepts the promised Node.js
# (scripts/check-engines.ts).
CHECK_ENGINES=1 bash scripts/setup.sh
wait "$ensure_pid"
printf '%s\t%s\n' "setup (wall: setup.sh and the apt packages side by side)" "$(awk -v a="$setup_t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1f", b-a}')" >>"$TEST_TIMINGS_DIR/setup.tsv"
# setup.sh has just built the server: the browser journeys start it with plain node
# (tests/support/server.ts), and the scale-out cluster does not build it again.
export E2E_BUILT_SERVER=1

# The whole suite (no arguments) also runs the browser journeys that cross processes once more against
# the scale-out topology: 2 API + 2 worker processes of the built server on PostgreSQL, Redis and S3
# behind a balancer (tests/support/cluster.ts, docs/scaling.md): vitest.config.ts's project
# `e2e-scaled` (E2E_SCALED_PASS=1), part of the main pass. It needs PostgreSQL and Redis.
# tests/scale-out.e2e.test.ts proves the topology itself: API 1 -> worker -> API 2, SIGKILL mid-task,
# drain, restart. e2e-scaled, with files handed out as S3 presigned URLs: tools (login by API through
# the balancer, upload to S3, a task on a worker with its progress through Redis, download, history,
# the hand-off journey from a cutout, a queued task with no worker) and member
# (a payment notice on one API, the balance read on the other). docs/testing.md names where the
# journeys no longer run there (smoke, auth, inbox) still cover their paths.
if [ $# -eq 0 ]; then
  if (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null && (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; then
    export E2E_SCALED_PASS=1
  elif [ "${REQUIRE_SERVICES:-}" = "1" ]; then
    echo "The scale-out journeys need PostgreSQL and Redis (REQUIRE_SERVICES=1)." >&2
    exit 1
  else
    echo "NOTICE: PostgreSQL or Redis does not answer; the scale-out journeys are skipped on this machine."
  fi
fi
TEST_PASS=main node_modules/.bin/vitest run "$@"
