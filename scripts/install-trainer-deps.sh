#!/usr/bin/env bash
# Installs PyTorch for the trainer's unit tests (trainer/tests) from Debian, unless the Python already imports it.
# Only torch is needed here: the pure modules (loss, data, label masks) import with torch alone; transformers,
# peft and accelerate live on the GPU machines that run `webgym train --backend torch`.
# The Python checked is $WEBGYM_PYTHON, else /usr/bin/python3 (the one Debian's python3-torch installs into).
set -euo pipefail
PYTHON="${WEBGYM_PYTHON:-/usr/bin/python3}"
if "$PYTHON" -c 'import torch' >/dev/null 2>&1; then
  exit 0
fi
SUDO=""
if [[ "$(id -u)" != "0" ]]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q >/dev/null
$SUDO apt-get install -y -q --no-install-recommends python3-torch >/dev/null
if ! "$PYTHON" -c 'import torch' >/dev/null 2>&1; then
  echo "install-trainer-deps: python3-torch is installed but $PYTHON cannot import torch; set WEBGYM_PYTHON to /usr/bin/python3" >&2
  exit 1
fi
