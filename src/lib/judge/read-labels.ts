import type {z} from 'zod'
import {InvalidRecordError} from '../errors.js'
import type {InvalidRecords} from '../io/invalid-records.js'
import {readJsonLines, type JsonLine} from '../io/read-records.js'
import {describeIssue} from '../io/zod-issue.js'
import {JudgedTrajectorySchema} from '../schema/judged.js'
import {LabelRecordSchema, labelValue} from '../schema/label.js'
import type {Label} from './match-labels.js'
import {trajectoryKey} from './trajectory-key.js'

/**
 * Reads a labels file: each line a label record (`{"key"|"task_id": ..., "label": 0|1}`) or a judged trajectory, whose
 * reward is the label (so one judge's output can be another's labels). A line with `task` or `judgment` is read as a
 * judged trajectory; bad lines go to `invalid`.
 */
export async function readLabels(
  input: string,
  options: {invalid: InvalidRecords; maxLineBytes?: number},
): Promise<Label[]> {
  const labels: Label[] = []
  for await (const line of readJsonLines(input, options)) {
    const label = labelOfLine(line)
    if (label instanceof InvalidRecordError) options.invalid.handle(label)
    else labels.push(label)
  }
  return labels
}

function labelOfLine(line: JsonLine): Label | InvalidRecordError {
  const value = line.value as Record<string, unknown>
  const location = line.location
  if ('task' in value || 'judgment' in value) {
    const judged = parse(JudgedTrajectorySchema, line)
    if (judged instanceof InvalidRecordError) return judged
    const {judgment} = judged
    // A judgment that failed gives no verdict on its facts either.
    const facts =
      judgment.error === null && judgment.facts.length > 0
        ? judgment.facts.map(({group_id, fact, pass}) => ({group_id, fact, value: pass ? (1 as const) : (0 as const)}))
        : undefined
    return {
      target: {by: 'key', value: trajectoryKey(judged)},
      label: judgment.reward,
      judge_error: judgment.error !== null,
      facts,
      location,
    }
  }
  const record = parse(LabelRecordSchema, line)
  if (record instanceof InvalidRecordError) return record
  const target =
    record.key != null ? {by: 'key' as const, value: record.key} : {by: 'task_id' as const, value: record.task_id!}
  const facts = (record.facts ?? []).map((mark) => ({
    group_id: mark.group_id,
    fact: mark.fact,
    value: labelValue(mark),
  }))
  const seen = new Map<string, number>()
  for (const [i, mark] of facts.entries()) {
    const id = `${String(mark.group_id)}\u0000${mark.fact}`
    const first = seen.get(id)
    if (first !== undefined)
      return new InvalidRecordError(
        location,
        `facts.${i}`,
        `fact "${mark.fact}" of group ${String(mark.group_id)} is labelled again (first at facts.${first})`,
        'keep one label per fact',
      )
    seen.set(id, i)
  }
  return {target, label: labelValue(record), judge_error: false, facts: record.facts ? facts : undefined, location}
}

function parse<S extends z.ZodType>(schema: S, line: JsonLine): z.output<S> | InvalidRecordError {
  const result = schema.safeParse(line.value)
  if (result.success) return result.data
  const {field, problem} = describeIssue(result.error, line.value)
  return new InvalidRecordError(line.location, field, problem)
}
