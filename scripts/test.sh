#!/usr/bin/env bash
# `npm test`: every test of the repository (unit, integration on SQLite and PostgreSQL, Redis queue,
# browser journeys in Chromium). Tests needing PostgreSQL or Redis run whenever they answer;
# REQUIRE_SERVICES=1 (CI) turns a missing service into a failure.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/ensure-chromium.sh
bash scripts/ensure-zbar.sh
node_modules/.bin/vitest run "$@"

# The whole suite (no arguments) also runs the first wave's journeys once more against the scale-out
# topology: 2 API + 2 worker processes of the built server on PostgreSQL, Redis and S3 behind a
# balancer (tests/support/cluster.ts, docs/scaling.md). It needs PostgreSQL and Redis.
if [ $# -eq 0 ]; then
  if (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null && (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; then
    echo "==> First-wave journeys against the scale-out topology (E2E_TOPOLOGY=scaled)"
    E2E_TOPOLOGY=scaled node_modules/.bin/vitest run --project e2e \
      tests/smoke.e2e.test.ts tests/auth.e2e.test.ts tests/tools.e2e.test.ts tests/member.e2e.test.ts tests/inbox.e2e.test.ts
  elif [ "${REQUIRE_SERVICES:-}" = "1" ]; then
    echo "The scale-out journeys need PostgreSQL and Redis (REQUIRE_SERVICES=1)." >&2
    exit 1
  else
    echo "NOTICE: PostgreSQL or Redis does not answer; the scale-out journeys are skipped on this machine."
  fi
fi
