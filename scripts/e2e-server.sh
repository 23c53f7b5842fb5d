#!/usr/bin/env bash
# Serves the built app for Playwright with a freshly seeded embedded database of its own.
set -euo pipefail
port="${1:-3100}"
export NEXT_TELEMETRY_DISABLED=1
export PGLITE_DIR="${E2E_PGLITE_DIR:-./.data-e2e/pglite}"
export NODE_ENV=production
# The journeys read reset links on /dev/outbox, which production builds hide unless it is enabled and
# the request gives its key; e2e/outbox.ts holds the same default key.
export ENABLE_DEV_OUTBOX="${ENABLE_DEV_OUTBOX:-1}"
export DEV_OUTBOX_KEY="${DEV_OUTBOX_KEY:-e2e-outbox-key-not-a-secret}"
# The journeys stand for the proxy in front: each writes the visitor's address in X-Forwarded-For.
export TRUST_PROXY="${TRUST_PROXY:-1}"
# A production server needs the address its links name: the one the journeys open.
export PUBLIC_SITE_URL="${PUBLIC_SITE_URL:-http://127.0.0.1:${port}}"
rm -rf "$(dirname "$PGLITE_DIR")"
mkdir -p "$(dirname "$PGLITE_DIR")"
# A copy of the server's output, which e2e/hostile-input.spec.ts searches for leaked tokens.
exec > >(tee "$(dirname "$PGLITE_DIR")/server.log") 2>&1
# The demo data and the journeys' own shops (one with HTML and script in its texts, the team journey's), in one process.
npx tsx --conditions=react-server scripts/seed-e2e.ts
# The CEP lookup, the geocoder and the map's tiles of shop onboarding: local stand-ins (tests/fakes/geo.ts).
geo_port="${GEO_FAKE_PORT:-$((port + 20000))}"
npx tsx tests/fakes/geo.ts "$geo_port" &
export CEP_LOOKUP_URL="http://127.0.0.1:${geo_port}/ws"
export GEOCODER_URL="http://127.0.0.1:${geo_port}"
export MAP_TILE_URL="http://127.0.0.1:${geo_port}/tiles/{z}/{x}/{y}.png"
export MAP_TILE_ATTRIBUTION="${MAP_TILE_ATTRIBUTION:-© OpenStreetMap contributors (local tiles)}"
# Web Push alerts: a VAPID key pair for this start unless one is set (browsers subscribed before subscribe again).
if [ -z "${WEB_PUSH_VAPID_PUBLIC_KEY:-}" ]; then
  eval "$(node -e 'const k = require("web-push").generateVAPIDKeys(); console.log(`export WEB_PUSH_VAPID_PUBLIC_KEY=${k.publicKey} WEB_PUSH_VAPID_PRIVATE_KEY=${k.privateKey}`)')"
fi
# The push service the push journey starts on this machine (e2e/push-alerts.spec.ts holds the same port): the one http
# origin the server may push to; every other endpoint must be https on a known push service, as in production.
push_port="${PUSH_FAKE_PORT:-$((port + 21000))}"
export WEB_PUSH_HTTP_ORIGINS="${WEB_PUSH_HTTP_ORIGINS:-http://127.0.0.1:${push_port}}"
exec node server.mjs -p "$port" -H 127.0.0.1
