#!/usr/bin/env bash
# The database and API tests. PGlite runs queries synchronously in WebAssembly, so a query that never
# ends would block Jest's own timeouts; once (in about ten full runs) the suite stopped making progress
# (cause found since: PGlite linked its extension libraries concurrently, see lib/server/db/pglite-dylibs.ts).
# A run is therefore given 10 minutes; one that runs out of time is reported and tried once more.
# Failures are never retried: only a run that was stopped for time. Each test file has a database of
# its own (lib/server/db/testing.ts), so files run two at a time (DB_TEST_WORKERS; 1 runs them in band):
# on this 2-core machine 157 s instead of about 200 s on PGlite, 59 s instead of 90 s on PostgreSQL.
# Each file loads the app's modules and an embedded database afresh, and a worker does not give all of it back: a
# worker kept for the whole run grew to about 1 GB of heap and ran its last files 3–4 times slower than its first
# (the PGlite run took 296 s instead of 165 s). A worker whose heap passes DB_TEST_WORKER_MEMORY after a file is
# replaced by a fresh one, in about a second (decision 0064). The unit tests keep their workers: restarting cost more.
set -uo pipefail
run() {
  NODE_OPTIONS=--experimental-vm-modules timeout --signal=KILL "${DB_TEST_TIMEOUT:-600}" \
    npx jest --selectProjects db --maxWorkers="${DB_TEST_WORKERS:-2}" --workerIdleMemoryLimit="${DB_TEST_WORKER_MEMORY:-250MB}" "$@" --reporters=default --reporters="$PWD/jest/file-start-reporter.cjs"
}
run "$@"
status=$?
if [ "$status" -eq 137 ]; then
  echo "!! The database tests did not finish within ${DB_TEST_TIMEOUT:-600} s (the last '▶' lines above are the files that were running); trying once more." >&2
  run "$@"
  status=$?
fi
exit "$status"
