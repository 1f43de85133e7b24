#!/usr/bin/env bash
# Installs Debian's Chromium and the fonts pages need, for the browser tests, the fixture web and rollouts: whatever
# of them is missing (run it again at any time; it installs nothing that is there). Playwright cannot download its
# own browsers on these machines; playwright-core drives this one. The fonts: DejaVu and Liberation (the fixture web's
# and the metric-compatible faces of Arial, Times and Courier), Noto for the other scripts (Arabic, Hebrew, Devanagari,
# Thai and the rest of fonts-noto-core), Noto CJK (Chinese, Japanese, Korean) and Noto Color Emoji, so that a real
# page in any language shows its text rather than empty boxes.
set -euo pipefail
FONTS=(fonts-dejavu-core fonts-liberation fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji)

have_chromium() { [[ -n "${WEBGYM_CHROMIUM:-}" && -x "${WEBGYM_CHROMIUM}" ]] || command -v chromium >/dev/null 2>&1; }

missing=()
if ! have_chromium; then missing+=(chromium); fi
for font in "${FONTS[@]}"; do
  if [[ "$(dpkg-query -W -f='${db:Status-Status}' "$font" 2>/dev/null)" != "installed" ]]; then missing+=("$font"); fi
done
if (( ${#missing[@]} == 0 )); then
  exit 0
fi

SUDO=""
if [[ "$(id -u)" != "0" ]]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
echo "install-chromium: installing ${missing[*]}" >&2
$SUDO apt-get update -q >/dev/null
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
have_chromium
