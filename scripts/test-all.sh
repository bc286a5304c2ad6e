#!/usr/bin/env bash
# Every test the project has, in the order CI runs them. `npm test` runs this; so does .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

step() { printf '\n== %s\n' "$*"; }

step "typecheck"
npm run --silent typecheck
step "lint and formatting"
npm run --silent lint
npm run --silent format:check
step "build"
npm run --silent build

step "unit tests and API tests on SQLite"
npx vitest run --project unit --project api-sqlite

if node scripts/pg-available.mjs; then
  step "API tests on PostgreSQL and Redis"
  npx vitest run --project api-postgres
elif [ "${CI:-}" = "true" ]; then
  echo "PostgreSQL is required under CI=true but is not reachable at ${TEST_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}" >&2
  exit 1
else
  echo "PostgreSQL not reachable: the PostgreSQL suite is skipped outside CI"
fi

step "browser tests (Playwright, Debian's Chromium)"
npx playwright test
