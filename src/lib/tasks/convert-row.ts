import {RowError, type SourceAdapter} from '../sources/types.js'
import {duplicateKey, finalizeTask} from './finalize.js'
import {hashString} from './hash-groups.js'

/** A source row as pass 1 of `tasks build` keeps it: the record's JSON and what the duplicate merging needs. */
export interface ConvertedRow {
  json: string
  /** hashString of the duplicate key and of the id. */
  keyHash: number
  idHash: number
  source: string
  hasWebsite: boolean
}

/**
 * Converts one source row into a Task line. Adapters return typed drafts and finalizeTask builds the record field
 * by field, so the output is a Task by construction (the adapter tests check every source against TaskSchema);
 * adapters of webgym's own records (tasks, hf) validate each row against TaskSchema and return it as it was.
 */
export function convertRow(
  adapter: SourceAdapter,
  row: Record<string, unknown>,
  context: {file: string; extra: unknown},
  label?: string,
): ConvertedRow | RowError {
  try {
    const task =
      'toRecord' in adapter
        ? adapter.toRecord(row, context)
        : finalizeTask(adapter.toTask(row, context), adapter.name === 'generic' && label ? label : adapter.name)
    return {
      json: JSON.stringify(task),
      keyHash: hashString(duplicateKey(task.intent, task.website)),
      idHash: hashString(task.id),
      source: task.source,
      hasWebsite: task.website !== null,
    }
  } catch (error) {
    if (error instanceof RowError) return error
    throw error
  }
}
