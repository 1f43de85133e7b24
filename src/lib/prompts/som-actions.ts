// The som dialect's action grammar: BrowserGym's high-level functions that act on element ids (bids), written as a
// Python call on the reply's "Action:" line, e.g. click('12'), fill('7', 'red shoes'), press('7', 'Enter'). The
// reply writer and the reader share these names.
import {isAction, type RecordedAction} from '../schema/action.js'
import {unreachable} from '../unreachable.js'

export const SOM_FUNCTIONS = [
  'click',
  'fill',
  'press',
  'scroll',
  'go_back',
  'goto',
  'noop',
  'send_msg_to_user',
] as const

/** scroll(delta_x, delta_y) in the prompt's example and in calls written without a model: about one screen. */
export const SOM_SCROLL_PIXELS = 400

/**
 * The call for an action, e.g. `click('12')`; the inverse of the reader. An action by coordinates (a random one among
 * the oracle's) has no element to name: its call names none.
 */
export function somCall(action: RecordedAction): string {
  // A recorded action this webgym does not know: a call by its name.
  if (!isAction(action)) return `${action.name}()`
  switch (action.name) {
    case 'left_click':
      return `click(${id(action.element)})`
    case 'type':
      return `fill(${id(action.element)}, ${pyString(action.text)})`
    case 'press':
      return `press(${id(action.element)}, ${pyString(action.key)})`
    case 'scroll': {
      const [dx, dy] = (
        {
          up: [0, -SOM_SCROLL_PIXELS],
          down: [0, SOM_SCROLL_PIXELS],
          left: [-SOM_SCROLL_PIXELS, 0],
          right: [SOM_SCROLL_PIXELS, 0],
        } as const
      )[action.direction]
      return `scroll(${dx}, ${dy})`
    }
    case 'wait':
      return `noop(${Math.round(action.seconds * 1000)})`
    case 'go_back':
      return 'go_back()'
    case 'navigate':
      return `goto(${pyString(action.url)})`
    case 'answer':
      return `send_msg_to_user(${pyString(action.text)})`
  }
  return unreachable(action, 'action')
}

function id(element: number | undefined): string {
  return `'${element ?? ''}'`
}

/** A Python string literal of `value`, single-quoted. */
function pyString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`
}
