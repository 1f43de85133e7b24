#!/usr/bin/env bash
# Installs Debian's Slurm (slurm-wlm: slurmctld, slurmd and the client commands sbatch, squeue, scancel, scontrol,
# sacct) and MUNGE for the one-node cluster the Slurm tests start (test/helpers/slurm.ts), unless all are present.
# Only the packages are wanted: the tests start their own munged, slurmctld and slurmd with their own key and config
# in a temporary directory, so the packages' services (which need systemd or init scripts here) are never used.
set -euo pipefail
missing=0
for bin in munged slurmctld slurmd sbatch squeue scancel scontrol sacct sinfo; do
  command -v "$bin" >/dev/null 2>&1 || [[ -x "/usr/sbin/$bin" ]] || missing=1
done
if [[ "$missing" == "0" ]]; then
  exit 0
fi
SUDO=""
if [[ "$(id -u)" != "0" ]]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q >/dev/null
# policy-rc.d exit 101: no package's maintainer script starts a daemon (there is no systemd; a munged started here
# would only be left running with the package's key). Removed again afterwards unless it was already there.
policy=/usr/sbin/policy-rc.d
if [[ ! -e "$policy" ]]; then
  trap '$SUDO rm -f "$policy"' EXIT
  printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$policy" >/dev/null
  $SUDO chmod 755 "$policy"
fi
$SUDO apt-get install -y -q --no-install-recommends slurm-wlm slurm-client munge >/dev/null
for bin in munged slurmctld slurmd sbatch squeue scancel scontrol sacct; do
  if ! command -v "$bin" >/dev/null 2>&1 && [[ ! -x "/usr/sbin/$bin" ]]; then
    echo "install-slurm: $bin is still missing after installing slurm-wlm and munge" >&2
    exit 1
  fi
done
