#!/usr/bin/env bash
# Installs Debian's Chromium (and a font set) for the browser tests, the fixture web and rollouts, unless present.
# Playwright cannot download its own browsers on these machines; playwright-core drives this one.
set -euo pipefail
if [[ -n "${WEBGYM_CHROMIUM:-}" && -x "${WEBGYM_CHROMIUM}" ]] || command -v chromium >/dev/null 2>&1; then
  exit 0
fi
SUDO=""
if [[ "$(id -u)" != "0" ]]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q >/dev/null
$SUDO apt-get install -y -q --no-install-recommends chromium fonts-dejavu-core fonts-liberation >/dev/null
command -v chromium >/dev/null
