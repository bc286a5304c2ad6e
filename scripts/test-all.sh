#!/usr/bin/env bash
# Every test the project has, in the order CI runs them. `npm test` runs this; so does .ci/run.
#
# The browser tests wait on pages and timers far more than they compute (under half of one core on
# average), so the API suites run beside them in one worker each, one after the other and at a lower
# CPU priority, instead of before them: the run takes about as long as the browser tests alone. Their output is kept in a file
# and printed whole once they are done; the run fails when either side fails.
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

step "unit tests"
npx vitest run --project unit

with_postgres=false
if node scripts/pg-available.mjs; then
  with_postgres=true
elif [ "${CI:-}" = "true" ]; then
  echo "PostgreSQL is required under CI=true but is not reachable at ${TEST_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}" >&2
  exit 1
fi

api_log="$(mktemp -t portal-api-tests.XXXXXX)"
trap 'rm -f "$api_log"' EXIT
api_suites() {
  local failed=0
  step "API tests on SQLite"
  nice -n 10 npx vitest run --project api-sqlite --maxWorkers=1 || failed=1
  if [ "$with_postgres" = true ]; then
    step "API tests on PostgreSQL and Redis"
    nice -n 10 npx vitest run --project api-postgres --maxWorkers=1 || failed=1
  else
    echo "PostgreSQL not reachable: the PostgreSQL suite is skipped outside CI"
  fi
  return "$failed"
}

step "API tests (SQLite, then PostgreSQL and Redis) beside the browser tests; their output follows them"
(api_suites >"$api_log" 2>&1) &
api_pid=$!

step "browser tests (Playwright, Debian's Chromium)"
browser_status=0
npx playwright test || browser_status=$?

api_status=0
wait "$api_pid" || api_status=$?
cat "$api_log"

step "summary"
echo "browser tests: $([ "$browser_status" = 0 ] && echo passed || echo "FAILED ($browser_status)")"
echo "API tests: $([ "$api_status" = 0 ] && echo passed || echo "FAILED ($api_status)")"
[ "$browser_status" = 0 ] && [ "$api_status" = 0 ]
