import {z} from 'zod'

const BinaryLabelSchema = z.union([z.literal(0), z.literal(1), z.boolean()]).describe('1 or true: the task was done')

// A person's verdict on one rubric fact, as the report's labelling mode exports it beside the trajectory's label.
export const FactLabelSchema = z
  .object({
    group_id: z.union([z.string(), z.number().int()]).describe("The rubric fact group's id"),
    fact: z.string().min(1).describe('The fact, as the rubric words it'),
    label: BinaryLabelSchema,
  })
  .describe('A hand label of one rubric fact')

// A hand label for `webgym judge eval`: which trajectory (by `key`, or by `task_id` when the task has one trajectory)
// and whether it succeeded. `reward` is accepted in place of `label`, and true/false in place of 1/0.
export const LabelRecordSchema = z
  .looseObject({
    key: z.string().min(1).nullish().describe('The trajectory key: task id, or task id@run.started_at'),
    task_id: z.string().min(1).nullish().describe('The task id, when the task has a single trajectory'),
    label: BinaryLabelSchema.optional(),
    reward: BinaryLabelSchema.optional().describe('Same as label'),
    facts: z
      .array(FactLabelSchema)
      .optional()
      .describe("Hand labels of rubric facts (the report's labelling mode writes them)"),
  })
  .superRefine((record, context) => {
    if (record.key == null && record.task_id == null) {
      context.addIssue({code: 'custom', path: ['key'], message: 'a label record needs "key" or "task_id"'})
    }
    if (record.label === undefined && record.reward === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['label'],
        message: 'a label record needs "label" (or "reward"): 0, 1, false or true',
      })
    } else if (
      record.label !== undefined &&
      record.reward !== undefined &&
      toBinary(record.label) !== toBinary(record.reward)
    ) {
      context.addIssue({
        code: 'custom',
        path: ['reward'],
        message: `"label" and "reward" disagree (label ${String(record.label)})`,
      })
    }
  })
  .describe('A hand label of one trajectory')

export type LabelRecord = z.infer<typeof LabelRecordSchema>

/** The record's (or fact label's) label as a reward (a valid record has `label` or `reward`). */
export function labelValue(record: Pick<LabelRecord, 'label' | 'reward'>): 0 | 1 {
  return toBinary(record.label ?? record.reward ?? 0)
}

function toBinary(value: 0 | 1 | boolean): 0 | 1 {
  return value === true || value === 1 ? 1 : 0
}
