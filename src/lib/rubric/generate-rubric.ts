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
  const rubric = withoutRepeatedFacts(reply.value.fact_groups.map((group) => ({id: group.id, description: group.description.trim(), facts: group.facts.map((fact) => fact.trim())})))
  const difficulty = countFacts(rubric)
  return {
    ...task,
    rubric,
    difficulty,
    level: levelForDifficulty(difficulty),
    provenance: {...task.provenance, rubric: {model: reply.model, prompt_version: RUBRIC_PROMPT_VERSION, webgym_version: WEBGYM_VERSION}},
  }
}

/**
 * The rubric with each fact once: a fact the reply repeats (the same words, whatever the case and spacing), in its
 * group or another, is kept where it first appears, and a group left with no fact goes. Difficulty counts facts, so a
 * repeated one would make a task look harder than it is.
 */
export function withoutRepeatedFacts(groups: Rubric['fact_groups']): Rubric {
  const seen = new Set<string>()
  const key = (fact: string) => fact.toLowerCase().replace(/\s+/g, ' ').trim()
  const kept = groups.map((group) => ({...group, facts: group.facts.filter((fact) => !seen.has(key(fact)) && Boolean(seen.add(key(fact))))}))
  return {fact_groups: kept.filter((group) => group.facts.length > 0)}
}
