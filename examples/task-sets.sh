#!/usr/bin/env bash
# The main job on the bundled samples: build one task set from every source sample, split it by website into
# train and an out-of-distribution test set, count both sides, and export the test side as microsoft/webgym rows.
# Usage: examples/task-sets.sh [OUT_DIR]   (default task-sets-out/). Needs a built CLI (npm run build).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-task-sets-out}
mkdir -p "$out"
webgym() { node "$here/bin/run.js" "$@"; }
samples="$here/fixtures/sources"

echo "== tasks build: every source sample -> $out/tasks.ndjson" >&2
webgym tasks build \
  "$samples"/webvoyager/WebVoyager_data.jsonl \
  "$samples"/gaia/GAIA_web.jsonl \
  "$samples"/pae/webarena_map_google_fixed_eval.jsonl \
  "$samples"/insta/demo_prepared_options.json "$samples"/insta/insta_v3_train.jsonl \
  "$samples"/agentsynth/summarized_task_sequences.jsonl \
  "$samples"/mind2web-live/mind2web-live_test_20241024.json "$samples"/mind2web-live/example_130.json \
  "$samples"/mind2web-2/dev_set_tasks_extracted.jsonl \
  "$samples"/travelplanner/validation.csv \
  "$samples"/browsecomp/browse_comp_test_set.csv \
  "$samples"/deepshop/deepshop_test.jsonl \
  "$samples"/online-mind2web/Online_Mind2Web.json \
  "$samples"/webgym/webgym_train_sample.jsonl \
  -o "$out/tasks.ndjson"

echo "== split: test websites never seen in train" >&2
webgym split "$out/tasks.ndjson" --train "$out/train.ndjson" --test "$out/test.ndjson" --test-size 20 --seed 7 --report

echo "== stats: the training side" >&2
webgym stats "$out/train.ndjson" --top 5

echo "== tasks export: the test side as microsoft/webgym rows -> $out/test.webgym.jsonl" >&2
webgym tasks export "$out/test.ndjson" -o "$out/test.webgym.jsonl"
echo "== done: $(wc -l < "$out/train.ndjson") train tasks, $(wc -l < "$out/test.ndjson") test tasks in $out/" >&2
