#!/usr/bin/env bash
# Serves the built demo on this machine only, with /dev/outbox (reset links, WhatsApp codes) behind a
# key made fresh for each start: whoever can read the outbox can take over any account.
set -euo pipefail
port="${PORT:-3000}"
export ENABLE_DEV_OUTBOX=1
# Links in previews, canonical tags, robots.txt and the sitemap name the address the demo answers on.
export PUBLIC_SITE_URL="${PUBLIC_SITE_URL:-http://127.0.0.1:${port}}"
export DEV_OUTBOX_KEY="${DEV_OUTBOX_KEY:-$(node -e 'process.stdout.write(require("node:crypto").randomBytes(24).toString("base64url"))')}"
echo "Navalha: http://127.0.0.1:${port}"
echo "Outbox (e-mails and WhatsApp messages not sent): http://127.0.0.1:${port}/dev/outbox?key=${DEV_OUTBOX_KEY}"
exec node server.mjs -p "$port" -H 127.0.0.1
