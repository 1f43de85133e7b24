import {z} from 'zod'
import {LEVELS} from './level.js'

/** The difficulty column's value for a task without one (datasets' own convention for a missing label). */
export const HF_NO_DIFFICULTY = -1

const jsonText = (what: string) => z.string().describe(`${what}, as JSON text (json.loads it)`)

// A Task as one flat row of a Hugging Face `datasets` JSON Lines file (`tasks export --format hf`). Every column has
// one type in every row and is never null: `load_dataset("json")` fixes a column's type from the first block it reads
// (about 10 MB), and a column that is all null there cannot take values later (huggingface/datasets#7222). So text is
// "" when missing, difficulty is -1, and the parts whose shape varies by row or source (rubric, meta, provenance) are
// JSON text. `tasks build --source hf` reads the rows back into the same Task records.
export const HfRowSchema = z
  .looseObject({
    id: z.string().min(1).describe('Stable task id, `source:native-id`'),
    source: z.string().min(1).describe('Source task set, e.g. webvoyager'),
    intent: z.string().min(1).describe('The instruction given to the agent'),
    website: z.string().describe('Registrable domain (e.g. allrecipes.com); "" when unknown'),
    start_url: z.string().describe('Where an episode starts; "" when unknown'),
    reference_answer: z.string().describe('The expected answer; "" when the task has none'),
    domain: z.string().describe('WebGym domain (6); "" when unclassified'),
    subdomain: z.string().describe('WebGym subdomain; "" when unclassified'),
    rubric: jsonText('Fact-group rubric {"fact_groups": [{"id", "description", "facts": [...]}]}, or null'),
    difficulty: z.number().int().min(HF_NO_DIFFICULTY).describe('Number of facts in the rubric; -1 when unknown'),
    level: z
      .enum([...LEVELS, ''])
      .describe('easy (1-3 facts), medium (4-6) or hard (7+), or the source\'s own level; "" when unknown'),
    parent_id: z.string().describe('Id of the task this one was decomposed from; "" for an original task'),
    meta: jsonText('Source-specific fields, an object'),
    provenance: jsonText(
      'Per stage (rubric, classify, decompose): {model, prompt_version, webgym_version, made_by}; made_by "source" marks a rubric the source task set gave; {} when none',
    ),
    extra: jsonText('Any other top-level fields of the task record, an object'),
  })
  .describe('A Task as a flat Hugging Face datasets row (tasks export --format hf)')

export type HfRow = z.infer<typeof HfRowSchema>

/** The columns in order, with their `datasets` dtype and meaning: for the dataset card and the README. */
export function hfColumns(): {name: string; dtype: 'string' | 'int64'; description: string}[] {
  return Object.entries(HfRowSchema.shape).map(([name, schema]) => ({
    name,
    dtype: schema instanceof z.ZodNumber ? 'int64' : 'string',
    description: schema.description ?? '',
  }))
}
