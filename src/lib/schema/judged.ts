import {z} from 'zod'
import {capNote} from './text-caps.js'
import {TrajectorySchema} from './trajectory.js'

export const FactVerdictSchema = z.object({
  group_id: z.union([z.string(), z.number()]),
  fact: z.string(),
  pass: z.boolean(),
  reason: z.string().describe(`The judge's reason (${capNote('error')})`),
})

export const JudgmentSchema = z.looseObject({
  reward: z.union([z.literal(0), z.literal(1)]),
  facts: z.array(FactVerdictSchema),
  key_screenshots: z.array(z.string()).describe('Screenshots the judge kept as evidence'),
  answer_supported: z
    .boolean()
    .nullable()
    .describe('Is the final answer supported by the screenshots (null: no answer)'),
  reference_match: z.boolean().nullable().describe('Does the answer match the reference answer (null: no reference)'),
  blocked: z.boolean(),
  judge: z.string().describe('llm or programmatic'),
  model: z.string().nullable(),
  prompt_version: z.string().nullable(),
  webgym_version: z.string(),
  error: z
    .string()
    .nullable()
    .default(null)
    .describe(`Why judging failed; the reward is then 0 (${capNote('error')})`),
})

export const JudgedTrajectorySchema = TrajectorySchema.extend({judgment: JudgmentSchema}).describe(
  'A trajectory with its reward',
)

export type FactVerdict = z.infer<typeof FactVerdictSchema>
export type Judgment = z.infer<typeof JudgmentSchema>
export type JudgedTrajectory = z.infer<typeof JudgedTrajectorySchema>
