import {describe, expect, it} from 'vitest'
import {formatAction} from '../src/lib/prompts/qwen3vl.js'
import {somReply} from '../src/lib/prompts/som.js'
import {sameAction} from '../src/lib/rollout/browser-actions.js'
import {
  ACTION_NAMES,
  actionCoordinate,
  ActionSchema,
  isAction,
  RecordedActionSchema,
  unknownActionReason,
  type RecordedAction,
} from '../src/lib/schema/action.js'
import {StepSchema} from '../src/lib/schema/trajectory.js'

// A step line as rollouts wrote it, with the action given as JSON text.
const stepLine = (action: string) =>
  `{"index":0,"url":"https://a.example/","screenshot":null,"response":null,"action":${action},"memory":null,"action_error":null,"repeated":false,"observe_ms":1,"policy_ms":2,"act_ms":3}`

describe('the action vocabulary', () => {
  it('names every action once, in the order the executor and the dialects know them', () => {
    expect(ACTION_NAMES).toEqual(['left_click', 'type', 'press', 'scroll', 'wait', 'go_back', 'navigate', 'answer'])
  })

  it('reads each action with the arguments it takes, and rejects arguments another action takes', () => {
    expect(ActionSchema.parse({name: 'scroll', direction: 'up', coordinate: [1, 2]})).toEqual({
      name: 'scroll',
      coordinate: [1, 2],
      direction: 'up',
    })
    expect(ActionSchema.safeParse({name: 'wait'}).success).toBe(false)
    expect(ActionSchema.safeParse({name: 'go_back', url: 'https://a.example/'}).success).toBe(false)
    expect(ActionSchema.safeParse({name: 'hover', coordinate: [1, 2]}).success).toBe(false)
  })

  it('writes back every recorded step byte for byte, actions it performs and actions it does not know alike', () => {
    for (const action of [
      '{"name":"left_click","coordinate":[812,143]}',
      '{"name":"type","element":7,"text":"red mug\\n"}',
      '{"name":"press","element":5,"key":"Enter"}',
      '{"name":"wait","seconds":2}',
      '{"name":"answer","text":"42"}',
      // Not ones this webgym performs: an unknown name, a known one without its argument, one with an extra field.
      '{"name":"hover","coordinate":[10,20]}',
      '{"name":"wait"}',
      '{"name":"go_back","via":"keyboard"}',
    ]) {
      const line = stepLine(action)
      expect(JSON.stringify(StepSchema.parse(JSON.parse(line)))).toBe(line)
    }
  })

  it('reads arguments in any order and writes them in one order, as records always were', () => {
    expect(JSON.stringify(RecordedActionSchema.parse({text: 'x', coordinate: [1, 2], name: 'type'}))).toBe(
      '{"name":"type","coordinate":[1,2],"text":"x"}',
    )
  })

  it('rejects a recorded action whose arguments have the wrong type, as it always did', () => {
    expect(RecordedActionSchema.safeParse({name: 'left_click', element: 0}).success).toBe(false)
    expect(RecordedActionSchema.safeParse({name: 'scroll', direction: 'sideways'}).success).toBe(false)
    expect(RecordedActionSchema.safeParse({coordinate: [1, 2]}).success).toBe(false)
  })

  it('says why a recorded action cannot be performed', () => {
    const unknown = (action: RecordedAction) => {
      if (isAction(action)) throw new Error('expected an action webgym does not perform')
      return unknownActionReason(action)
    }
    expect(unknown({name: 'hover', coordinate: [1, 2]})).toBe('unknown action "hover"')
    expect(unknown({name: 'wait'})).toMatch(/^the recorded wait cannot be performed: seconds: /)
  })

  it('shows an action it does not know by its name and arguments, in the view and in prompts', () => {
    expect(formatAction({name: 'hover', coordinate: [10, 20]})).toBe('hover({"coordinate":[10,20]})')
    expect(formatAction({name: 'wait', seconds: 1.5})).toBe('wait(1.5s)')
    expect(somReply({name: 'hover', coordinate: [10, 20]})).toBe('Action: hover()')
  })

  it('finds the point of an action that acts at one, known or not', () => {
    expect(actionCoordinate({name: 'scroll', direction: 'down', coordinate: [3, 4]})).toEqual([3, 4])
    expect(actionCoordinate({name: 'press', element: 2, key: 'Enter'})).toBeUndefined()
    expect(actionCoordinate({name: 'hover', coordinate: [5, 6]})).toEqual([5, 6])
  })

  it('compares recorded actions it does not know by all their fields', () => {
    expect(sameAction({name: 'hover', coordinate: [1, 2]}, {name: 'hover', coordinate: [1, 2]})).toBe(true)
    expect(sameAction({name: 'hover', coordinate: [1, 2]}, {name: 'hover', coordinate: [2, 1]})).toBe(false)
    // A wait's length does not make two waits different.
    expect(sameAction({name: 'wait', seconds: 1}, {name: 'wait', seconds: 3})).toBe(true)
  })
})
