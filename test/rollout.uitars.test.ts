// The uitars dialect: UI-TARS-1.5's grammar and coordinate convention (absolute pixels of the smart-resized
// screenshot), read from replies in the model's published format; end to end in rollout.uitars.browser.test.ts.
import {describe, expect, it} from 'vitest'
import {dialectForPromptVersion, POLICY_DIALECTS} from '../src/lib/prompts/policy-dialects.js'
import {buildUiTarsMessages, uitarsReply, UITARS_PROMPT_VERSION} from '../src/lib/prompts/uitars.js'
import {fromUiTars, toUiTars, uitarsCanvas} from '../src/lib/prompts/uitars-coordinates.js'
import {parseUiTarsResponse} from '../src/lib/prompts/uitars-reply.js'
import type {Action} from '../src/lib/schema/action.js'

const VIEWPORT = {width: 1280, height: 768}
const parse = (text: string) => parseUiTarsResponse(text, VIEWPORT)

describe('UI-TARS coordinates', () => {
  it('are pixels of the screenshot as the server resizes it (multiples of 28, halves to even as Python rounds)', () => {
    expect(uitarsCanvas(VIEWPORT)).toEqual({width: 1288, height: 756})
    // 1302 / 28 = 46.5 and 742 / 28 = 26.5: Python's round gives 46 and 26 (the even neighbours), not 47 and 27.
    expect(uitarsCanvas({width: 1302, height: 742})).toEqual({width: 1288, height: 728})
    expect(uitarsCanvas({width: 1330, height: 770})).toEqual({width: 1344, height: 784})
    // Over 16384 x 28^2 pixels the image is scaled down, keeping its shape.
    const big = uitarsCanvas({width: 7680, height: 4320})
    expect((big.width % 28) + (big.height % 28)).toBe(0)
    expect(big.width * big.height).toBeLessThanOrEqual(16384 * 28 * 28)
    expect(Math.abs(big.width / big.height - 16 / 9)).toBeLessThan(0.02)
  })

  it('convert to webgym units by the resized size, x first, and back', () => {
    expect(fromUiTars([644, 378], VIEWPORT)).toEqual([500, 500])
    // x and y are never swapped: the right edge at the top, the bottom edge at the left.
    expect(fromUiTars([1288, 0], VIEWPORT)).toEqual([1000, 0])
    expect(fromUiTars([0, 756], VIEWPORT)).toEqual([0, 1000])
    expect(fromUiTars([1300, 10], VIEWPORT)).toBe('point (1300,10) is off the 1288x756 screenshot the model sees')
    expect(toUiTars([500, 500], VIEWPORT)).toEqual([644, 378])
    for (const point of [
      [0, 0],
      [123, 457],
      [999, 1],
      [1000, 1000],
    ] as [number, number][]) {
      const back = fromUiTars(toUiTars(point, VIEWPORT), VIEWPORT) as [number, number]
      expect(Math.abs(back[0] - point[0]) + Math.abs(back[1] - point[1])).toBeLessThanOrEqual(1)
    }
  })
})

describe('UI-TARS replies', () => {
  it('reads each action of the published grammar', () => {
    const cases: [string, Action][] = [
      [
        "Thought: The search box is at the top.\nAction: click(start_box='<|box_start|>(644,378)<|box_end|>')",
        {name: 'left_click', coordinate: [500, 500]},
      ],
      ["Action: click(start_box='(1288,0)')", {name: 'left_click', coordinate: [1000, 0]}],
      ["Thought: x\nAction: click(point='<point>644 378</point>')", {name: 'left_click', coordinate: [500, 500]}],
      // A box: its centre.
      ["Action: click(start_box='(600,350,688,406)')", {name: 'left_click', coordinate: [500, 500]}],
      ["Thought: Type the query.\nAction: type(content='red mug\\n')", {name: 'type', text: 'red mug\n'}],
      ["Action: type(content='it\\'s \"fine\"')", {name: 'type', text: `it's "fine"`}],
      [
        "Action: scroll(start_box='<|box_start|>(644,378)<|box_end|>', direction='up')",
        {name: 'scroll', direction: 'up', coordinate: [500, 500]},
      ],
      ["Action: scroll(direction='down')", {name: 'scroll', direction: 'down'}],
      ['Action: wait()', {name: 'wait', seconds: 5}],
      ["Action: hotkey(key='alt left')", {name: 'go_back'}],
      [
        "Thought: The price is shown.\nAction: finished(content='The mug costs $5.')",
        {name: 'answer', text: 'The mug costs $5.'},
      ],
    ]
    for (const [reply, action] of cases) {
      const parsed = parse(reply)
      expect(parsed.error, reply).toBeNull()
      expect(parsed.action, reply).toEqual(action)
    }
    expect(parse("Thought: The search box is at the top.\nAction: click(start_box='(1,2)')").thought).toBe(
      'The search box is at the top.',
    )
  })

  it('names what it cannot use, without throwing', () => {
    const errors: [string | null, string][] = [
      [null, 'empty response'],
      ['I think I should click the button.', 'no "Action:" line in the response'],
      [
        "Action: left_double(start_box='(10,10)')",
        `UI-TARS action "left_double" is not in webgym's action set (click, type, scroll, wait, finished, hotkey(key='alt left'))`,
      ],
      ["Action: hotkey(key='ctrl c')", `hotkey "ctrl c" is not in webgym's action set (only alt left, to go back)`],
      ["Action: click(start_box='(1400,10)')", 'point (1400,10) is off the 1288x756 screenshot the model sees'],
      ["Action: click(start_box='(10)')", `invalid point "(10)"; expected (x,y)`],
      ['Action: click()', "click needs start_box='(x,y)'"],
      ["Action: finished(content='')", "finished needs content='...' with the answer"],
      [
        'Action: click the red button',
        `cannot read the action "click the red button"; expected name(key='value', ...)`,
      ],
      ["Action: scroll(direction='sideways')", 'invalid scroll direction "sideways"; expected up, down, left or right'],
    ]
    for (const [reply, error] of errors) expect(parse(reply as string)).toMatchObject({action: null, error})
  })

  it('writes replies for actions chosen without the model that it reads back as the same actions', () => {
    const actions: Action[] = [
      {name: 'left_click', coordinate: [500, 500]},
      {name: 'type', text: "O'Brien\n"},
      {name: 'scroll', direction: 'left', coordinate: [0, 1000]},
      {name: 'wait', seconds: 5},
      {name: 'go_back'},
      {name: 'answer', text: 'It is 42.'},
    ]
    for (const action of actions) expect(parse(uitarsReply(action, VIEWPORT)).action).toEqual(action)
    expect(uitarsReply({name: 'left_click', coordinate: [500, 500]}, VIEWPORT)).toBe(
      "Thought: Next step.\nAction: click(start_box='<|box_start|>(644,378)<|box_end|>')",
    )
  })
})

describe('the uitars prompt', () => {
  const round = (i: number) => ({
    url: `http://shop.test/${i}`,
    title: `Page ${i}`,
    response: `Thought: ${i}\nAction: click(start_box='(${i},${i})')`,
    action: {name: 'left_click', coordinate: [i, i]} as Action,
    action_error: null,
    repeated: false,
    image: `data:image/jpeg;base64,S${i}`,
  })
  const input = (rounds = 0, window?: number) => ({
    task: {intent: 'Find the cheapest red mug', website: 'shop.test', start_url: 'http://shop.test/'},
    viewport: VIEWPORT,
    rounds: Array.from({length: rounds}, (_, i) => round(i + 1)),
    current: {url: 'http://shop.test/now', title: 'Now', image: 'data:image/jpeg;base64,NOW'},
    memory: null,
    useMemory: false,
    lastActionNoEffect: false,
    ...(window ? {window} : {}),
  })

  it('puts the grammar and the task in the first user message and alternates screenshots with the replies', () => {
    const messages = buildUiTarsMessages(input(2))
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user'])
    const first = JSON.stringify(messages[0])
    expect(first).toContain("click(start_box='<|box_start|>(x1,y1)<|box_end|>')")
    expect(first).toContain('## User Instruction\\nFind the cheapest red mug')
    expect(messages[1]!.content).toBe("Thought: 1\nAction: click(start_box='(1,1)')")
  })

  it('sends at most `window` screenshots and names older steps in its own grammar', () => {
    const messages = buildUiTarsMessages(input(6, 3))
    const images = messages.flatMap((m) =>
      Array.isArray(m.content) ? m.content.filter((p) => p.type === 'image_url') : [],
    )
    expect(images).toHaveLength(3)
    expect(JSON.stringify(messages[0])).toContain(
      "Step 1: click(start_box='<|box_start|>(1,1)<|box_end|>') on http://shop.test/1",
    )
    expect(buildUiTarsMessages(input(6, 3))).toEqual(messages)
  })

  it('is the dialect uitars, found by its prompt version', () => {
    expect(POLICY_DIALECTS.uitars.promptVersion).toBe(UITARS_PROMPT_VERSION)
    expect(dialectForPromptVersion('uitars-v1')).toBe(POLICY_DIALECTS.uitars)
  })
})
