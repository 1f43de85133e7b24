#!/bin/bash
# The nightly loop on Slurm as a chain of dependent jobs, meant for cron on a login node:
#
#   rollout array -> merge -> judge array -> filter -> train -> policy reload
#
# Each stage is submitted at once with `sbatch --parsable` and waits for the one before it with
# --dependency=afterok:PREV (an array counts as done when all its tasks are), so this script returns in seconds and
# Slurm runs the night. --kill-on-invalid-dep=yes: when a stage fails, the stages after it are cancelled instead of
# waiting forever.
#
#   crontab: 0 2 * * * cd /shared/webgym && WEBGYM_STATE=/shared/webgym/state deploy/slurm/nightly.sh >>/shared/webgym/state/cron.log 2>&1
#
# - Start the policy replicas first (sbatch deploy/slurm/vllm.sbatch; VLLM_ROLE=judge for the judge): they are a
#   service that outlives the nights. The rollout waits for them to answer.
# - Each night has its folder, STATE/iterations/ID: traj.shard-I.ndjson and traj.ndjson (rollout), judged.shard-I.ndjson
#   and judged.ndjson (judge), kept.ndjson (filter), train/ (train). Logs go to STATE/logs.
# - A night whose chain failed is resumed by the next run: finished stages are skipped (.merge.done, .filter.done,
#   train/checkpoint.path) and the rollout and judge shards go on with --resume, so no episode is run or judged
#   twice. An iteration that has been submitted MAX_ATTEMPTS times is abandoned (.abandoned) and a new one starts.
# - While any job of the last chain is still queued or running, a new run submits nothing and exits 75.
# - The trainer learns from a replay buffer: the judged trajectories of every iteration so far, through filter.
# - The reload stage records the new adapter in STATE/policy/adapter (replicas that start later load it) and loads
#   it into every policy replica that answers, as RELOAD_NAME; rollouts ask for that name once it exists.
#
# The chain's own small stages run this script as a job: nightly.sh merge|filter|reload DIR [SHARDS].
#
# Settings (environment; sbatch passes it on to every job):
#   WEBGYM_STATE     shared folder every node sees at the same path [$PWD/state]; set it in the crontab
#   WEBGYM_TASKS     the tasks to roll out each night [$WEBGYM_STATE/tasks.ndjson]
#   WEBGYM           how to run webgym [webgym]; cron's PATH is short, so name it in full or set PATH
#   ROLLOUT_SHARDS   rollout array size [16]; ROLLOUT_AT_ONCE: how many run at once [16]
#   JUDGE_SHARDS     judge array size [8]
#   FILTER_ARGS      filter flags [--success --drop-repeated-steps]
#   RELOAD_NAME      the name the adapter is served under [webgym-latest]
#   MAX_ATTEMPTS     submissions an iteration gets before it is abandoned [3]
#   SBATCH_ARGS      flags for every sbatch, e.g. "--account=myproject"
#   SMALL_JOB_ARGS   flags for merge, filter and reload [--ntasks=1 --cpus-per-task=2 --mem=8G --time=01:00:00]
#   and the settings of rollout.sbatch, judge.sbatch and train.sbatch (ROLLOUT_ARGS, JUDGE_ARGS, TRAIN_ARGS, ...).
set -euo pipefail
shopt -s nullglob

state=${WEBGYM_STATE:-$PWD/state}
export WEBGYM_STATE=$state
read -r -a webgym <<<"${WEBGYM:-webgym}"
reload_name=${RELOAD_NAME:-webgym-latest}

# merge DIR SHARDS: the rollout shards, in shard order, as one file.
merge_stage() {
  local it=$1 shards=$2 i file files=()
  for ((i = 0; i < shards; i++)); do
    file=$it/traj.shard-$i.ndjson
    if [[ -e "$file" ]]; then files+=("$file"); else echo "nightly merge: no $file (a shard without tasks?)" >&2; fi
  done
  cat /dev/null "${files[@]}" >"$it/traj.ndjson.tmp"
  mv "$it/traj.ndjson.tmp" "$it/traj.ndjson"
  touch "$it/.merge.done"
  echo "nightly merge: $(wc -l <"$it/traj.ndjson") trajectories from ${#files[@]} shards" >&2
}

# filter DIR SHARDS: the judge shards as one file, then what the trainer learns from, out of the replay buffer.
filter_stage() {
  local it=$1 shards=$2 i file files=() buffer=()
  for ((i = 0; i < shards; i++)); do
    file=$it/judged.shard-$i.ndjson
    if [[ -e "$file" ]]; then files+=("$file"); fi
  done
  cat /dev/null "${files[@]}" >"$it/judged.ndjson.tmp"
  mv "$it/judged.ndjson.tmp" "$it/judged.ndjson"
  for file in "$state"/iterations/*/judged.ndjson; do
    [[ -e "${file%/judged.ndjson}/.abandoned" ]] || buffer+=("$file")
  done
  local filter_args
  read -r -a filter_args <<<"${FILTER_ARGS---success --drop-repeated-steps}"
  "${webgym[@]}" filter "${filter_args[@]}" "${buffer[@]}" -o "$it/kept.ndjson"
  touch "$it/.filter.done"
}

# reload DIR: the new adapter into every policy replica that answers.
reload_stage() {
  local it=$1 checkpoint file url failed=0
  if [[ ! -s "$it/train/checkpoint.path" ]]; then
    echo "nightly reload: nothing was trained (no $it/train/checkpoint.path); the policy stays as it is" >&2
    touch "$it/.done"
    return 0
  fi
  checkpoint=$(<"$it/train/checkpoint.path")
  mkdir -p "$state/policy"
  echo "$checkpoint" >"$state/policy/adapter.tmp"
  mv "$state/policy/adapter.tmp" "$state/policy/adapter"
  for file in "$state"/vllm/policy.*.url; do
    url=$(<"$file")
    if ! curl -fsS -m 5 -o /dev/null "${url%/v1}/health" 2>/dev/null; then
      echo "nightly reload: $url does not answer; it loads $checkpoint when it starts again" >&2
      continue
    fi
    "${webgym[@]}" policy reload --base-url "$url" --adapter "$checkpoint" --name "$reload_name" || failed=1
  done
  if ((failed)); then
    echo "nightly reload: a replica refused $checkpoint (see above); rollouts would mix policies" >&2
    return 1
  fi
  touch "$it/.done"
}

case "${1:-submit}" in
  merge) merge_stage "$2" "$3"; exit ;;
  filter) filter_stage "$2" "$3"; exit ;;
  reload) reload_stage "$2"; exit ;;
  submit) ;;
  *)
    echo "usage: nightly.sh [submit] | nightly.sh merge|filter|reload DIR [SHARDS]" >&2
    exit 2
    ;;
esac

deploy=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
self=$deploy/nightly.sh
rollout_shards=${ROLLOUT_SHARDS:-16}
rollout_at_once=${ROLLOUT_AT_ONCE:-16}
judge_shards=${JUDGE_SHARDS:-8}
max_attempts=${MAX_ATTEMPTS:-3}
read -r -a sbatch_args <<<"${SBATCH_ARGS:-}"
read -r -a small_job <<<"${SMALL_JOB_ARGS:---ntasks=1 --cpus-per-task=2 --mem=8G --time=01:00:00}"
logs=$state/logs
mkdir -p "$state/iterations" "$logs"

exec 9>"$state/nightly.lock"
if ! flock -n 9; then
  echo "nightly: another nightly.sh holds $state/nightly.lock; not submitting" >&2
  exit 75
fi
if [[ -s "$state/nightly.jobs" ]]; then
  queued=$(squeue -h -o %i -j "$(paste -sd, "$state/nightly.jobs")" 2>/dev/null || true)
  if [[ -n "$queued" ]]; then
    echo "nightly: last night's chain is still queued or running (jobs $(paste -sd' ' "$state/nightly.jobs")); not submitting" >&2
    exit 75
  fi
fi

# Resume the unfinished iteration, if any (unless it has used up its attempts); else start a new one.
id=""
if [[ -s "$state/current" ]]; then
  id=$(<"$state/current")
  previous=$state/iterations/$id
  attempts=$(cat "$previous/.attempts" 2>/dev/null || echo 0)
  if [[ -e "$previous/.done" || -e "$previous/.abandoned" ]]; then
    id=""
  elif ((attempts >= max_attempts)); then
    touch "$previous/.abandoned"
    echo "nightly: iteration $id was submitted $attempts times without finishing; abandoned" >&2
    id=""
  fi
fi
resumed=" (resumed)"
if [[ -z "$id" ]]; then
  id=$(date -u +%Y%m%dT%H%M%SZ)
  echo "$id" >"$state/current"
  resumed=""
fi
it=$state/iterations/$id
mkdir -p "$it"
echo $(($(cat "$it/.attempts" 2>/dev/null || echo 0) + 1)) >"$it/.attempts"

chain=()
prev=""
# submit ARGS...: sbatch the next stage after the previous one; its job id in $prev.
submit() {
  local after=()
  if [[ -n "$prev" ]]; then after=(--dependency="afterok:$prev" --kill-on-invalid-dep=yes); fi
  prev=$(sbatch --parsable "${sbatch_args[@]}" "${after[@]}" "$@")
  prev=${prev%%;*}
  chain+=("$prev")
}

export WEBGYM_RUN_DIR=$it
if [[ ! -e "$it/.merge.done" ]]; then
  WEBGYM_SHARD_COUNT=$rollout_shards submit --array="0-$((rollout_shards - 1))%$rollout_at_once" \
    --output="$logs/%x-%A_%a.out" "$deploy/rollout.sbatch"
  submit --job-name=webgym-merge --output="$logs/%x-%j.out" "${small_job[@]}" "$self" merge "$it" "$rollout_shards"
fi
if [[ ! -e "$it/.filter.done" ]]; then
  WEBGYM_SHARD_COUNT=$judge_shards WEBGYM_JUDGE_INPUT=$it/traj.ndjson submit --array="0-$((judge_shards - 1))" \
    --output="$logs/%x-%A_%a.out" "$deploy/judge.sbatch"
  submit --job-name=webgym-filter --output="$logs/%x-%j.out" "${small_job[@]}" "$self" filter "$it" "$judge_shards"
fi
if [[ ! -s "$it/train/checkpoint.path" ]]; then
  WEBGYM_TRAIN_INPUT=$it/kept.ndjson WEBGYM_TRAIN_OUT=$it/train submit --output="$logs/%x-%j.out" "$deploy/train.sbatch"
fi
submit --job-name=webgym-reload --output="$logs/%x-%j.out" "${small_job[@]}" "$self" reload "$it"

printf '%s\n' "${chain[@]}" >"$state/nightly.jobs"
echo "nightly: iteration $id$resumed submitted as jobs ${chain[*]} (last: $prev); logs in $logs" >&2
