#!/usr/bin/env bash
# The database and API tests. PGlite runs queries synchronously in WebAssembly, so a query that never
# ends would block Jest's own timeouts; once (in about ten full runs) the suite stopped making progress
# (cause found since: PGlite linked its extension libraries concurrently, see lib/server/db/pglite-dylibs.ts).
# A run is therefore given 10 minutes; one that runs out of time is reported and tried once more.
# Failures are never retried: only a run that was stopped for time.
set -uo pipefail
run() {
  NODE_OPTIONS=--experimental-vm-modules timeout --signal=KILL "${DB_TEST_TIMEOUT:-600}" \
    npx jest --selectProjects db --runInBand "$@" --reporters=default --reporters="$PWD/jest/file-start-reporter.cjs"
}
run "$@"
status=$?
if [ "$status" -eq 137 ]; then
  echo "!! The database tests did not finish within ${DB_TEST_TIMEOUT:-600} s (the last '▶' line above is the file that was running); trying once more." >&2
  run "$@"
  status=$?
fi
exit "$status"
