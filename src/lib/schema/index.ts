import {z} from 'zod'
import {HfRowSchema} from './hf-row.js'
import {JudgedTrajectorySchema} from './judged.js'
import {LabelRecordSchema} from './label.js'
import {RubricSchema} from './rubric.js'
import {TaskSchema} from './task.js'
import {TrajectorySchema} from './trajectory.js'
import {WebgymRowSchema} from './webgym-row.js'

export * from './action.js'
export * from './hf-row.js'
export * from './judged.js'
export * from './label.js'
export * from './level.js'
export * from './provenance.js'
export * from './rubric.js'
export * from './task.js'
export * from './trajectory.js'
export * from './webgym-row.js'

// Record types by the name users give to `webgym schema NAME`.
export const RECORD_SCHEMAS = {
  task: TaskSchema,
  rubric: RubricSchema,
  trajectory: TrajectorySchema,
  judged: JudgedTrajectorySchema,
  'webgym-row': WebgymRowSchema,
  label: LabelRecordSchema,
  'hf-row': HfRowSchema,
} as const

export type RecordTypeName = keyof typeof RECORD_SCHEMAS

/** JSON Schema (draft 2020-12) of a record type, as records are written (defaults filled in). */
export function jsonSchemaOf(name: RecordTypeName): Record<string, unknown> {
  const schema = z.toJSONSchema(RECORD_SCHEMAS[name], {io: 'output', unrepresentable: 'any'}) as Record<string, unknown>
  return {title: name, ...schema}
}
