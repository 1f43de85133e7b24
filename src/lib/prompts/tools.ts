// The tools dialect: plain OpenAI function calling, for any model behind an OpenAI-compatible server (GPT-4o, GPT-5,
// Qwen3 or Llama with vLLM's tool-call parser). Each action is a function; the request carries them as `tools`
// (and, so that a prompt rebuilt for training holds everything the model was told, in the system message too).
// Coordinates are CSS pixels of the screenshot, whose size the prompt states; they are converted to webgym's 0-1000
// units here and nowhere else. The reply's calls come back from the server apart from the content; the step records
// them in one text, each call in a <tool_call> block (the form Hermes-style chat templates train on), which is what
// this parser reads.
import type {ChatMessage} from '../llm/client.js'
import {imageParts, pageLine, text} from './prompt-parts.js'
import {screenshotOrNote, windowedMessages} from './windowed-dialogue.js'
import {
  DEFAULT_WAIT_SECONDS,
  isAction,
  MAX_WAIT_SECONDS,
  SCROLL_DIRECTIONS,
  type Action,
  type RecordedAction,
  type ScrollDirection,
} from '../schema/action.js'
import {unreachable} from '../unreachable.js'
import {TOOL_CLOSE, TOOL_OPEN} from './qwen3vl-actions.js'
import type {ParsedPolicyResponse} from './qwen3vl-reply.js'
import type {PolicyPromptInput, PolicyRound} from './qwen3vl.js'
import {firstLine} from '../errors.js'
import {ACTION_ERROR_CHARS} from './qwen3vl-actions.js'

export const TOOLS_PROMPT_VERSION = 'tools-v1'

const NO_EFFECT_NOTE = 'Your previous action had no effect: the screen did not change. Do something else.'

const DEFAULT_WINDOW = 4

interface Size {
  width: number
  height: number
}

const point = {
  x: {type: 'integer', description: 'Pixels from the left edge of the screenshot.'},
  y: {type: 'integer', description: 'Pixels from the top edge of the screenshot.'},
} as const

/** The action set as OpenAI function tools. */
export const BROWSER_TOOLS = [
  fn('click', 'Click the point (x, y) of the screenshot: the centre of a link, button or field.', {...point}, [
    'x',
    'y',
  ]),
  fn(
    'type_text',
    'Type text into the focused field; with x and y, click that field first and replace its content.',
    {text: {type: 'string'}, ...point, submit: {type: 'boolean', description: 'Press Enter after typing.'}},
    ['text'],
  ),
  fn(
    'scroll',
    'Scroll the page (or, with x and y, the element under that point).',
    {direction: {type: 'string', enum: [...SCROLL_DIRECTIONS]}, ...point},
    ['direction'],
  ),
  fn(
    'wait',
    'Wait for the page to change.',
    {seconds: {type: 'number', description: `At most ${MAX_WAIT_SECONDS}.`}},
    [],
  ),
  fn('go_back', 'Go back to the previous page.', {}, []),
  fn('navigate', 'Open a URL.', {url: {type: 'string'}}, ['url']),
  fn(
    'answer',
    'Finish the task with the complete answer or outcome (or why it cannot be done).',
    {text: {type: 'string'}},
    ['text'],
  ),
]

function fn(name: string, description: string, properties: Record<string, unknown>, required: string[]) {
  return {type: 'function' as const, function: {name, description, parameters: {type: 'object', properties, required}}}
}

/** A point the model named in screenshot pixels, in webgym's 0-1000 units; a message when it is off the screenshot. */
export function fromPixels(x: unknown, y: unknown, viewport: Size): [number, number] | string {
  if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y))
    return `x and y must be numbers, got ${quote(x)} and ${quote(y)}`
  if (x < 0 || y < 0 || x > viewport.width || y > viewport.height)
    return `point (${x}, ${y}) is off the ${viewport.width}x${viewport.height} screenshot`
  return [
    Math.min(1000, Math.round((1000 * x) / viewport.width)),
    Math.min(1000, Math.round((1000 * y) / viewport.height)),
  ]
}

/** The inverse, for calls written without a model. */
export function toPixels(coordinate: readonly [number, number], viewport: Size): {x: number; y: number} {
  return {
    x: Math.round((coordinate[0] * viewport.width) / 1000),
    y: Math.round((coordinate[1] * viewport.height) / 1000),
  }
}

function systemPrompt(viewport: Size): string {
  return `You are a web agent. You complete the user's task in a web browser, one action per step: each step you see a screenshot of the page and call exactly one of the functions you are given.

The screenshot is the browser viewport, ${viewport.width}x${viewport.height} pixels; give points as x (from the left edge) and y (from the top edge) in those pixels, at the centre of the element. When the task is done, or the information it asks for is on screen, call answer with the complete answer. If an action failed or changed nothing, do something else.

The functions:
${JSON.stringify(BROWSER_TOOLS)}`
}

/** The request: the system message, then the last `window` screenshots with the calls made between them. */
export function buildToolsMessages(input: PolicyPromptInput): ChatMessage[] {
  return windowedMessages(
    input,
    {
      defaultWindow: DEFAULT_WINDOW,
      noEffectNote: NO_EFFECT_NOTE,
      intro: (older) => introText(input, older),
      roundImage: screenshotOrNote,
      roundText: (step, round, notes) => [pageLine(step, round), ...notes].join('\n'),
      reply: (action) => (action ? toolsReply(action, input.viewport) : '(no reply)'),
      current: (notes) => [
        ...imageParts(input.current.image),
        text([pageLine(input.rounds.length + 1, input.current), ...notes, '', 'Call one function.'].join('\n')),
      ],
    },
    {role: 'system', content: systemPrompt(input.viewport)},
  )
}

/** The reply text for an action chosen without a model: one <tool_call> block, as the step records a model's call. */
export function toolsReply(action: RecordedAction, viewport: Size): string {
  return `${TOOL_OPEN}\n${JSON.stringify(toolCall(action, viewport))}\n${TOOL_CLOSE}`
}

function toolCall(action: RecordedAction, viewport: Size): {name: string; arguments: Record<string, unknown>} {
  // A recorded action this webgym does not know, and press, which no function here takes: a call by the action's
  // name with its arguments as they are (the parser reads it as an unknown function).
  if (!isAction(action)) return callByName(action)
  const at = (point: readonly [number, number] | undefined) => (point ? toPixels(point, viewport) : {})
  switch (action.name) {
    case 'left_click':
      return {name: 'click', arguments: at(action.coordinate)}
    case 'type': {
      const submit = action.text.endsWith('\n')
      return {
        name: 'type_text',
        arguments: {text: action.text.replace(/\n+$/, ''), ...at(action.coordinate), ...(submit ? {submit: true} : {})},
      }
    }
    case 'press':
      return callByName(action)
    case 'scroll':
      return {name: 'scroll', arguments: {direction: action.direction, ...at(action.coordinate)}}
    case 'wait':
      return {name: 'wait', arguments: {seconds: action.seconds}}
    case 'go_back':
      return {name: 'go_back', arguments: {}}
    case 'navigate':
      return {name: 'navigate', arguments: {url: action.url}}
    case 'answer':
      return {name: 'answer', arguments: {text: action.text}}
  }
  return unreachable(action, 'action')
}

function callByName({name, ...rest}: RecordedAction): {name: string; arguments: Record<string, unknown>} {
  return {name, arguments: rest}
}

/** Reads the first <tool_call> block of a recorded reply; never throws. */
export function parseToolsResponse(reply: string | null | undefined, viewport: Size): ParsedPolicyResponse {
  if (!reply || !reply.trim())
    return {thought: null, actionText: null, action: null, memory: null, error: 'empty response'}
  const open = reply.indexOf(TOOL_OPEN)
  const thought = (open === -1 ? reply : reply.slice(0, open)).trim() || null
  if (open === -1)
    return {thought, actionText: null, action: null, memory: null, error: 'no function call in the reply'}
  const close = reply.indexOf(TOOL_CLOSE, open)
  const body = reply.slice(open + TOOL_OPEN.length, close === -1 ? undefined : close).trim()
  let call: unknown
  try {
    call = JSON.parse(body)
  } catch (error) {
    return {
      thought,
      actionText: null,
      action: null,
      memory: null,
      error: `invalid JSON in the function call: ${firstLine(error, 120)}`,
    }
  }
  const record = (call ?? {}) as {name?: unknown; arguments?: unknown}
  let args = record.arguments ?? {}
  if (typeof args === 'string') {
    try {
      args = JSON.parse(args)
    } catch {
      return {thought, actionText: null, action: null, memory: null, error: 'the function call arguments are not JSON'}
    }
  }
  const name = typeof record.name === 'string' ? record.name : ''
  const result = toAction(name, (args ?? {}) as Record<string, unknown>, viewport)
  return {
    thought,
    actionText: `${name}(${JSON.stringify(args)})`,
    action: 'action' in result ? result.action : null,
    memory: null,
    error: 'error' in result ? result.error : null,
  }
}

function toAction(name: string, args: Record<string, unknown>, viewport: Size): {action: Action} | {error: string} {
  const hasPoint = args.x !== undefined || args.y !== undefined
  const at = hasPoint ? fromPixels(args.x, args.y, viewport) : undefined
  if (typeof at === 'string') return {error: `${name}: ${at}`}
  const coordinate = at ? {coordinate: at} : {}
  const str = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null)
  switch (name) {
    case 'click':
      return at ? {action: {name: 'left_click', coordinate: at}} : {error: 'click needs x and y'}
    case 'type_text': {
      const value = str(args.text)
      return value === null
        ? {error: 'type_text needs a non-empty text'}
        : {action: {name: 'type', text: args.submit === true ? `${value}\n` : value, ...coordinate}}
    }
    case 'scroll': {
      const direction = String(args.direction ?? 'down').toLowerCase()
      if (!(SCROLL_DIRECTIONS as readonly string[]).includes(direction))
        return {error: `invalid scroll direction ${quote(args.direction)}; expected up, down, left or right`}
      return {action: {name: 'scroll', direction: direction as ScrollDirection, ...coordinate}}
    }
    case 'wait': {
      const seconds = args.seconds === undefined ? DEFAULT_WAIT_SECONDS : Number(args.seconds)
      return Number.isFinite(seconds) && seconds >= 0
        ? {action: {name: 'wait', seconds: Math.min(seconds, MAX_WAIT_SECONDS)}}
        : {error: `invalid wait seconds ${quote(args.seconds)}`}
    }
    case 'go_back':
      return {action: {name: 'go_back'}}
    case 'navigate': {
      const url = str(args.url)
      return url === null ? {error: 'navigate needs a url'} : {action: {name: 'navigate', url: url.trim()}}
    }
    case 'answer': {
      const value = str(args.text)
      return value === null ? {error: 'answer needs a non-empty text'} : {action: {name: 'answer', text: value.trim()}}
    }
    default:
      return {
        error: `unknown function ${quote(name)}; expected one of ${BROWSER_TOOLS.map((tool) => tool.function.name).join(', ')}`,
      }
  }
}

function introText(input: PolicyPromptInput, older: readonly PolicyRound[]): string {
  const lines = [`Task: ${input.task.intent}`]
  if (input.task.website) lines.push(`Website: ${input.task.website}`)
  if (input.task.start_url) lines.push(`Start page: ${input.task.start_url}`)
  if (older.length > 0) {
    lines.push('', 'Earlier steps (their screenshots are no longer shown):')
    older.forEach((round, i) => {
      const call = round.action ? toolCall(round.action, input.viewport) : null
      let line = `Step ${i + 1}: ${call ? `${call.name}(${JSON.stringify(call.arguments)})` : 'no valid call'} on ${round.url}`
      if (round.action_error) line += ` (failed: ${firstLine(round.action_error, ACTION_ERROR_CHARS)})`
      if (round.repeated) line += ' (no effect: the screen did not change)'
      lines.push(line)
    })
  }
  return lines.join('\n')
}

function quote(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value)
  return json.length > 60 ? `${json.slice(0, 59)}…` : json
}
