// What a policy can do at a step: one action, by name, with the arguments that action takes. Every dialect reads its
// model's replies into these and writes them back, the executor performs them, trajectories record them, and the
// view, the judge and the trainer read them again. Each switch over an Action is exhaustive (it ends in
// `unreachable`), so an action added to ActionSchema makes the compiler name every place that must learn it.
import {z} from 'zod'
import {unreachable} from '../unreachable.js'

export const SCROLL_DIRECTIONS = ['up', 'down', 'left', 'right'] as const
export type ScrollDirection = (typeof SCROLL_DIRECTIONS)[number]

/** A wait without a length waits this long; no wait is longer than the cap. */
export const DEFAULT_WAIT_SECONDS = 2
export const MAX_WAIT_SECONDS = 10

/** What an action can name as its target: a point of the image the policy saw, or an element of its observation. */
export type ActionTarget = 'coordinates' | 'elements'

const Coordinate = z.tuple([z.number(), z.number()]).describe('[x, y] in 0-1000 relative units')
const ElementId = z
  .number()
  .int()
  .positive()
  .describe(
    "The id of an element of the step's observation (observation modes with element ids), in place of a coordinate",
  )

// Every action lists its fields in one order (name, coordinate, element, key, text, direction, url, seconds): zod
// writes what it parses in the order of its shape, and a record read and written again must keep its bytes.
// A click that names neither still reads: performing it is what fails, as the step's action_error.
const LeftClickSchema = z
  .strictObject({name: z.literal('left_click'), coordinate: Coordinate.optional(), element: ElementId.optional()})
  .describe('Click the point, or the centre of the element')

const TypeSchema = z
  .strictObject({
    name: z.literal('type'),
    coordinate: Coordinate.optional(),
    element: ElementId.optional(),
    text: z.string().describe('Typed into the field; a final newline presses Enter'),
  })
  .describe('Type text: with a coordinate or an element, click that field first and replace its text')

const PressSchema = z
  .strictObject({
    name: z.literal('press'),
    element: ElementId.optional(),
    key: z.string().describe('The key or combination, as Playwright names it (Enter, Control+A)'),
  })
  .describe('Press a key: with an element, give it the keyboard focus first')

const ScrollSchema = z
  .strictObject({
    name: z.literal('scroll'),
    coordinate: Coordinate.optional(),
    direction: z.enum(SCROLL_DIRECTIONS),
  })
  .describe('Scroll the page (with a coordinate, what is under that point) by most of a screen')

const WaitSchema = z
  .strictObject({name: z.literal('wait'), seconds: z.number().nonnegative()})
  .describe(`Wait for the page to change (at most ${MAX_WAIT_SECONDS} seconds)`)

const GoBackSchema = z.strictObject({name: z.literal('go_back')}).describe('Go back to the previous page')

const NavigateSchema = z
  .strictObject({name: z.literal('navigate'), url: z.string().describe('A bare host or path gets https://')})
  .describe('Open a URL (the navigation guard judges it first)')

const AnswerSchema = z
  .strictObject({name: z.literal('answer'), text: z.string().describe('The answer, or why the task cannot be done')})
  .describe('End the episode with an answer')

/** An action a policy can take: the one schema that checks a structured action, whoever sends it. */
export const ActionSchema = z
  .discriminatedUnion('name', [
    LeftClickSchema,
    TypeSchema,
    PressSchema,
    ScrollSchema,
    WaitSchema,
    GoBackSchema,
    NavigateSchema,
    AnswerSchema,
  ])
  .describe('A policy action')

export type Action = z.infer<typeof ActionSchema>
export type ActionName = Action['name']
/** The action of one name, e.g. ActionOf<'scroll'>. */
export type ActionOf<N extends ActionName> = Extract<Action, {name: N}>

/** Every action's name, in the union's order. */
export const ACTION_NAMES: readonly ActionName[] = ActionSchema.options.map((option) => option.shape.name.value)

/**
 * A recorded action this webgym cannot perform: a name it does not know, or arguments its action does not take (no
 * webgym wrote one; another tool may have). Its record still reads, and is written back as it was; the view and the
 * judge show it, the prompt builders write it as a call by its name, and replay gives it as a step without an action.
 * Its fields are the shape every record's actions had before actions were typed, in that order.
 */
export const UnknownActionSchema = z.looseObject({
  name: z.string(),
  coordinate: Coordinate.optional(),
  element: z.number().int().positive().optional(),
  key: z.string().optional(),
  text: z.string().optional(),
  direction: z.enum(SCROLL_DIRECTIONS).optional(),
  url: z.string().optional(),
  seconds: z.number().optional(),
})
export type UnknownAction = z.infer<typeof UnknownActionSchema>

/** An action as a trajectory records it: one this webgym performs, else kept as it was (UnknownActionSchema). */
export const RecordedActionSchema = z
  .union([ActionSchema, UnknownActionSchema])
  .describe(`A parsed policy action (${ACTION_NAMES.join(', ')})`)
export type RecordedAction = z.infer<typeof RecordedActionSchema>

/** Whether a recorded action is one this webgym performs (and its switches cover), by ActionSchema. */
export function isAction(action: RecordedAction): action is Action {
  return ActionSchema.safeParse(action).success
}

/** Why a recorded action is not one this webgym performs (the step's action_error when replay meets it). */
export function unknownActionReason(action: UnknownAction): string {
  if (!(ACTION_NAMES as readonly string[]).includes(action.name)) return `unknown action ${JSON.stringify(action.name)}`
  const issue = ActionSchema.safeParse(action).error?.issues[0]
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
  return `the recorded ${action.name} cannot be performed: ${where}${issue?.message ?? 'its arguments do not fit'}`
}

/** The point an action acts at, when it names one: where the view marks it, what an export lists. */
export function actionCoordinate(action: RecordedAction): readonly [number, number] | undefined {
  if (!isAction(action)) return action.coordinate
  switch (action.name) {
    case 'left_click':
    case 'type':
    case 'scroll':
      return action.coordinate
    case 'press':
    case 'wait':
    case 'go_back':
    case 'navigate':
    case 'answer':
      return undefined
  }
  return unreachable(action, 'action')
}
