// The Qwen3-VL dialect's share of the action vocabulary (src/lib/schema/action.ts), for its prompt builder and its
// reply reader: the actions its computer_use tool offers, and the <tool_call> block it writes them in.
import type {ActionName} from '../schema/action.js'

export const POLICY_ACTIONS = [
  'left_click',
  'type',
  'scroll',
  'wait',
  'go_back',
  'navigate',
  'answer',
] as const satisfies readonly ActionName[]
export type PolicyActionName = (typeof POLICY_ACTIONS)[number]

export const TOOL_OPEN = '<tool_call>'
export const TOOL_CLOSE = '</tool_call>'

/** How much of an action's error line a prompt repeats to the model. */
export const ACTION_ERROR_CHARS = 300
