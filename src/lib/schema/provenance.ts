import {z} from 'zod'

/** Who made a stage's output: a model (with a prompt), or the source task set itself (read, not generated). */
export const MADE_BY = ['model', 'source'] as const
export type MadeBy = (typeof MADE_BY)[number]

// Every record a model or a prompt produced says which model, prompt version and webgym version made it. A stage
// whose output the source task set gave (DeepShop's sub-requirements, Mind2Web-Live's key nodes as a rubric) says so
// with made_by 'source', model null and the version of the conversion as prompt_version (e.g. source:deepshop-v1).
export const ProvenanceSchema = z.object({
  model: z.string().nullable(),
  prompt_version: z.string().nullable(),
  webgym_version: z.string(),
  made_by: z
    .enum(MADE_BY)
    .optional()
    .describe(
      "'source' when the stage's output was read from the source task set, not made by a model; absent or 'model' otherwise",
    ),
  at: z.string().optional().describe('ISO time the stage ran'),
})
export type Provenance = z.infer<typeof ProvenanceSchema>
