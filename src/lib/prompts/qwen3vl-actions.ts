// The Qwen3-VL dialect's action vocabulary, shared by its prompt builder and its reply reader.

export const POLICY_ACTIONS = ['left_click', 'type', 'scroll', 'wait', 'go_back', 'navigate', 'answer'] as const
export type PolicyActionName = (typeof POLICY_ACTIONS)[number]

export const DIRECTIONS = ['up', 'down', 'left', 'right'] as const
export const DEFAULT_WAIT_SECONDS = 2
export const MAX_WAIT_SECONDS = 10

export const TOOL_OPEN = '<tool_call>'
export const TOOL_CLOSE = '</tool_call>'

/** How much of an action's error line a prompt repeats to the model. */
export const ACTION_ERROR_CHARS = 300
