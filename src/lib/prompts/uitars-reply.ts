// Reading a UI-TARS-1.5 reply: "Thought: ...\nAction: name(key='value', ...)" in its own action grammar. Points come
// as start_box='(x,y)' (with or without <|box_start|> tokens), a box '(x1,y1,x2,y2)' (its centre) or
// point='<point>x y</point>', in the model's resized-screenshot pixels (uitars-coordinates.ts). Never throws.
import {SCROLL_DIRECTIONS, type Action, type ScrollDirection} from '../schema/action.js'
import type {ParsedPolicyResponse} from './qwen3vl-reply.js'
import {fromUiTars, type Size} from './uitars-coordinates.js'
import {firstLine} from '../errors.js'

/** UI-TARS's wait() sleeps this long before the next screenshot. */
export const UITARS_WAIT_SECONDS = 5

type Result = {action: Action} | {error: string}

export function parseUiTarsResponse(text: string | null | undefined, viewport: Size): ParsedPolicyResponse {
  if (!text || !text.trim())
    return {thought: null, actionText: null, action: null, memory: null, error: 'empty response'}
  const at = text.search(/(^|\n)\s*Action\s*:/i)
  const head = at === -1 ? text : text.slice(0, at)
  const thought =
    /(?:Thought|Reflection|Action_Summary)\s*:\s*([\s\S]*)$/i.exec(head)?.[1]?.trim() || head.trim() || null
  if (at === -1)
    return {thought, actionText: null, action: null, memory: null, error: 'no "Action:" line in the response'}
  const call = text
    .slice(at)
    .replace(/^\s*Action\s*:\s*/i, '')
    .trim()
  const parsed = readCall(call, viewport)
  return {
    thought,
    actionText: call.replace(/\s+/g, ' '),
    action: 'action' in parsed ? parsed.action : null,
    memory: null,
    error: 'error' in parsed ? parsed.error : null,
  }
}

function readCall(text: string, viewport: Size): Result {
  const match = /^([a-z_]+)\s*\(([\s\S]*)\)\s*$/i.exec(
    text
      .split(/\)\s*\n\s*\n/)[0]!
      .trim()
      .replace(/\)?$/, ')'),
  )
  if (!match) return {error: `cannot read the action ${quote(text)}; expected name(key='value', ...)`}
  const name = match[1]!.toLowerCase()
  const args = readArguments(match[2]!)
  if (typeof args === 'string') return {error: args}
  const point = (key: string) => (args[key] === undefined ? undefined : readPoint(args[key]!, viewport))
  switch (name) {
    case 'click':
    case 'left_single': {
      const at = point('start_box') ?? point('point')
      if (at === undefined) return {error: `${name} needs start_box='(x,y)'`}
      return typeof at === 'string' ? {error: at} : {action: {name: 'left_click', coordinate: at}}
    }
    case 'type': {
      const content = args.content ?? ''
      return content === '' ? {error: 'type needs a non-empty content'} : {action: {name: 'type', text: content}}
    }
    case 'scroll': {
      const direction = (args.direction ?? 'down').trim().toLowerCase()
      if (!(SCROLL_DIRECTIONS as readonly string[]).includes(direction))
        return {error: `invalid scroll direction ${quote(args.direction)}; expected up, down, left or right`}
      const at = point('start_box') ?? point('point')
      if (typeof at === 'string') return {error: at}
      return {
        action: {name: 'scroll', direction: direction as ScrollDirection, ...(at ? {coordinate: at} : {})},
      }
    }
    case 'wait':
      return {action: {name: 'wait', seconds: UITARS_WAIT_SECONDS}}
    case 'finished': {
      const content = (args.content ?? '').trim()
      return content === ''
        ? {error: "finished needs content='...' with the answer"}
        : {action: {name: 'answer', text: content}}
    }
    case 'hotkey': {
      const keys = (args.key ?? args.hotkey ?? '').trim().toLowerCase().split(/\s+/).sort().join(' ')
      if (keys === 'alt left' || keys === 'alt arrowleft') return {action: {name: 'go_back'}}
      return {
        error: `hotkey ${quote(args.key ?? args.hotkey ?? '')} is not in webgym's action set (only alt left, to go back)`,
      }
    }
    default:
      return {
        error: `UI-TARS action ${quote(name)} is not in webgym's action set (click, type, scroll, wait, finished, hotkey(key='alt left'))`,
      }
  }
}

/** key='value' pairs (single or double quotes, backslash escapes as in Python); a message when they do not read. */
function readArguments(text: string): Record<string, string> | string {
  const args: Record<string, string> = {}
  let i = 0
  const skip = () => {
    while (i < text.length && /[\s,]/.test(text[i]!)) i++
  }
  for (skip(); i < text.length; skip()) {
    const key = /^([a-z_]+)\s*=\s*/i.exec(text.slice(i))
    if (!key) return `cannot read the arguments ${quote(text)}; expected key='value'`
    i += key[0].length
    const open = text[i]
    if (open !== "'" && open !== '"') return `the value of ${key[1]} is not quoted`
    let value = ''
    for (i++; i < text.length && text[i] !== open; i++) {
      if (text[i] === '\\' && i + 1 < text.length) {
        const next = text[++i]!
        value += next === 'n' ? '\n' : next === 't' ? '\t' : next
      } else value += text[i]
    }
    // A value the model did not close runs to the end (UI-TARS often ends type content that way).
    i++
    args[key[1]!.toLowerCase()] = value
  }
  return args
}

/** A point from '(x,y)', '<|box_start|>(x,y)<|box_end|>', '(x1,y1,x2,y2)' (the centre) or '<point>x y</point>'. */
function readPoint(text: string, viewport: Size): [number, number] | string {
  const numbers =
    text
      .replace(/<\|box_(start|end)\|>|<\/?point>|<\/?bbox>/g, ' ')
      .match(/-?\d+(\.\d+)?/g)
      ?.map(Number) ?? []
  if (numbers.length !== 2 && numbers.length !== 4) return `invalid point ${quote(text)}; expected (x,y)`
  const point: [number, number] =
    numbers.length === 4
      ? [(numbers[0]! + numbers[2]!) / 2, (numbers[1]! + numbers[3]!) / 2]
      : [numbers[0]!, numbers[1]!]
  return fromUiTars(point, viewport)
}

function quote(value: unknown): string {
  return JSON.stringify(firstLine(String(value ?? ''), 60))
}
