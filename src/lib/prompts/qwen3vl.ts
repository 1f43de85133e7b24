import type {ChatMessage} from '../llm/client.js'
import {
  DEFAULT_WAIT_SECONDS,
  isAction,
  MAX_WAIT_SECONDS,
  SCROLL_DIRECTIONS,
  type RecordedAction,
} from '../schema/action.js'
import {unreachable} from '../unreachable.js'
import {imageParts, pageLine, text} from './prompt-parts.js'
import {screenshotOrNote, windowedMessages} from './windowed-dialogue.js'
import {POLICY_ACTIONS, TOOL_CLOSE, TOOL_OPEN} from './qwen3vl-actions.js'
import {firstLine} from '../errors.js'
import {ACTION_ERROR_CHARS} from './qwen3vl-actions.js'

// Bump when the wording, the tool schema or the parsing rules change: trajectories record it, and the trainer must
// render its prompts with the same version the rollouts were collected with.
export {POLICY_ACTIONS} from './qwen3vl-actions.js'

export const QWEN3VL_PROMPT_VERSION = 'qwen3vl-v1'

const DEFAULT_WINDOW = 4

/** The one function the policy calls, in the shape Qwen3-VL's chat template expects inside <tools></tools>. */
export const COMPUTER_USE_TOOL = {
  type: 'function',
  function: {
    name: 'computer_use',
    description:
      'Operate a web browser with mouse and keyboard to complete the task. Each call performs one action on the page shown in the latest screenshot. Coordinates are [x, y] in relative units from 0 to 1000 over the screenshot.',
    parameters: {
      type: 'object',
      properties: {
        action: {
          type: 'string',
          enum: [...POLICY_ACTIONS],
          description: [
            'The action to perform:',
            '* `left_click`: click the point at `coordinate`.',
            '* `type`: type `text` into the focused field; with `coordinate`, click there first. End `text` with "\\n" to press Enter.',
            '* `scroll`: scroll the page in `direction`; with `coordinate`, scroll the element under that point.',
            '* `wait`: wait `time` seconds for the page to change.',
            '* `go_back`: go back to the previous page.',
            '* `navigate`: open `url`.',
            '* `answer`: finish the task, giving the answer or outcome in `text`.',
          ].join('\n'),
        },
        coordinate: {
          type: 'array',
          items: {type: 'integer', minimum: 0, maximum: 1000},
          minItems: 2,
          maxItems: 2,
          description:
            '[x, y]: x from the left edge (0) to the right edge (1000), y from the top edge (0) to the bottom edge (1000). Required by `left_click`.',
        },
        text: {type: 'string', description: 'Required by `type` and `answer`.'},
        direction: {type: 'string', enum: [...SCROLL_DIRECTIONS], description: 'Used by `scroll`; default "down".'},
        url: {type: 'string', description: 'Required by `navigate`.'},
        time: {
          type: 'number',
          description: `Seconds to wait, used by \`wait\`; default ${DEFAULT_WAIT_SECONDS}, at most ${MAX_WAIT_SECONDS}.`,
        },
      },
      required: ['action'],
    },
  },
} as const

export interface PolicyRound {
  url: string
  title?: string
  response: string | null
  action: RecordedAction | null
  action_error: string | null
  repeated: boolean
  /** Image URL (data: URL) of the screenshot the model saw at this round. */
  image?: string
}

export interface PolicyPromptInput {
  task: {intent: string; start_url?: string | null; website?: string | null}
  viewport: {width: number; height: number}
  /** Previous steps, oldest first. */
  rounds: PolicyRound[]
  /**
   * The observation to act on now: the image the mode shows (the screenshot, or the marked one in som; none in
   * axtree alone) and its text observation (element list, accessibility tree), if any.
   */
  current: {url: string; title?: string; image?: string; text?: string}
  /** Memory carried from the last response. */
  memory: string | null
  /** false = --no-memory: no memory section asked for or shown. */
  useMemory: boolean
  /** The previous action was repeated on an unchanged screen: tell the model it had no effect. */
  lastActionNoEffect: boolean
  lastActionError?: string | null
  /** Screenshots per request, the current one included; older rounds are shown as text lines. Default 4. */
  window?: number
}

const NO_EFFECT_NOTE =
  'Your previous action had no effect: the screen did not change. Do not repeat it; try something else.'

function systemPrompt(viewport: {width: number; height: number}, useMemory: boolean): string {
  const memoryFormat = useMemory
    ? '\nMemory: <facts found so far that later steps will need, such as names, prices or what is already done; earlier screenshots are not shown again>'
    : ''
  const memoryRule = useMemory ? '\n- Memory replaces the previous memory: repeat everything still needed.' : ''
  return `You are a web agent. You complete the user's task in a web browser, one action per step, by looking at screenshots of the page and calling the computer_use function.

# Tools

You may call one function per reply. Its signature is within <tools></tools> XML tags:
<tools>
${JSON.stringify(COMPUTER_USE_TOOL)}
</tools>

Give the call as a JSON object with the function name and its arguments within <tool_call></tool_call> XML tags:
<tool_call>
{"name": "computer_use", "arguments": <arguments as a JSON object>}
</tool_call>

# Screen

Each screenshot shows the browser viewport, ${viewport.width}x${viewport.height} pixels. Give every coordinate as [x, y] in relative units from 0 to 1000 over the screenshot: x runs from the left edge (0) to the right edge (1000), y from the top edge (0) to the bottom edge (1000). [500, 500] is the centre of the screen.

# Reply format

Reply in exactly this form:
Thought: <what the screenshot shows and why the next action brings the task closer to done>
Action: <the next action in one short line>
<tool_call>
{"name": "computer_use", "arguments": {"action": "left_click", "coordinate": [x, y]}}
</tool_call>${memoryFormat}

Rules:
- One action per reply, aimed at what the latest screenshot shows. Click the centre of the element.
- When the task is done, or the information it asks for is on screen, call \`answer\` with the complete answer in \`text\`. If the task cannot be done, call \`answer\` and say why.
- If an action failed or had no effect, do not repeat it; try something else.${memoryRule}`
}

/** The request for the policy's next action: the task, recent rounds with screenshots, older ones as text. */
export function buildPolicyMessages(input: PolicyPromptInput): ChatMessage[] {
  return windowedMessages(
    input,
    {
      defaultWindow: DEFAULT_WINDOW,
      noEffectNote: NO_EFFECT_NOTE,
      intro: (older) => introText(input.task, older),
      roundImage: screenshotOrNote,
      roundText: (step, round, notes) => [pageLine(step, round), ...notes].join('\n'),
      reply: synthesizedReply,
      current: (notes) => {
        const closing = [pageLine(input.rounds.length + 1, input.current)]
        if (input.useMemory && input.memory !== null) closing.push('', 'Memory from your previous reply:', input.memory)
        if (notes.length > 0) closing.push('', ...notes)
        closing.push(
          '',
          input.useMemory
            ? 'Give your next reply: Thought, Action, the tool call and Memory.'
            : 'Give your next reply: Thought, Action and the tool call.',
        )
        return [...imageParts(input.current.image), text(closing.join('\n'))]
      },
    },
    {role: 'system', content: systemPrompt(input.viewport, input.useMemory)},
  )
}

function introText(task: PolicyPromptInput['task'], older: readonly PolicyRound[]): string {
  const lines = [`Task: ${task.intent}`]
  if (task.website) lines.push(`Website: ${task.website}`)
  if (task.start_url) lines.push(`Start page: ${task.start_url}`)
  if (older.length > 0) {
    lines.push('', 'Earlier steps (their screenshots are no longer shown):')
    older.forEach((round, i) => lines.push(historyLine(i + 1, round)))
  }
  return lines.join('\n')
}

function historyLine(step: number, round: PolicyRound): string {
  let line = `Step ${step}: ${round.action ? formatAction(round.action) : 'no valid action'} on ${round.url}`
  if (round.action_error) line += ` (failed: ${firstLine(round.action_error, ACTION_ERROR_CHARS)})`
  if (round.repeated) line += ' (no effect: the screen did not change)'
  return line
}

// A round without a raw response (a scripted step) still shows the model a reply in the format it must produce,
// because models copy the shape of their earlier turns.
function synthesizedReply(action: RecordedAction | null): string {
  if (!action) return '(no reply)'
  return qwen3vlReply(action)
}

/**
 * A reply in this dialect for an action chosen without a model (the oracle's demonstrations): Thought (when given),
 * Action and the tool call, so the step can be trained on like a model's own reply. parsePolicyResponse reads it back
 * as the same action.
 */
export function qwen3vlReply(action: RecordedAction, thought?: string): string {
  const call = {name: 'computer_use', arguments: toolArguments(action)}
  return `${thought ? `Thought: ${thought}\n` : ''}Action: ${formatAction(action)}\n<tool_call>\n${JSON.stringify(call)}\n</tool_call>`
}

/**
 * The reply text Qwen3-VL generated when a server with a tool-call parser (vLLM's `--tool-call-parser hermes`) split
 * its <tool_call> blocks out into `tool_calls`: the content, then each call back in its block. The parser keeps only
 * the text before the first call, so a Memory section written after it does not come back.
 */
export function withToolCalls(
  content: string | null,
  calls: readonly {name: string; arguments: string}[],
): string | null {
  if (calls.length === 0) return content
  const blocks = calls.map((call) => {
    let args: unknown = call.arguments
    try {
      args = JSON.parse(call.arguments)
    } catch {
      // kept as the string it is: the parser reports it as invalid JSON
    }
    return `${TOOL_OPEN}\n${JSON.stringify({name: call.name, arguments: args})}\n${TOOL_CLOSE}`
  })
  return [content?.trimEnd() ?? '', ...blocks].filter((part) => part !== '').join('\n')
}

// Every action's arguments as the tool takes them, in the order the action holds them; a wait's seconds are `time`.
function toolArguments(action: RecordedAction): Record<string, unknown> {
  const {name, seconds, ...rest} = action as RecordedAction & {seconds?: number}
  return {action: name, ...rest, ...(seconds === undefined ? {} : {time: seconds})}
}

// Browser errors run to many lines of call log; the model needs the first.

/**
 * One line for logs and history, e.g. `left_click(512, 300)` or `type("hello") at (10, 20)`: the qwen3vl prompt's
 * earlier steps, the view's action and the judge's list of actions.
 */
export function formatAction(action: RecordedAction): string {
  if (!isAction(action)) {
    // A recorded action this webgym does not know: its name and its arguments as they were.
    const {name, ...rest} = action
    return `${name}(${JSON.stringify(rest)})`
  }
  switch (action.name) {
    case 'left_click':
      return action.coordinate
        ? `left_click(${action.coordinate[0]}, ${action.coordinate[1]})`
        : action.element !== undefined
          ? `left_click([${action.element}])`
          : 'left_click()'
    case 'press':
      return `press(${JSON.stringify(action.key)})${action.element !== undefined ? ` on [${action.element}]` : ''}`
    case 'type':
      return `type(${JSON.stringify(action.text)})${where(action)}`
    case 'scroll':
      return `scroll(${action.direction})${where(action)}`
    case 'wait':
      return `wait(${action.seconds}s)`
    case 'go_back':
      return 'go_back()'
    case 'navigate':
      return `navigate(${JSON.stringify(action.url)})`
    case 'answer':
      return `answer(${JSON.stringify(action.text)})`
  }
  return unreachable(action, 'action')
}

// An element id (observation modes that number elements) stands where a coordinate would; qwen3vl gives none.
function where(action: {coordinate?: readonly [number, number]; element?: number}): string {
  if (action.coordinate) return ` at (${action.coordinate[0]}, ${action.coordinate[1]})`
  return action.element !== undefined ? ` on [${action.element}]` : ''
}
