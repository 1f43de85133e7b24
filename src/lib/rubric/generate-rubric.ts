import type {LlmClient} from '../llm/client.js'
import {RUBRIC_PROMPT_VERSION, RubricReplySchema, rubricMessages} from '../prompts/rubric.js'
import {countFacts, levelForDifficulty} from '../schema/level.js'
import type {Rubric} from '../schema/rubric.js'
import type {Task} from '../schema/task.js'
import {WEBGYM_VERSION} from '../version.js'

/**
 * A task with a model-written fact-group rubric: difficulty = number of facts, level from the paper's bands, and the
 * model and prompt version in `provenance.rubric`. A task that already has a rubric is returned as it is unless
 * `force`.
 */
export async function withRubric(task: Task, client: LlmClient, options: {force: boolean}): Promise<Task> {
  if (task.rubric && !options.force) return task
  const reply = await client.complete({schemaName: 'rubric', schema: RubricReplySchema, messages: rubricMessages(task), promptVersion: RUBRIC_PROMPT_VERSION})
  const rubric: Rubric = {
    fact_groups: reply.value.fact_groups.map((group) => ({id: group.id, description: group.description.trim(), facts: group.facts.map((fact) => fact.trim())})),
  }
  const difficulty = countFacts(rubric)
  return {
    ...task,
    rubric,
    difficulty,
    level: levelForDifficulty(difficulty),
    provenance: {...task.provenance, rubric: {model: reply.model, prompt_version: RUBRIC_PROMPT_VERSION, webgym_version: WEBGYM_VERSION}},
  }
}
