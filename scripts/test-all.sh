#!/usr/bin/env bash
# Every test, in order: the static checks, the unit tests, the database and API tests, the production build and
# the browser journeys against it. Stops at the first step that fails, and prints how long each step took.
set -uo pipefail
cd "$(dirname "$0")/.."
steps=("static checks:bash scripts/static-checks.sh" "unit tests:npm run --silent test:unit" "database and API tests:npm run --silent test:db" "build:NAVALHA_TYPES_CHECKED=1 npm run --silent build" "browser journeys:npm run --silent test:e2e")
times=()
status=0
for step in "${steps[@]}"; do
  name="${step%%:*}"
  echo "== ${name}"
  start=$SECONDS
  bash -c "${step#*:}"
  status=$?
  times+=("$(printf '%-24s %4d s%s' "$name" $((SECONDS - start)) "$([ "$status" -eq 0 ] || echo '  FAILED')")")
  [ "$status" -eq 0 ] || break
done
echo "== Time per step"
printf '%s\n' "${times[@]}"
exit "$status"
