import type {InvalidRecords} from '../io/invalid-records.js'
import {readRecords} from '../io/read-records.js'
import {TaskSchema} from '../schema/task.js'

/** The ids of the tasks on the test side of a split (the file `split --test` wrote); every other task is train. */
export async function readTestTaskIds(
  file: string,
  options: {invalid: InvalidRecords; maxLineBytes?: number},
): Promise<Set<string>> {
  const ids = new Set<string>()
  for await (const {record} of readRecords([file], {schema: TaskSchema, ...options})) ids.add(record.id)
  return ids
}

/** Which side of the split a task is on, given the test side's ids. */
export function splitSide(taskId: string, testTasks: ReadonlySet<string>): 'test' | 'train' {
  return testTasks.has(taskId) ? 'test' : 'train'
}
