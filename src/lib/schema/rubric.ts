import {z} from 'zod'

// A fact-group rubric, as microsoft/webgym's `evaluator_reference`: the checkable facts a successful final
// state or answer must show, grouped. The number of facts is the task's difficulty.
export const FactGroupSchema = z.object({
  id: z.union([z.string(), z.number().int()]).describe('Group id, unique within the rubric'),
  description: z.string().describe('What the group of facts is about'),
  facts: z.array(z.string().min(1)).min(1).describe('Single checkable statements about the final state or answer'),
})

export const RubricSchema = z
  .object({
    fact_groups: z.array(FactGroupSchema).min(1),
  })
  .describe('Fact-group rubric; difficulty = total number of facts')

export type FactGroup = z.infer<typeof FactGroupSchema>
export type Rubric = z.infer<typeof RubricSchema>
