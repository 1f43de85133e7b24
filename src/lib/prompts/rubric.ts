import {z} from 'zod'
import type {ChatMessage} from '../llm/client.js'
import type {Task} from '../schema/task.js'

// Bump when the wording changes: it is part of the cache key and of every rubric's provenance.
export const RUBRIC_PROMPT_VERSION = 'rubric-v1'

/** What the model must reply: fact groups, each a set of single checkable facts. */
export const RubricReplySchema = z.object({
  fact_groups: z
    .array(
      z.object({
        id: z.string().min(1).describe('Short group id, e.g. "g1"'),
        description: z.string().min(1).describe('What the facts in this group are about'),
        facts: z
          .array(z.string().min(1))
          .min(1)
          .describe('Single checkable statements about the final page state or answer'),
      }),
    )
    .min(1)
    // Ids name groups in judgments and sub-task ids: a reply that repeats one is sent back for repair.
    .superRefine((groups, context) => {
      const seen = new Set<string>()
      for (const group of groups) {
        if (seen.has(group.id))
          context.addIssue({
            code: 'custom',
            message: `group id ${JSON.stringify(group.id)} is used by more than one group; give each group its own id`,
          })
        seen.add(group.id)
      }
    }),
})
export type RubricReply = z.infer<typeof RubricReplySchema>

const SYSTEM = `You write evaluation rubrics for web-browsing tasks. A rubric lists the facts that the final state of the browser, or the agent's final answer, must show for the task to count as done.

Rules:
- Each fact is one single, checkable statement about the final page or the answer (for example "The search results are sorted by price, lowest first" or "The answer states the hotel's nightly price"). Never combine two checks in one fact.
- Group related facts (for example everything about the chosen product, everything about the filters applied). Give each group a short id and a description.
- Include every requirement the task states, and nothing it does not ask for. Do not add facts about how the agent navigates.
- When a reference answer is given, include facts that the answer must match, stated without depending on today's date where possible.
- Fewer facts for simple tasks, more for tasks with many constraints.`

/** The messages that ask for a task's rubric. */
export function rubricMessages(task: Task): ChatMessage[] {
  const lines = [`Task: ${task.intent}`]
  if (task.website) lines.push(`Website: ${task.website}${task.start_url ? ` (starting at ${task.start_url})` : ''}`)
  else if (task.start_url) lines.push(`Start page: ${task.start_url}`)
  if (task.reference_answer) lines.push(`Reference answer: ${task.reference_answer}`)
  lines.push('', 'Write the rubric.')
  return [
    {role: 'system', content: SYSTEM},
    {role: 'user', content: lines.join('\n')},
  ]
}
