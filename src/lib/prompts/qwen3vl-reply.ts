// Reading a Qwen3-VL policy reply: the <tool_call> with the computer_use action, and the Thought/Action/Memory
// sections around it. Never throws: a reply that gives no usable action says why in one line.
import {
  DEFAULT_WAIT_SECONDS,
  MAX_WAIT_SECONDS,
  SCROLL_DIRECTIONS,
  type Action,
  type ScrollDirection,
} from '../schema/action.js'
import {POLICY_ACTIONS, TOOL_CLOSE, TOOL_OPEN, type PolicyActionName} from './qwen3vl-actions.js'
import {firstLine} from '../errors.js'

export interface ParsedPolicyResponse {
  thought: string | null
  actionText: string | null
  action: Action | null
  memory: string | null
  error: string | null
}

/** Reads a policy reply; never throws: a malformed reply gives a null action and a one-line error saying why. */
export function parsePolicyResponse(text: string | null | undefined): ParsedPolicyResponse {
  if (!text || !text.trim())
    return {thought: null, actionText: null, action: null, memory: null, error: 'empty response'}
  const call = findToolCall(text)
  const sections = readSections(call.rest)
  const parsed = call.body === null ? {error: 'no <tool_call> in the response'} : readAction(call.body)
  return {
    ...sections,
    action: 'action' in parsed ? parsed.action : null,
    error: 'error' in parsed ? parsed.error : null,
  }
}

/** The first tool call's raw text, and the reply with every tool call cut out (for reading the sections). */
function findToolCall(text: string): {body: string | null; rest: string} {
  const lower = text.toLowerCase()
  const spans: Array<[number, number]> = []
  let body: string | null = null
  for (let open = lower.indexOf(TOOL_OPEN); open !== -1; open = lower.indexOf(TOOL_OPEN, spans[spans.length - 1][1])) {
    const start = open + TOOL_OPEN.length
    const nextOpen = lower.indexOf(TOOL_OPEN, start)
    const close = lower.indexOf(TOOL_CLOSE, start)
    let end: number
    if (close !== -1 && (nextOpen === -1 || close < nextOpen)) {
      body ??= text.slice(start, close)
      end = close + TOOL_CLOSE.length
    } else {
      // No closing tag: the call ends with its JSON object, so a Memory line after it stays readable.
      const region = text.slice(start, nextOpen === -1 ? text.length : nextOpen)
      const object = objectSpan(region)
      body ??= object ? region.slice(object[0], object[1]) : region
      end = start + (object ? object[1] : region.length)
    }
    spans.push([open, end])
  }
  if (spans.length === 0) {
    const fence = /```[a-z]*[ \t]*\n?([\s\S]*?)```/i.exec(text)
    if (fence && fence[1].includes('{')) {
      body = fence[1]
      spans.push([fence.index, fence.index + fence[0].length])
    }
  }
  let rest = ''
  let from = 0
  for (const [start, end] of spans) {
    rest += `${text.slice(from, start)}\n`
    from = end
  }
  rest += text.slice(from)
  return {body, rest: rest.replace(/^[ \t]*```[a-z]*[ \t]*$/gim, '')}
}

/** [start, end) of the first balanced JSON object in text, skipping braces inside strings; null when none closes. */
function objectSpan(text: string): [number, number] | null {
  const start = text.indexOf('{')
  if (start === -1) return null
  let depth = 0
  let inString = false
  for (let i = start; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
    } else if (c === '"') inString = true
    else if (c === '{') depth++
    else if (c === '}' && --depth === 0) return [start, i + 1]
  }
  return null
}

const SECTION = /^[ \t>#*_-]*(thought|action|memory)[ \t*_]*:[ \t*_]*/gim

function readSections(text: string): Pick<ParsedPolicyResponse, 'thought' | 'actionText' | 'memory'> {
  const found: Record<string, string> = {}
  const matches = [...text.matchAll(SECTION)]
  matches.forEach((match, i) => {
    const label = match[1].toLowerCase()
    const end = i + 1 < matches.length ? matches[i + 1].index : text.length
    found[label] ??= text.slice(match.index + match[0].length, end).trim()
  })
  // A reply with no labels at all is still worth keeping as the thought.
  const preamble = text.slice(0, matches.length > 0 ? matches[0].index : text.length).trim()
  return {
    thought: found.thought || (matches.length === 0 && preamble) || null,
    actionText: found.action ? found.action.replace(/\s+/g, ' ') : null,
    memory: found.memory || null,
  }
}

type ActionResult = {action: Action} | {error: string}

// A Map, not an object literal, so that a reply naming "constructor" is not mistaken for an action.
const ALIASES = new Map<string, PolicyActionName>([
  ...POLICY_ACTIONS.map((name) => [name, name] as const),
  ['click', 'left_click'],
  ['back', 'go_back'],
  ['goto', 'navigate'],
  ['open_url', 'navigate'],
])
// Qwen's own computer_use ends an episode with `terminate`; here ending means answering, so it needs a text.
const FINISH_ALIASES = new Set(['terminate', 'stop', 'finish'])

function readAction(body: string): ActionResult {
  const span = objectSpan(body)
  const json = span ? body.slice(span[0], span[1]) : body.trim()
  if (!json) return {error: 'empty <tool_call>'}
  let call: unknown
  try {
    call = JSON.parse(json)
  } catch (error) {
    return {error: `invalid JSON in <tool_call>: ${firstLine(error, 120)}`}
  }
  if (!isRecord(call)) return {error: `<tool_call> is not a JSON object, got ${quote(call)}`}
  let args: unknown = call.arguments ?? call.parameters
  if (typeof args === 'string') {
    try {
      args = JSON.parse(args)
    } catch (error) {
      return {error: `invalid JSON in tool_call arguments: ${firstLine(error, 120)}`}
    }
  }
  if (args === undefined && 'action' in call) args = call
  if (!isRecord(args)) return {error: `tool_call arguments are not a JSON object, got ${quote(args)}`}
  // Some replies name the action as the function instead of passing it as an argument.
  const name = args.action ?? (call.name !== 'computer_use' ? call.name : undefined)
  if (typeof name !== 'string' || !name.trim()) return {error: 'tool_call has no action'}
  return toAction(name.trim().toLowerCase(), args)
}

function toAction(name: string, args: Record<string, unknown>): ActionResult {
  if (FINISH_ALIASES.has(name)) {
    const answer = nonEmptyString(args.text ?? args.answer)
    return answer === null
      ? {error: `${name} needs an answer text to count as answer`}
      : {action: {name: 'answer', text: answer}}
  }
  const canonical = ALIASES.get(name)
  if (!canonical) return {error: `unknown action ${quote(name)}; expected one of ${POLICY_ACTIONS.join(', ')}`}
  const coordinate = args.coordinate === undefined ? undefined : readCoordinate(args.coordinate)
  if (typeof coordinate === 'string') return {error: coordinate}
  const at = coordinate ? {coordinate} : {}

  switch (canonical) {
    case 'left_click':
      return coordinate ? {action: {name: 'left_click', coordinate}} : {error: 'left_click needs a coordinate [x, y]'}
    case 'type': {
      const value = typeof args.text === 'string' && args.text.length > 0 ? args.text : null
      return value === null ? {error: 'type needs a non-empty text'} : {action: {name: 'type', text: value, ...at}}
    }
    case 'scroll': {
      const direction = args.direction === undefined ? 'down' : String(args.direction).trim().toLowerCase()
      if (!(SCROLL_DIRECTIONS as readonly string[]).includes(direction)) {
        return {error: `invalid scroll direction ${quote(args.direction)}; expected up, down, left or right`}
      }
      return {action: {name: 'scroll', direction: direction as ScrollDirection, ...at}}
    }
    case 'wait': {
      const time = args.time ?? args.seconds
      if (time === undefined) return {action: {name: 'wait', seconds: DEFAULT_WAIT_SECONDS}}
      const seconds = typeof time === 'string' && time.trim() ? Number(time) : time
      if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0)
        return {error: `invalid wait time ${quote(time)}`}
      return {action: {name: 'wait', seconds: Math.min(seconds, MAX_WAIT_SECONDS)}}
    }
    case 'go_back':
      return {action: {name: 'go_back'}}
    case 'navigate': {
      const url = nonEmptyString(args.url)
      return url === null ? {error: 'navigate needs a url'} : {action: {name: 'navigate', url}}
    }
    case 'answer': {
      const answer = nonEmptyString(args.text ?? args.answer)
      return answer === null ? {error: 'answer needs a non-empty text'} : {action: {name: 'answer', text: answer}}
    }
  }
}

/** [x, y] exactly in the order given, rounded; a message when it is not two numbers within 0-1000. */
function readCoordinate(value: unknown): [number, number] | string {
  let pair: unknown[] | null = null
  if (Array.isArray(value)) pair = value
  else if (isRecord(value) && 'x' in value && 'y' in value) pair = [value.x, value.y]
  else if (typeof value === 'string') {
    const match = /^\s*[[(]?\s*(-?[\d.]+(?:e[-+]?\d+)?)\s*,\s*(-?[\d.]+(?:e[-+]?\d+)?)\s*[\])]?\s*$/i.exec(value)
    if (match) pair = [Number(match[1]), Number(match[2])]
  }
  if (!pair || pair.length !== 2 || !pair.every((n) => typeof n === 'number' && Number.isFinite(n))) {
    return `invalid coordinate ${quote(value)}; expected [x, y] with two numbers`
  }
  const [x, y] = pair as [number, number]
  // Out-of-range points usually mean the model answered in pixels; guessing a scale would click the wrong place.
  if (x < 0 || x > 1000 || y < 0 || y > 1000) return `coordinate [${x}, ${y}] is out of range 0-1000`
  return [Math.round(x), Math.round(y)]
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function quote(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value)
  return json.length > 60 ? `${json.slice(0, 59)}…` : json
}
