#!/usr/bin/env bash
# `npm test`: every test of the repository (unit, integration on SQLite and PostgreSQL, Redis queue,
# browser journeys in Chromium). Tests needing PostgreSQL or Redis run whenever they answer;
# REQUIRE_SERVICES=1 (CI) turns a missing service into a failure.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/ensure-chromium.sh
exec node_modules/.bin/vitest run "$@"
