#!/usr/bin/env bash
# Installs what the Python OpenEnv client in examples/openenv needs from Debian (python3-websockets), unless the
# Python already imports it: the env serve tests drive `webgym env serve` with that client. Nothing comes from PyPI.
# The Python checked is $WEBGYM_PYTHON, else /usr/bin/python3 (the one Debian's python3-websockets installs into).
set -euo pipefail
PYTHON="${WEBGYM_PYTHON:-/usr/bin/python3}"
if "$PYTHON" -c 'import websockets' >/dev/null 2>&1; then
  exit 0
fi
SUDO=""
if [[ "$(id -u)" != "0" ]]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q >/dev/null
$SUDO apt-get install -y -q --no-install-recommends python3 python3-websockets >/dev/null
if ! "$PYTHON" -c 'import websockets' >/dev/null 2>&1; then
  echo "install-openenv-client: python3-websockets is installed but $PYTHON cannot import websockets; set WEBGYM_PYTHON to /usr/bin/python3" >&2
  exit 1
fi
