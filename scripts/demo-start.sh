#!/usr/bin/env bash
# Serves the built demo on this machine only, with /dev/outbox (reset links, WhatsApp codes) behind a
# key made fresh for each start: whoever can read the outbox can take over any account.
set -euo pipefail
port="${PORT:-3000}"
export ENABLE_DEV_OUTBOX=1
# Links in previews, canonical tags, robots.txt and the sitemap name the address the demo answers on.
export PUBLIC_SITE_URL="${PUBLIC_SITE_URL:-http://127.0.0.1:${port}}"
export DEV_OUTBOX_KEY="${DEV_OUTBOX_KEY:-$(node -e 'process.stdout.write(require("node:crypto").randomBytes(24).toString("base64url"))')}"
# Offline unless told otherwise: the CEP lookup, the geocoder and the map's tiles of shop onboarding are local
# stand-ins (tests/fakes/geo.ts) that know a few streets; set CEP_LOOKUP_URL, GEOCODER_URL and MAP_TILE_URL for the real ones.
if [ -z "${GEOCODER_URL:-}" ]; then
  geo_port="${GEO_FAKE_PORT:-$((port + 20000))}"
  npx tsx tests/fakes/geo.ts "$geo_port" &
  export CEP_LOOKUP_URL="http://127.0.0.1:${geo_port}/ws"
  export GEOCODER_URL="http://127.0.0.1:${geo_port}"
  export MAP_TILE_URL="http://127.0.0.1:${geo_port}/tiles/{z}/{x}/{y}.png"
  export MAP_TILE_ATTRIBUTION="${MAP_TILE_ATTRIBUTION:-© OpenStreetMap contributors (local tiles)}"
fi
# Web Push alerts: a VAPID key pair for this start unless one is set (browsers subscribed before subscribe again).
if [ -z "${WEB_PUSH_VAPID_PUBLIC_KEY:-}" ]; then
  eval "$(node -e 'const k = require("web-push").generateVAPIDKeys(); console.log(`export WEB_PUSH_VAPID_PUBLIC_KEY=${k.publicKey} WEB_PUSH_VAPID_PRIVATE_KEY=${k.privateKey}`)')"
fi
echo "Navalha: http://127.0.0.1:${port}"
echo "Outbox (e-mails and WhatsApp messages not sent): http://127.0.0.1:${port}/dev/outbox?key=${DEV_OUTBOX_KEY}"
exec node server.mjs -p "$port" -H 127.0.0.1
