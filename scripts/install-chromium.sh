#!/usr/bin/env bash
# Installs Debian's Chromium (the full browser, which webgym drives by default, and its headless shell, for
# WEBGYM_CHROMIUM=/usr/lib/chromium/chromium-headless-shell and the tests that use it) and the fonts pages need, for
# the browser tests, the fixture web and rollouts: whatever of them is missing (run it again at any time; it installs
# nothing that is there). Playwright cannot download its own browsers on these machines; playwright-core drives this
# one. The fonts: DejaVu and Liberation (the fixture web's and the metric-compatible faces of Arial, Times and
# Courier), Noto for the other scripts (Arabic, Hebrew, Devanagari, Thai and the rest of fonts-noto-core), Noto CJK
# (Chinese, Japanese, Korean) and Noto Color Emoji, so that a real page in any language shows its text rather than
# empty boxes.
set -euo pipefail
FONTS=(fonts-dejavu-core fonts-liberation fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji)

PACKAGES=(chromium chromium-headless-shell "${FONTS[@]}")

missing=()
for package in "${PACKAGES[@]}"; do
  if [[ "$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null)" != "installed" ]]; then missing+=("$package"); fi
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
[[ -x /usr/lib/chromium/chromium && -x /usr/lib/chromium/chromium-headless-shell ]]
