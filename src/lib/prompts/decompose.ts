import {z} from 'zod'
import type {ChatMessage} from '../llm/client.js'
import type {FactGroup} from '../schema/rubric.js'
import type {Task} from '../schema/task.js'

// Bump when the wording changes: it is part of the cache key and of every sub-task's provenance.
export const DECOMPOSE_PROMPT_VERSION = 'decompose-v1'

/** What the model must reply: the sub-task's instruction. */
export const DecomposeReplySchema = z.object({
  intent: z
    .string()
    .trim()
    .min(1)
    .describe('The rewritten task: one instruction that asks for exactly the kept requirements'),
})
export type DecomposeReply = z.infer<typeof DecomposeReplySchema>

const SYSTEM = `You turn a web-browsing task into an easier sub-task. You get the original task and its requirements, split into the ones to keep and the ones to drop, each with the checkable facts that show it was met.

Rules:
- Write one instruction, in the same voice and style as the original, for the same website.
- The new task must ask for every kept requirement, so that each of its facts can be checked at the end.
- It must not ask for, hint at or mention anything that only the dropped requirements need.
- Keep the original's concrete details (names, dates, places, quantities) wherever a kept requirement uses them.
- Do not add requirements of your own.`

/** The messages that ask for a sub-task's intent: the parent task, the groups to keep and the groups to drop. */
export function decomposeMessages(
  parent: Task,
  kept: readonly FactGroup[],
  dropped: readonly FactGroup[],
): ChatMessage[] {
  const lines = [`Original task: ${parent.intent}`]
  if (parent.website)
    lines.push(`Website: ${parent.website}${parent.start_url ? ` (starting at ${parent.start_url})` : ''}`)
  else if (parent.start_url) lines.push(`Start page: ${parent.start_url}`)
  lines.push('', 'Keep these requirements (the new task must ask for all of them):', ...describeGroups(kept))
  lines.push('', 'Drop these requirements (the new task must not ask for them):', ...describeGroups(dropped))
  lines.push('', 'Write the new task.')
  return [
    {role: 'system', content: SYSTEM},
    {role: 'user', content: lines.join('\n')},
  ]
}

function describeGroups(groups: readonly FactGroup[]): string[] {
  return groups.flatMap((group, i) => [`${i + 1}. ${group.description}`, ...group.facts.map((fact) => `   - ${fact}`)])
}
