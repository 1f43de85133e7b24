import type {LlmClient} from '../llm/client.js'
import {RUBRIC_PROMPT_VERSION, RubricReplySchema, rubricMessages} from '../prompts/rubric.js'
import {countFacts, levelForDifficulty} from '../schema/level.js'
import type {Task} from '../schema/task.js'
import {WEBGYM_VERSION} from '../version.js'
import {hasSourceRubric} from './rubric-origin.js'
import {withoutRepeatedFacts} from './without-repeated-facts.js'

export interface RubricOptions {
  /** Write a new rubric for a task whose rubric a model made (or whose maker is not recorded). */
  force: boolean
  /** Write a new rubric for a task whose rubric its source task set gave, too (provenance.rubric.made_by 'source'). */
  replaceSourceRubrics?: boolean
}

/** Whether a task's rubric stays: any rubric unless forced, and a source-made one unless that is asked for too. */
export function keepsRubric(task: Task, options: RubricOptions): boolean {
  if (!task.rubric) return false
  return hasSourceRubric(task) ? !options.replaceSourceRubrics : !options.force
}

/**
 * A task with a model-written fact-group rubric: difficulty = number of facts, level from the paper's bands, and the
 * model and prompt version in `provenance.rubric`. A task whose rubric stays (keepsRubric) is returned as it is.
 */
export async function withRubric(task: Task, client: LlmClient, options: RubricOptions): Promise<Task> {
  if (keepsRubric(task, options)) return task
  const reply = await client.complete({
    schemaName: 'rubric',
    schema: RubricReplySchema,
    messages: rubricMessages(task),
    promptVersion: RUBRIC_PROMPT_VERSION,
  })
  const rubric = withoutRepeatedFacts(
    reply.value.fact_groups.map((group) => ({
      id: group.id,
      description: group.description.trim(),
      facts: group.facts.map((fact) => fact.trim()),
    })),
  )
  const difficulty = countFacts(rubric)
  return {
    ...task,
    rubric,
    difficulty,
    level: levelForDifficulty(difficulty),
    provenance: {
      ...task.provenance,
      rubric: {model: reply.model, prompt_version: RUBRIC_PROMPT_VERSION, webgym_version: WEBGYM_VERSION},
    },
  }
}
