#!/usr/bin/env bash
# Every test the project has, in the order CI runs them. `npm test` runs this; so does .ci/run.
#
# The browser tests wait on pages and timers as well as compute, so they run in E2E_SHARDS shards
# at once (default 2), each against its own server on its own port with its own database, the spec
# files split by the seconds they took in a recent run (scripts/e2e-shards.mjs). The API suites
# (SQLite; PostgreSQL with Redis) run after them, side by side, each in one worker: beside the
# browsers they were starved of CPU, and their limits (event-loop lag, document work time, the fuzz
# walk) failed for it. Their output is kept in files and printed whole once they are done. The run
# fails when any of them fails.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

started=$SECONDS
step() { printf '\n== %s (at %d s)\n' "$*" "$((SECONDS - started))"; }

logs="$(mktemp -d -t portal-tests.XXXXXX)"
trap 'rm -rf "$logs"' EXIT

# Runs two named commands at once, each into its own log, then prints both logs; fails when either fails.
both() {
  local first="$1" first_command="$2" second="$3" second_command="$4" status=0
  step "$first and $second, at once"
  bash -c "$first_command" >"$logs/$first.log" 2>&1 &
  local first_pid=$!
  bash -c "$second_command" >"$logs/$second.log" 2>&1 &
  local second_pid=$!
  wait "$first_pid" || status=1
  printf '\n== %s\n' "$first"
  cat "$logs/$first.log"
  wait "$second_pid" || status=1
  printf '\n== %s\n' "$second"
  cat "$logs/$second.log"
  return "$status"
}

# The route types first (what the typecheck and the linter's import resolver read). Then two pairs
# that share the two cores without touching each other's files: the build beside the linter, and the
# typecheck beside the unit tests (some of which start the built server).
step "route types"
npm run --silent typegen -w @portal/web
both build "npm run --silent build" "lint and formatting" "npm run --silent lint && npm run --silent format:check"
both typecheck "npm run --silent typecheck:ts" "unit tests" "npx vitest run --project unit"

with_postgres=false
if node scripts/pg-available.mjs; then
  with_postgres=true
elif [ "${CI:-}" = "true" ]; then
  echo "PostgreSQL is required under CI=true but is not reachable at ${TEST_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}" >&2
  exit 1
fi

shards="${E2E_SHARDS:-2}"
step "browser tests (Playwright, Debian's Chromium) in $shards shards"
shard_pids=()
for shard in $(seq 1 "$shards"); do
  mapfile -t specs < <(node scripts/e2e-shards.mjs "$shard" "$shards")
  [ "${#specs[@]}" -gt 0 ] || continue
  # Each shard's lines carry its number; ports 3100, 3110, ... keep the shards' servers apart.
  (E2E_PORT=$((3100 + 10 * (shard - 1))) npx playwright test --output="test-results/shard-$shard" "${specs[@]}" 2>&1 |
    sed -u "s/^/[browser $shard] /" | tee "$logs/browser-$shard.log"; exit "${PIPESTATUS[0]}") &
  shard_pids+=("$!")
done
browser_status=0
for pid in "${shard_pids[@]}"; do
  wait "$pid" || browser_status=$?
done

# One API suite in the background, its output kept for the end.
api_suite() {
  local project="$1" title="$2"
  (
    printf '\n== %s\n' "$title"
    npx vitest run --project "$project" --maxWorkers=1
  ) >"$logs/$project.log" 2>&1 &
  api_pids+=("$!")
  api_logs+=("$logs/$project.log")
}

step "API tests (SQLite; PostgreSQL and Redis), side by side; their output follows them"
api_pids=()
api_logs=()
api_suite api-sqlite "API tests on SQLite"
if [ "$with_postgres" = true ]; then
  api_suite api-postgres "API tests on PostgreSQL and Redis"
else
  echo "PostgreSQL not reachable: the PostgreSQL suite is skipped outside CI"
fi
api_status=0
for pid in "${api_pids[@]}"; do
  wait "$pid" || api_status=$?
done
cat "${api_logs[@]}"

step "summary"
echo "browser tests: $([ "$browser_status" = 0 ] && echo passed || echo "FAILED ($browser_status)")"
if [ "$browser_status" != 0 ]; then
  # The failed tests again, each with the first lines of its error, since a CI log is often read from its end.
  for log in "$logs"/browser-*.log; do
    awk '/^\[browser [0-9]+\] +[0-9]+\) \[/ { shown = 12 } shown > 0 { print; shown-- }' "$log"
  done
fi
echo "API tests: $([ "$api_status" = 0 ] && echo passed || echo "FAILED ($api_status)")"
[ "$browser_status" = 0 ] && [ "$api_status" = 0 ]
