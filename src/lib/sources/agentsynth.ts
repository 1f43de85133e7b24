import {metaWithout, requiredIntent, requiredText} from './fields.js'
import type {SourceAdapter} from './types.js'

// AgentSynth web rows: {task, website (bare domain), action_sequence, thoughts_sequence[, webpage_text]}. Actions are
// objects or JSON strings of objects; the final `stop` action's answer is the (weak) reference answer.
export const agentsynth: SourceAdapter = {
  name: 'agentsynth',
  description: 'AgentSynth-Web (InSTA environment) task sequences; the final stop answer is the reference answer',
  fileHints: ['agentsynth', 'task_sequences'],
  detect: (sample) => ('task' in sample && 'website' in sample && 'action_sequence' in sample ? 1 : 0),
  toTask: (row) => {
    const actions = Array.isArray(row.action_sequence) ? row.action_sequence.map(parseAction) : []
    const meta = metaWithout(row, ['task', 'website'])
    if (Array.isArray(row.action_sequence)) meta.action_sequence = actions
    return {
      nativeId: null,
      intent: requiredIntent(row, 'task'),
      website: requiredText(row, 'website'),
      startUrl: null,
      referenceAnswer: stopAnswer(actions),
      level: null,
      meta,
    }
  },
}

function parseAction(action: unknown): unknown {
  if (typeof action !== 'string') return action
  try {
    return JSON.parse(action)
  } catch {
    return action
  }
}

function stopAnswer(actions: unknown[]): string | null {
  const last = actions.at(-1) as {action_key?: unknown; action_kwargs?: {answer?: unknown}} | undefined
  if (last?.action_key !== 'stop') return null
  const answer = last.action_kwargs?.answer
  return typeof answer === 'string' && answer.trim() ? answer.trim() : null
}
