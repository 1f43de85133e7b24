import type {LlmClient} from '../llm/client.js'
import {DECOMPOSE_PROMPT_VERSION, DecomposeReplySchema, decomposeMessages} from '../prompts/decompose.js'
import type {Task} from '../schema/task.js'
import {WEBGYM_VERSION} from '../version.js'
import {buildSubtask} from './build-subtask.js'
import {chooseSubsets, taskEligibility, type Eligibility} from './choose-subsets.js'

export interface DecomposeOptions {
  maxPerTask: number
  seed: number
}

export interface Decomposition {
  eligibility: Eligibility
  /** Easiest first; empty when the task is not eligible. */
  subtasks: Task[]
}

/**
 * A task's sub-tasks: proper subsets of its fact groups chosen under the seed, each with an intent the model
 * rewrote to ask for exactly those groups. One request per sub-task, one after another, so `--concurrency` bounds
 * the requests in flight. Any failed request fails the whole task (none of its sub-tasks is kept).
 */
export async function decomposeTask(task: Task, client: LlmClient, options: DecomposeOptions): Promise<Decomposition> {
  const eligibility = taskEligibility(task)
  if (eligibility !== 'eligible' || !task.rubric) return {eligibility, subtasks: []}
  const groups = task.rubric.fact_groups
  const subtasks: Task[] = []
  for (const choice of chooseSubsets(task.rubric, {maxPerTask: options.maxPerTask, seed: options.seed, key: task.id})) {
    const kept = groups.filter((_, i) => choice.groups.includes(i))
    const dropped = groups.filter((_, i) => !choice.groups.includes(i))
    const reply = await client.complete({
      schemaName: 'subtask',
      schema: DecomposeReplySchema,
      messages: decomposeMessages(task, kept, dropped),
      promptVersion: DECOMPOSE_PROMPT_VERSION,
    })
    const provenance = {model: reply.model, prompt_version: DECOMPOSE_PROMPT_VERSION, webgym_version: WEBGYM_VERSION}
    subtasks.push(buildSubtask(task, choice, reply.value.intent, provenance))
  }
  return {eligibility, subtasks}
}
