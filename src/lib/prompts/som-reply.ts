// Reading a som-dialect reply: "Thought: ...\nAction: click('12')" (som-actions.ts). The call's arguments are Python
// literals (positional). Element ids come back as numbers; whether the id exists on the page is the episode's check,
// when the action runs. Never throws.
import {parsePythonLiteral, PythonLiteralError} from '../sources/python-literal.js'
import {MAX_WAIT_SECONDS, type Action} from '../schema/action.js'
import {unreachable} from '../unreachable.js'
import type {ParsedPolicyResponse} from './qwen3vl-reply.js'
import {SOM_FUNCTIONS} from './som-actions.js'
import {firstLine} from '../errors.js'

type Result = {action: Action} | {error: string}

// The calls the reader takes: the dialect's functions, and answer(), which models write for send_msg_to_user.
const CALLS = [...SOM_FUNCTIONS, 'answer'] as const
type SomCallName = (typeof CALLS)[number]
const CALL = new RegExp(`\\b(${CALLS.join('|')})\\s*\\(`, 'g')

export function parseSomResponse(text: string | null | undefined): ParsedPolicyResponse {
  if (!text || !text.trim())
    return {thought: null, actionText: null, action: null, memory: null, error: 'empty response'}
  const memoryAt = text.search(/(^|\n)[ \t*]*Memory[ \t*]*:/i)
  const memory =
    memoryAt === -1
      ? null
      : text
          .slice(memoryAt)
          .replace(/^\s*[*]*Memory[ \t*]*:\s*/i, '')
          .trim() || null
  const body = memoryAt === -1 ? text : text.slice(0, memoryAt)
  const actionAt = body.search(/(^|\n)[ \t*]*Action[ \t*]*:/i)
  const thought =
    (actionAt === -1
      ? null
      : body
          .slice(0, actionAt)
          .replace(/^\s*[*]*Thought[ \t*]*:\s*/i, '')
          .trim()) || null
  // The call on the Action line; without one, the last call the reply writes.
  const scope = actionAt === -1 ? body : body.slice(actionAt)
  const starts = [...scope.matchAll(CALL)]
  const start = actionAt === -1 ? starts.at(-1) : starts[0]
  if (!start)
    return {
      thought,
      actionText: null,
      action: null,
      memory,
      error: `no action call in the response; expected e.g. click('12') after "Action:"`,
    }
  const call = callText(scope, start.index!)
  if (call === null)
    return {
      thought,
      actionText: null,
      action: null,
      memory,
      error: `the call ${quote(scope.slice(start.index, start.index! + 80))} is not closed`,
    }
  const parsed = readCall(start[1]! as SomCallName, call.args)
  return {
    thought,
    actionText: call.text,
    action: 'action' in parsed ? parsed.action : null,
    memory,
    error: 'error' in parsed ? parsed.error : null,
  }
}

/** The call from `at` to its closing parenthesis (quotes respected), and its argument text. */
function callText(text: string, at: number): {text: string; args: string} | null {
  const open = text.indexOf('(', at)
  let quoteChar: string | null = null
  for (let i = open + 1; i < text.length; i++) {
    const char = text[i]!
    if (quoteChar) {
      if (char === '\\') i++
      else if (char === quoteChar) quoteChar = null
    } else if (char === '"' || char === "'") quoteChar = char
    else if (char === ')') return {text: text.slice(at, i + 1), args: text.slice(open + 1, i)}
  }
  return null
}

function readCall(name: SomCallName, argText: string): Result {
  let args: unknown[]
  try {
    args = argText.trim() === '' ? [] : (parsePythonLiteral(`[${argText}]`) as unknown[])
  } catch (error) {
    const problem = error instanceof PythonLiteralError ? error.message : String(error)
    return {
      error: `cannot read the arguments of ${name}(${firstLine(argText, 80)}): ${problem}; give them as Python literals, e.g. fill('12', 'text')`,
    }
  }
  const element = () => elementId(name, args[0])
  switch (name) {
    case 'click': {
      const id = element()
      return typeof id === 'string' ? {error: id} : {action: {name: 'left_click', element: id}}
    }
    case 'fill': {
      const id = element()
      if (typeof id === 'string') return {error: id}
      if (typeof args[1] !== 'string')
        return {error: `fill needs the text as its second argument, got ${quote(args[1])}`}
      return {action: {name: 'type', element: id, text: args[1]}}
    }
    case 'press': {
      const id = element()
      if (typeof id === 'string') return {error: id}
      if (typeof args[1] !== 'string' || !args[1].trim())
        return {error: `press needs a key such as 'Enter' as its second argument, got ${quote(args[1])}`}
      return {action: {name: 'press', element: id, key: args[1].trim()}}
    }
    case 'scroll': {
      const [dx, dy] = args
      if (typeof dx !== 'number' || typeof dy !== 'number')
        return {error: `scroll needs two numbers (delta_x, delta_y), got ${quote(dx)} and ${quote(dy)}`}
      if (dx === 0 && dy === 0) return {error: 'scroll(0, 0) does not move the page'}
      const direction = Math.abs(dy) >= Math.abs(dx) ? (dy > 0 ? 'down' : 'up') : dx > 0 ? 'right' : 'left'
      return {action: {name: 'scroll', direction}}
    }
    case 'go_back':
      return {action: {name: 'go_back'}}
    case 'goto':
      return typeof args[0] === 'string' && args[0].trim()
        ? {action: {name: 'navigate', url: args[0].trim()}}
        : {error: `goto needs a URL, got ${quote(args[0])}`}
    case 'noop': {
      const ms = args[0] === undefined ? 1000 : args[0]
      if (typeof ms !== 'number' || !(ms >= 0)) return {error: `noop takes milliseconds to wait, got ${quote(ms)}`}
      return {action: {name: 'wait', seconds: Math.min(ms / 1000, MAX_WAIT_SECONDS)}}
    }
    case 'send_msg_to_user':
    case 'answer':
      return typeof args[0] === 'string'
        ? {action: {name: 'answer', text: args[0]}}
        : {error: `${name} needs the answer as a string, got ${quote(args[0])}`}
  }
  return unreachable(name, 'som call')
}

/** An element id as the model wrote it: 12, '12' or '[12]'. */
function elementId(name: string, value: unknown): number | string {
  const text =
    typeof value === 'number'
      ? String(value)
      : typeof value === 'string'
        ? value.trim().replace(/^\[(.*)\]$/, '$1')
        : ''
  if (!/^\d+$/.test(text) || Number(text) < 1)
    return `${name} needs an element id from the page, such as '12', got ${quote(value)}`
  return Number(text)
}

function quote(value: unknown): string {
  return value === undefined ? 'nothing' : firstLine(JSON.stringify(value) ?? String(value), 80)
}
