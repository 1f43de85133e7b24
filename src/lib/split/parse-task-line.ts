import {InvalidRecordError, type RecordLocation} from '../cli/errors.js'
import {describeIssue} from '../io/zod-issue.js'
import {TaskSchema, type Task} from '../schema/task.js'

// Validates one NDJSON line as a Task, returning the problem (file:line and field) instead of throwing it.
export function parseTaskLine(text: string, location: RecordLocation): Task | InvalidRecordError {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return new InvalidRecordError(location, undefined, `not valid JSON (${(error as Error).message})`)
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const kind = Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value
    return new InvalidRecordError(location, undefined, `expected a JSON object, got ${kind}`)
  }
  const result = TaskSchema.safeParse(value)
  if (result.success) return result.data
  const {field, problem} = describeIssue(result.error, value)
  return new InvalidRecordError(location, field, problem)
}
