import {z} from 'zod'

// A microsoft/webgym task row (its train.jsonl / test.jsonl). `evaluator_reference` is a JSON list in one of the
// shapes the reference code accepts: fact groups, plain strings, or {description, difficulty} criteria.
export const EvaluatorReferenceSchema = z.union([
  z.array(
    z.looseObject({
      id: z.union([z.string(), z.number()]),
      description: z.string(),
      facts: z.array(z.string()),
    }),
  ),
  z.array(z.looseObject({description: z.string(), difficulty: z.number().optional()})),
  z.array(z.string()),
  z.string(),
])

export const WebgymRowSchema = z
  .looseObject({
    task_id: z.union([z.string(), z.number()]).transform(String),
    task_name: z.string().trim().min(1),
    website: z.string().nullable().optional(),
    domain: z.string().nullable().optional(),
    subdomain: z.string().nullable().optional(),
    difficulty: z.number().int().nullable().optional(),
    evaluator_reference: EvaluatorReferenceSchema.nullable().optional(),
    definite_answer: z.string().nullable().optional(),
    attempt_level: z.number().int().nullable().optional(),
    benchmark_name: z.string().nullable().optional(),
  })
  .describe('A microsoft/webgym task row')

export type WebgymRow = z.infer<typeof WebgymRowSchema>
