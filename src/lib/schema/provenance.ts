import {z} from 'zod'

// Every record a model or a prompt produced says which model, prompt version and webgym version made it.
export const ProvenanceSchema = z.object({
  model: z.string().nullable(),
  prompt_version: z.string().nullable(),
  webgym_version: z.string(),
  at: z.string().optional().describe('ISO time the stage ran'),
})
export type Provenance = z.infer<typeof ProvenanceSchema>
