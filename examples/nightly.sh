#!/usr/bin/env bash
# One iteration of the online loop, safe under cron: rollout -> judge -> filter -> train -> reload.
#
#   examples/nightly.sh TASKS.ndjson            # e.g. from cron: 0 2 * * * cd /srv/webgym && examples/nightly.sh train.ndjson
#
# - A lock (flock on $WEBGYM_HOME/lock) keeps two runs from overlapping: a second run exits 75 at once.
# - Each iteration has its folder, $WEBGYM_HOME/iterations/ID, and its log, $WEBGYM_HOME/logs/ID.log.
# - After a crash or a failed stage the next run resumes the unfinished iteration: finished stages are skipped (each
#   leaves a .done marker), rollout and judge continue with --resume, so no episode is run or judged twice. An
#   iteration that has failed MAX_ATTEMPTS times is abandoned (marked .abandoned) and a new one starts.
# - The trainer learns from a replay buffer: the judged trajectories of every iteration so far, through filter
#   (add e.g. "--max-per-task 2 --sample 20000 --recency-bias 1" to FILTER_ARGS to weight recent ones).
# - A judging error gives that trajectory reward 0 (it is not learned from) without failing the night; a night with
#   nothing to learn from finishes without training.
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
#   RELOAD_NAME     the adapter name rollouts ask for (--model), replaced in place each night [webgym-latest]
#   MAX_ATTEMPTS    runs an iteration gets before it is abandoned [3]
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
tasks=${1:?usage: examples/nightly.sh TASKS.ndjson}
tasks=$(cd "$(dirname "$tasks")" && pwd)/$(basename "$tasks")
home=${WEBGYM_HOME:-nightly}
mkdir -p "$home/iterations" "$home/logs"
home=$(cd "$home" && pwd)
if [[ -n "${WEBGYM:-}" ]]; then read -r -a webgym <<<"$WEBGYM"; else webgym=(node "$here/bin/run.js"); fi
read -r -a rollout_args <<<"${ROLLOUT_ARGS:-}"
read -r -a judge_args <<<"${JUDGE_ARGS:-}"
read -r -a filter_args <<<"${FILTER_ARGS---success --drop-repeated-steps}"
read -r -a train_args <<<"${TRAIN_ARGS:-}"
reload_name=${RELOAD_NAME:-webgym-latest}
max_attempts=${MAX_ATTEMPTS:-3}

exec 9>"$home/lock"
if ! flock -n 9; then
  echo "nightly: another iteration holds $home/lock; not starting" >&2
  exit 75
fi

# Resume the unfinished iteration, if any (unless it has used up its attempts); else start a new one.
resumed=""
if [[ -s "$home/current" ]]; then
  id=$(cat "$home/current")
  previous="$home/iterations/$id"
  if [[ ! -e "$previous/.done" && ! -e "$previous/.abandoned" ]]; then
    attempts=$(cat "$previous/.attempts" 2>/dev/null || echo 0)
    if ((attempts >= max_attempts)); then
      touch "$previous/.abandoned"
      echo "nightly: iteration $id failed $attempts times; abandoned, starting a new one" >&2
    else
      resumed=" (resumed)"
    fi
  fi
fi
if [[ -z "$resumed" ]]; then
  id=$(date -u +%Y%m%dT%H%M%S.%3NZ)
  echo "$id" >"$home/current"
fi
it="$home/iterations/$id"
log="$home/logs/$id.log"
mkdir -p "$it"
echo $(($(cat "$it/.attempts" 2>/dev/null || echo 0) + 1)) >"$it/.attempts"
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
# Judging errors are written with reward 0 (never learned from): they must not stall every later night.
stage judge "${webgym[@]}" judge "${judge_args[@]}" --allow-failures --shots "$home/shots" --resume "$it/judged.ndjson" "$it/trajectories.ndjson"
# The replay buffer: every iteration's judged trajectories, oldest first.
buffer=()
for file in "$home"/iterations/*/judged.ndjson; do [[ -e "${file%/judged.ndjson}/.abandoned" ]] || buffer+=("$file"); done
stage filter "${webgym[@]}" filter "${filter_args[@]}" "${buffer[@]}" -o "$it/kept.ndjson"

checkpoint=""
if [[ ! -s "$it/kept.ndjson" ]]; then
  echo "== train and reload: skipped, nothing to learn from" >>"$log"
else
  stage train sh -c '"$@" > "$0"' "$it/train-run.json" "${webgym[@]}" train "${train_args[@]}" --shots "$home/shots" --out "$it/train" "$it/kept.ndjson"
  checkpoint=$(node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").pop() || "{}"); if (!r.dry_run && r.checkpoint) process.stdout.write(String(r.checkpoint))' "$it/train-run.json") || {
    echo "nightly: cannot read the train run record $it/train-run.json; see $log" >&2
    exit 1
  }
  if [[ -z "${RELOAD_BASE_URL:-}" ]]; then
    echo "== reload: skipped, RELOAD_BASE_URL unset" >>"$log"
  elif [[ -z "$checkpoint" ]]; then
    echo "== reload: skipped, the train run left no checkpoint (a dry run?)" >>"$log"
  else
    stage reload "${webgym[@]}" policy reload --base-url "$RELOAD_BASE_URL" --adapter "$checkpoint" --name "$reload_name"
  fi
fi

touch "$it/.done"
kept=$(wc -l <"$it/kept.ndjson")
judged=$(wc -l <"$it/judged.ndjson")
echo "== $(date -u +%FT%TZ) iteration $id done: $judged trajectories judged, $kept in the replay buffer kept for training" >>"$log"
echo "nightly: iteration $id done: $judged trajectories judged, $kept kept for training from the replay buffer${checkpoint:+, adapter $checkpoint loaded as $reload_name}" >&2
