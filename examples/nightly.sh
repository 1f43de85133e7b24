#!/usr/bin/env bash
# One iteration of the online loop, safe under cron: rollout -> judge -> filter -> train -> reload.
#
#   examples/nightly.sh TASKS.ndjson            # e.g. from cron: 0 2 * * * cd /srv/webgym && examples/nightly.sh train.ndjson
#
# - A lock (flock on $WEBGYM_HOME/lock) keeps two runs from overlapping: a second run exits 75 at once.
# - Each iteration has its folder, $WEBGYM_HOME/iterations/ID, and its log, $WEBGYM_HOME/logs/ID.log.
# - After a crash or a failed stage the next run resumes the unfinished iteration: finished stages are skipped (each
#   leaves a .done marker), rollout and judge continue with --resume, so no episode is run or judged twice.
# - Exit 0 when the iteration finished, the failing stage's exit code otherwise (75 when locked).
#
# Settings (environment):
#   WEBGYM_HOME     state folder [nightly]
#   WEBGYM          how to run webgym [node <this repo>/bin/run.js]
#   ROLLOUT_ARGS    extra rollout flags, e.g. "--base-url http://gpu:8000/v1 --model webgym-latest --concurrency 64"
#   JUDGE_ARGS      extra judge flags, e.g. "--model Qwen/Qwen3-VL-32B-Instruct" or "--judge programmatic"
#   FILTER_ARGS     filter flags [--success --drop-repeated-steps]
#   TRAIN_ARGS      extra train flags, e.g. "--backend torch --nproc-per-node 8", or "--dry-run"
#   RELOAD_BASE_URL the vLLM server to load the new adapter into (skipped when unset or on a dry run)
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
tasks=${1:?usage: examples/nightly.sh TASKS.ndjson}
tasks=$(cd "$(dirname "$tasks")" && pwd)/$(basename "$tasks")
home=${WEBGYM_HOME:-nightly}
mkdir -p "$home/iterations" "$home/logs"
home=$(cd "$home" && pwd)
read -r -a webgym <<<"${WEBGYM:-node $here/bin/run.js}"
read -r -a rollout_args <<<"${ROLLOUT_ARGS:-}"
read -r -a judge_args <<<"${JUDGE_ARGS:-}"
read -r -a filter_args <<<"${FILTER_ARGS:---success --drop-repeated-steps}"
read -r -a train_args <<<"${TRAIN_ARGS:-}"

exec 9>"$home/lock"
if ! flock -n 9; then
  echo "nightly: another iteration holds $home/lock; not starting" >&2
  exit 75
fi

# Resume the unfinished iteration, if any; else start a new one.
if [[ -s "$home/current" && ! -e "$home/iterations/$(cat "$home/current")/.done" ]]; then
  id=$(cat "$home/current")
  resumed=" (resumed)"
else
  id=$(date -u +%Y%m%dT%H%M%SZ)
  echo "$id" >"$home/current"
  resumed=""
fi
it="$home/iterations/$id"
log="$home/logs/$id.log"
mkdir -p "$it"
echo "nightly: iteration $id$resumed, log $log" >&2
echo "== $(date -u +%FT%TZ) iteration $id$resumed" >>"$log"

stage() {
  local name=$1
  shift
  if [[ -e "$it/.$name.done" ]]; then
    echo "== $name: done earlier, skipped" >>"$log"
    return 0
  fi
  echo "== $(date -u +%FT%TZ) $name: $*" >>"$log"
  local status=0
  "$@" >>"$log" 2>&1 || status=$?
  if ((status != 0)); then
    echo "== $name failed with exit $status" >>"$log"
    echo "nightly: $name failed (exit $status); see $log; the next run resumes iteration $id" >&2
    exit "$status"
  fi
  touch "$it/.$name.done"
}

stage rollout "${webgym[@]}" rollout "${rollout_args[@]}" --shots "$home/shots" --resume "$it/trajectories.ndjson" "$tasks"
stage judge "${webgym[@]}" judge "${judge_args[@]}" --shots "$home/shots" --resume "$it/judged.ndjson" "$it/trajectories.ndjson"
stage filter "${webgym[@]}" filter "${filter_args[@]}" "$it/judged.ndjson" -o "$it/kept.ndjson"
stage train sh -c '"$@" > "$0"' "$it/train-run.json" "${webgym[@]}" train "${train_args[@]}" --shots "$home/shots" --out "$it/train" "$it/kept.ndjson"

checkpoint=$(node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").pop() || "{}"); if (!r.dry_run && r.checkpoint) process.stdout.write(String(r.checkpoint))' "$it/train-run.json")
if [[ -n "${RELOAD_BASE_URL:-}" && -n "$checkpoint" ]]; then
  stage reload "${webgym[@]}" policy reload --base-url "$RELOAD_BASE_URL" --adapter "$checkpoint" --name "webgym-$id"
else
  echo "== reload: skipped (${RELOAD_BASE_URL:+no checkpoint: a dry run}${RELOAD_BASE_URL:-RELOAD_BASE_URL unset})" >>"$log"
fi

touch "$it/.done"
kept=$(wc -l <"$it/kept.ndjson")
judged=$(wc -l <"$it/judged.ndjson")
echo "== $(date -u +%FT%TZ) iteration $id done: $kept of $judged trajectories kept for training" >>"$log"
echo "nightly: iteration $id done: $kept of $judged trajectories kept for training${checkpoint:+, adapter $checkpoint}" >&2
