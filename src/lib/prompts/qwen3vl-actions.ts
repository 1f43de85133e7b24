// The Qwen3-VL dialect's action vocabulary, shared by its prompt builder and its reply reader.

export const POLICY_ACTIONS = ['left_click', 'type', 'scroll', 'wait', 'go_back', 'navigate', 'answer'] as const
export type PolicyActionName = (typeof POLICY_ACTIONS)[number]

export const DIRECTIONS = ['up', 'down', 'left', 'right'] as const
export const DEFAULT_WAIT_SECONDS = 2
export const MAX_WAIT_SECONDS = 10

export const TOOL_OPEN = '<tool_call>'
export const TOOL_CLOSE = '</tool_call>'

/** A message on one line, cut to `max` characters, for prompts and parse errors. */
export function oneLine(message: string, max = 300): string {
  const first = message.trim().split('\n')[0].trim()
  return first.length > max ? `${first.slice(0, max - 1)}…` : first
}
