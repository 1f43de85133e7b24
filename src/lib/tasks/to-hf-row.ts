import {HF_NO_DIFFICULTY, type HfRow} from '../schema/hf-row.js'
import type {Task} from '../schema/task.js'

/**
 * A Task as a flat Hugging Face `datasets` row (see HfRowSchema): missing text as "", a missing difficulty as -1,
 * rubric, meta and provenance as JSON text, and any other top-level field in `extra`. `tasks build --source hf`
 * reads it back into the same record.
 */
export function toHfRow(task: Task): HfRow {
  const {
    id,
    source,
    intent,
    website,
    start_url,
    reference_answer,
    domain,
    subdomain,
    rubric,
    difficulty,
    level,
    parent_id,
    meta,
    provenance,
    ...extra
  } = task
  return {
    id,
    source,
    intent,
    website: website ?? '',
    start_url: start_url ?? '',
    reference_answer: reference_answer ?? '',
    domain: domain ?? '',
    subdomain: subdomain ?? '',
    rubric: JSON.stringify(rubric),
    difficulty: difficulty ?? HF_NO_DIFFICULTY,
    level: level ?? '',
    parent_id: parent_id ?? '',
    meta: JSON.stringify(meta),
    provenance: JSON.stringify(provenance ?? {}),
    extra: JSON.stringify(extra),
  }
}
