#!/usr/bin/env bash
# Playwright drives Debian's Chromium, never a downloaded browser build: the journeys its headless shell
# (`chromium-headless-shell`, the build Playwright itself runs headless, with none of the full browser's window
# compositing), Lighthouse and the profiling scripts the full browser (`chromium`).
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ "${#missing[@]}" -eq 0 ] && exit 0
sudo=()
[ "$(id -u)" = "0" ] || sudo=(sudo)
"${sudo[@]}" apt-get update -qq && "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
