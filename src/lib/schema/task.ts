import {z} from 'zod'
import {LEVELS} from './level.js'
import {ProvenanceSchema} from './provenance.js'
import {RubricSchema} from './rubric.js'

export const LevelSchema = z.enum(LEVELS)

export const TaskSchema = z
  .looseObject({
    id: z.string().min(1).describe('Stable id, `source:native-id`'),
    source: z.string().min(1).describe('Source task set, e.g. webvoyager'),
    intent: z.string().trim().min(1).describe('The instruction given to the agent'),
    website: z.string().min(1).nullable().describe('Registrable domain (e.g. allrecipes.com), or null when unknown'),
    start_url: z.string().min(1).nullable().describe('Where an episode starts'),
    reference_answer: z.string().nullable().default(null),
    domain: z.string().nullable().default(null).describe("One of WebGym's 6 domains, or null"),
    subdomain: z.string().nullable().default(null).describe("One of WebGym's subdomains, or null"),
    rubric: RubricSchema.nullable().default(null),
    difficulty: z.number().int().nonnegative().nullable().default(null).describe('Number of facts in the rubric'),
    level: LevelSchema.nullable().default(null),
    parent_id: z.string().nullable().default(null).describe('Id of the task this one was decomposed from'),
    meta: z.record(z.string(), z.unknown()).default({}).describe('Source-specific fields, kept'),
    provenance: z.record(z.string(), ProvenanceSchema).optional().describe('Per stage (e.g. rubric): who produced it'),
  })
  .describe('A web task')

export type Task = z.infer<typeof TaskSchema>
export type TaskInput = z.input<typeof TaskSchema>
