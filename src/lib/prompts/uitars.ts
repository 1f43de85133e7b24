// The UI-TARS-1.5 dialect: the model's own action grammar (click(start_box='(x,y)'), type(content='...'),
// scroll(...), wait(), finished(content='...'), hotkey(key='...')) and coordinate convention (absolute pixels of the
// resized screenshot, uitars-coordinates.ts), with webgym's task, page and history around it. No memory section:
// UI-TARS keeps its context in its earlier replies, which the window sends back as assistant turns.
import type {ChatMessage} from '../llm/client.js'
import {imageParts, pageLine, text} from './prompt-parts.js'
import {screenshotOrNote, windowedMessages} from './windowed-dialogue.js'
import {isAction, type RecordedAction} from '../schema/action.js'
import {unreachable} from '../unreachable.js'
import type {PolicyPromptInput, PolicyRound} from './qwen3vl.js'
import {toUiTars, uitarsCanvas} from './uitars-coordinates.js'
import {firstLine} from '../errors.js'
import {ACTION_ERROR_CHARS} from './qwen3vl-actions.js'

// Bump when the wording, the grammar or the parsing rules change (trajectories record it; training rebuilds with it).
export const UITARS_PROMPT_VERSION = 'uitars-v1'

const NO_EFFECT_NOTE = 'Your previous action had no effect: the screen did not change. Try something else.'

const DEFAULT_WINDOW = 5

function instructions(input: PolicyPromptInput, older: readonly PolicyRound[]): string {
  const {task} = input
  const lines = [
    'You are a GUI agent operating a web browser. You see a screenshot of the page at each step and give the next action, until the task below is done.',
    '',
    '## Output Format',
    'Thought: <what you see, a short plan, and the next action with its target element in one sentence>',
    'Action: <one action from the action space>',
    '',
    '## Action Space',
    "click(start_box='<|box_start|>(x1,y1)<|box_end|>')",
    "type(content='') # Type into the focused field (click it first). Escape \\', \\\" and \\n as in a Python string; end with \\n to submit.",
    "scroll(start_box='<|box_start|>(x1,y1)<|box_end|>', direction='down or up or right or left') # Reveal more on the `direction` side.",
    "hotkey(key='alt left') # Go back to the previous page.",
    'wait() # Wait 5 seconds for the page to change, then look again.',
    "finished(content='') # The task is done: give the complete answer or outcome in content, or why it cannot be done.",
    '',
    '## Note',
    '- Use English in the Thought part.',
    '- One action per reply, aimed at what the latest screenshot shows; if an action failed or changed nothing, try another.',
    '',
    '## User Instruction',
    task.intent,
  ]
  if (task.website) lines.push(`Website: ${task.website}`)
  if (task.start_url) lines.push(`Start page: ${task.start_url}`)
  if (older.length > 0) {
    lines.push('', '## Earlier steps (their screenshots are no longer shown)')
    older.forEach((round, i) => lines.push(historyLine(i + 1, round, input.viewport)))
  }
  return lines.join('\n')
}

/** The request for the next action: the instructions, the last `window` screenshots with the replies between them. */
export function buildUiTarsMessages(input: PolicyPromptInput): ChatMessage[] {
  return windowedMessages(input, {
    defaultWindow: DEFAULT_WINDOW,
    noEffectNote: NO_EFFECT_NOTE,
    intro: (older) => instructions(input, older),
    roundImage: screenshotOrNote,
    roundText: (step, round, notes) => [pageLine(step, round), ...notes].join('\n'),
    reply: (action) => (action ? uitarsReply(action, input.viewport) : '(no reply)'),
    current: (notes) => [
      ...imageParts(input.current.image),
      text([pageLine(input.rounds.length + 1, input.current), ...notes].join('\n')),
    ],
  })
}

/** A reply in UI-TARS's grammar for an action chosen without the model (in the model's coordinates). */
export function uitarsReply(
  action: RecordedAction,
  viewport: {width: number; height: number},
  thought?: string,
): string {
  return `Thought: ${thought ?? 'Next step.'}\nAction: ${uitarsCall(action, viewport)}`
}

function uitarsCall(action: RecordedAction, viewport: {width: number; height: number}): string {
  if (!isAction(action)) return inWords(action)
  const box = (coordinate: readonly [number, number]) => {
    const [x, y] = toUiTars(coordinate, viewport)
    return `'<|box_start|>(${x},${y})<|box_end|>'`
  }
  switch (action.name) {
    case 'left_click':
      return `click(start_box=${box(action.coordinate ?? [500, 500])})`
    case 'type':
      return `type(content='${escape(action.text)}')`
    case 'press':
    case 'navigate':
      return inWords(action)
    case 'scroll':
      return `scroll(${action.coordinate ? `start_box=${box(action.coordinate)}, ` : ''}direction='${action.direction}')`
    case 'wait':
      return 'wait()'
    case 'go_back':
      return "hotkey(key='alt left')"
    case 'answer':
      return `finished(content='${escape(action.text)}')`
  }
  return unreachable(action, 'action')
}

// press, navigate and a recorded action this webgym does not know have no UI-TARS form: the action in words, which
// the parser reads as unknown.
function inWords(action: RecordedAction): string {
  return `${action.name}(content='${escape(JSON.stringify(action))}')`
}

function escape(value: string): string {
  return value.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n')
}

function historyLine(step: number, round: PolicyRound, viewport: {width: number; height: number}): string {
  let line = `Step ${step}: ${round.action ? uitarsCall(round.action, viewport) : 'no valid action'} on ${round.url}`
  if (round.action_error) line += ` (failed: ${firstLine(round.action_error, ACTION_ERROR_CHARS)})`
  if (round.repeated) line += ' (no effect: the screen did not change)'
  return line
}

/** The size the model sees screenshots at, for messages and tests. */
export {uitarsCanvas}
