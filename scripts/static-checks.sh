#!/usr/bin/env bash
# The type check and the linter at once (each uses one core; CI has two), each one's output printed
# whole after it ends; fails when either fails.
set -uo pipefail
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
npm run --silent typecheck > "$dir/typecheck" 2>&1 &
typecheck=$!
npm run --silent lint > "$dir/lint" 2>&1
lint=$?
wait "$typecheck"
types=$?
echo "== typecheck (tsc --noEmit): $([ "$types" -eq 0 ] && echo passed || echo FAILED)"
cat "$dir/typecheck"
echo "== lint (eslint .): $([ "$lint" -eq 0 ] && echo passed || echo FAILED)"
cat "$dir/lint"
[ "$types" -eq 0 ] && [ "$lint" -eq 0 ]
