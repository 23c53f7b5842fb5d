#!/usr/bin/env bash
# The type check, the linter and the format check at once (CI has two cores; the format check mostly reads files),
# each one's output printed whole after it ends; fails when any fails.
set -uo pipefail
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
npm run --silent typecheck > "$dir/typecheck" 2>&1 &
typecheck=$!
npm run --silent format:check > "$dir/format" 2>&1 &
format=$!
npm run --silent lint > "$dir/lint" 2>&1
lint=$?
wait "$typecheck"
types=$?
wait "$format"
formatted=$?
echo "== typecheck (tsc --noEmit): $([ "$types" -eq 0 ] && echo passed || echo FAILED)"
cat "$dir/typecheck"
echo "== lint (eslint .): $([ "$lint" -eq 0 ] && echo passed || echo FAILED)"
cat "$dir/lint"
echo "== format (prettier --check; npm run format writes it): $([ "$formatted" -eq 0 ] && echo passed || echo FAILED)"
cat "$dir/format"
[ "$types" -eq 0 ] && [ "$lint" -eq 0 ] && [ "$formatted" -eq 0 ]
