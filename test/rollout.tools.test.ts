// The tools dialect: OpenAI function calling with pixel coordinates. Replies in the OpenAI format (tool_calls with
// JSON-string arguments) are read into actions, and actions chosen without a model are written as such calls; end to
// end in rollout.tools.browser.test.ts.
import {describe, expect, it} from 'vitest'
import {dialectForPromptVersion, POLICY_DIALECTS} from '../src/lib/prompts/policy-dialects.js'
import {buildToolsMessages, fromPixels, toolsReply, toPixels} from '../src/lib/prompts/tools.js'
import type {Action} from '../src/lib/schema/action.js'

const VIEWPORT = {width: 1280, height: 768}
const dialect = POLICY_DIALECTS.tools
/** A server's reply with function calls (arguments as the JSON string OpenAI sends), read as the step records it. */
const read = (calls: {name: string; arguments: string}[], content: string | null = null) =>
  dialect.parseResponse(dialect.responseText({content, toolCalls: calls}), {viewport: VIEWPORT})

describe('the tools dialect', () => {
  it('converts screenshot pixels to webgym units and back, x first', () => {
    expect(fromPixels(640, 384, VIEWPORT)).toEqual([500, 500])
    expect(fromPixels(1280, 0, VIEWPORT)).toEqual([1000, 0])
    expect(fromPixels(0, 768, VIEWPORT)).toEqual([0, 1000])
    expect(fromPixels(1281, 5, VIEWPORT)).toBe('point (1281, 5) is off the 1280x768 screenshot')
    expect(toPixels([500, 500], VIEWPORT)).toEqual({x: 640, y: 384})
  })

  it('reads each function call into its action', () => {
    const cases: [{name: string; arguments: string}, Action][] = [
      [
        {name: 'click', arguments: '{"x": 640, "y": 384}'},
        {name: 'left_click', coordinate: [500, 500]},
      ],
      [
        {name: 'type_text', arguments: '{"text": "red mug", "submit": true}'},
        {name: 'type', text: 'red mug\n'},
      ],
      [
        {name: 'type_text', arguments: '{"text": "red mug", "x": 128, "y": 76.8}'},
        {name: 'type', text: 'red mug', coordinate: [100, 100]},
      ],
      [
        {name: 'scroll', arguments: '{"direction": "up"}'},
        {name: 'scroll', direction: 'up'},
      ],
      [
        {name: 'wait', arguments: '{}'},
        {name: 'wait', seconds: 2},
      ],
      [
        {name: 'wait', arguments: '{"seconds": 60}'},
        {name: 'wait', seconds: 10},
      ],
      [{name: 'go_back', arguments: '{}'}, {name: 'go_back'}],
      [
        {name: 'navigate', arguments: '{"url": "https://example.com/"}'},
        {name: 'navigate', url: 'https://example.com/'},
      ],
      [
        {name: 'answer', arguments: '{"text": "It costs $5."}'},
        {name: 'answer', text: 'It costs $5.'},
      ],
    ]
    for (const [call, action] of cases) {
      const parsed = read([call], 'The field is in the middle.')
      expect(parsed.error, call.name).toBeNull()
      expect(parsed.action, call.name).toEqual(action)
      expect(parsed.thought).toBe('The field is in the middle.')
    }
  })

  it('names what it cannot use, without throwing', () => {
    expect(read([], 'I would click the button.')).toMatchObject({
      action: null,
      error: 'no function call in the reply',
      thought: 'I would click the button.',
    })
    expect(read([{name: 'click', arguments: '{"x": 2000, "y": 10}'}])).toMatchObject({
      action: null,
      error: 'click: point (2000, 10) is off the 1280x768 screenshot',
    })
    expect(read([{name: 'click', arguments: '{"x": "left"}'}])).toMatchObject({
      action: null,
      error: 'click: x and y must be numbers, got "left" and undefined',
    })
    expect(read([{name: 'double_click', arguments: '{}'}]).error).toMatch(
      /^unknown function "double_click"; expected one of click, type_text/,
    )
    expect(read([{name: 'click', arguments: '{"x": 1,'}]).error).toBe('the function call arguments are not JSON')
    expect(dialect.parseResponse(null, {viewport: VIEWPORT}).error).toBe('empty response')
  })

  it('writes calls for actions chosen without a model that read back as the same actions', () => {
    const actions: Action[] = [
      {name: 'left_click', coordinate: [500, 500]},
      {name: 'type', text: 'mug\n', coordinate: [100, 100]},
      {name: 'scroll', direction: 'left'},
      {name: 'go_back'},
      {name: 'navigate', url: 'http://a.test/'},
      {name: 'answer', text: '42'},
    ]
    for (const action of actions)
      expect(dialect.parseResponse(toolsReply(action, VIEWPORT), {viewport: VIEWPORT}).action).toEqual(action)
  })

  it('states the screenshot size and the functions in the prompt, and is found by its prompt version', () => {
    const messages = buildToolsMessages({
      task: {intent: 'Buy a mug'},
      viewport: VIEWPORT,
      rounds: [],
      current: {url: 'http://a.test/', image: 'data:image/jpeg;base64,X'},
      memory: null,
      useMemory: false,
      lastActionNoEffect: false,
    })
    expect(messages[0]!.content).toContain('1280x768 pixels')
    expect(messages[0]!.content).toContain('"name":"type_text"')
    expect(dialect.tools!.map((tool: any) => tool.function.name)).toEqual([
      'click',
      'type_text',
      'scroll',
      'wait',
      'go_back',
      'navigate',
      'answer',
    ])
    expect(dialectForPromptVersion('tools-v1')).toBe(dialect)
  })
})
