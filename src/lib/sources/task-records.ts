import type {TaskSchema} from '../schema/task.js'
import {describeIssue} from '../io/zod-issue.js'
import {RowError, type RecordSourceAdapter} from './types.js'

// webgym's own Task records (what `tasks build` writes, or `tasks export --format tasks`): each row is checked
// against the Task schema and kept as it is, provenance and unknown fields included, so a task set goes through
// export and build unchanged.
export const taskRecords: RecordSourceAdapter = {
  name: 'tasks',
  description:
    'webgym Task records (NDJSON), as tasks build or tasks export --format tasks write them; read back unchanged',
  detect: (sample) =>
    ['id', 'source', 'intent', 'website', 'start_url'].every((key) => key in sample) && typeof sample.meta !== 'string'
      ? 1
      : 0,
  // The schema library loads for a file of this source only, so that other sources' conversion workers start without it.
  prepare: async (): Promise<TaskRecordsPrepared> => ({schema: (await import('../schema/task.js')).TaskSchema}),
  toRecord: (row, context) => {
    const prepared = context.extra as TaskRecordsPrepared | undefined
    if (!prepared?.schema) throw new Error('taskRecords.toRecord needs the context that taskRecords.prepare returns')
    const parsed = prepared.schema.safeParse(row)
    if (!parsed.success) {
      const {field, problem} = describeIssue(parsed.error, row)
      throw new RowError(field, problem)
    }
    return parsed.data
  },
}

interface TaskRecordsPrepared {
  schema: typeof TaskSchema
}
