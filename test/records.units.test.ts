import {describe, expect, it} from 'vitest'
import {formatAccessibilityTree, formatElementList, type NumberedNode} from '../src/lib/observe/accessibility-tree.js'
import {boundObservation, boundPolicyOutput} from '../src/lib/rollout/bounded-inputs.js'
import {boundRecord} from '../src/lib/schema/bound-record.js'
import {cutAgain, cutLength, cutMarker, cutText} from '../src/lib/schema/cut-text.js'
import {fitRecord} from '../src/lib/schema/fit-record.js'
import {MIN_FIT_CHARS, TEXT_CAPS} from '../src/lib/schema/text-caps.js'
import {TrajectorySchema, type Step, type Trajectory} from '../src/lib/schema/trajectory.js'

/** One field of a recorded action, whichever action it is. */
const actionField = (action: unknown, field: string): unknown => (action as Record<string, unknown>)[field]

const codePoints = (text: string) => [...text].length
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

describe('cutText', () => {
  it('leaves a text within its cap as it is, null and undefined too', () => {
    expect(cutText('hello', 5)).toBe('hello')
    expect(cutText('', 0)).toBe('')
    expect(cutText(null, 3)).toBeNull()
    expect(cutText(undefined, 3)).toBeUndefined()
    // Four emoji are eight UTF-16 units but four characters: within a cap of 4.
    expect(cutText('😀😀😀😀', 4)).toBe('😀😀😀😀')
  })

  it('cuts a longer text to its cap, marker included, and the marker keeps the whole length', () => {
    const title = 'T'.repeat(12 * 1024 * 1024)
    const cut = cutText(title, 100)
    expect(cut).toBe(`${'T'.repeat(100 - cutMarker(title.length).length)}…[cut: 12582912 chars]`)
    expect(codePoints(cut)).toBe(100)
    expect(cutLength(cut)).toBe(12_582_912)
    expect(cutLength(title)).toBeNull()
  })

  it('counts and cuts characters, never half a surrogate pair', () => {
    const text = '😀'.repeat(50)
    const cut = cutText(text, 40)
    expect(cut).toBe(`${'😀'.repeat(40 - cutMarker(50).length)}${cutMarker(50)}`)
    expect(codePoints(cut)).toBe(40)
    // Every cut point of a text of pairs and single units leaves well-formed text.
    const mixed = 'a😀b😀😀c'.repeat(20)
    for (let cap = 30; cap < 60; cap++) {
      const part = cutText(mixed, cap)
      expect(part, `cap ${cap}`).not.toMatch(LONE_SURROGATE)
      expect(codePoints(part)).toBe(cap)
    }
  })

  it('leaves a cut text as it is when cut again to the same cap', () => {
    const once = cutText('x'.repeat(1000), 100)
    expect(cutText(once, 100)).toBe(once)
    expect(cutAgain(once, 100)).toBe(once)
  })

  it('cutAgain keeps the length an earlier cut recorded; cutText counts what it is given', () => {
    const once = cutText('x'.repeat(5000), 1000)
    const twice = cutAgain(once, 100)
    expect(codePoints(twice)).toBe(100)
    expect(cutLength(twice)).toBe(5000)
    expect(cutLength(cutText(once, 100))).toBe(1000)
  })

  it('trusts no marker a page wrote: cutText counts the text, cutAgain never reports less than it', () => {
    const forged = `${'y'.repeat(2000)}…[cut: 5 chars]`
    expect(cutLength(cutText(forged, 100))).toBe(codePoints(forged))
    expect(cutLength(cutAgain(forged, 100))).toBe(codePoints(forged))
  })
})

function step(overrides: Partial<Step> = {}): Step {
  return {
    index: 0,
    url: 'http://a.test/',
    title: 'A',
    screenshot: 'ab/cd.jpg',
    response: 'click',
    action: {name: 'left_click', coordinate: [1, 2]},
    memory: null,
    action_error: null,
    repeated: false,
    observe_ms: 1,
    policy_ms: 1,
    act_ms: 1,
    ...overrides,
  }
}

function trajectory(steps: Step[], overrides: Partial<Trajectory> = {}): Trajectory {
  return TrajectorySchema.parse({
    task: {id: 't:1', source: 't', intent: 'find it', website: 'a.test', start_url: 'http://a.test/'},
    run: {
      policy: 'openai',
      model: 'm',
      prompt_version: 'p',
      viewport: {width: 1280, height: 768},
      horizon: 30,
      seed: 0,
      webgym_version: '0',
    },
    status: 'answered',
    answer: 'yes',
    error: null,
    steps,
    ...overrides,
  })
}

describe('bounded records', () => {
  const huge = 'Z'.repeat(200_000)

  it('cuts every text a page or a model server controls to its cap, and nothing else', () => {
    const record = trajectory(
      [
        step({
          url: `http://a.test/?q=${huge}`,
          title: huge,
          response: huge,
          reasoning: huge,
          memory: huge,
          action: {name: 'type', coordinate: [5, 5], text: huge},
          action_error: huge,
          observation: {text: huge, elements: 3},
        }),
        step({index: 1, action: {name: 'navigate', url: `http://b.test/${huge}`}}),
        step({
          index: 2,
          action: {name: 'press', key: huge},
          page: 'blocked',
          page_cause: huge,
          refused: [{host: `${huge}.test`, count: 2, reason: huge, url: 'http://z.test/'}],
        }),
      ],
      {answer: huge, error: huge},
    )
    const bounded = boundRecord(record)
    const [first, second, third] = bounded.steps as [Step, Step, Step]
    expect(codePoints(first.url)).toBe(TEXT_CAPS.url)
    expect(first.url.startsWith('http://a.test/?q=ZZZ')).toBe(true)
    expect(codePoints(first.title!)).toBe(TEXT_CAPS.title)
    expect(codePoints(first.response!)).toBe(TEXT_CAPS.response)
    expect(codePoints(first.reasoning!)).toBe(TEXT_CAPS.reasoning)
    expect(codePoints(first.memory!)).toBe(TEXT_CAPS.memory)
    expect(codePoints(actionField(first.action, 'text') as string)).toBe(TEXT_CAPS.actionText)
    expect(codePoints(first.action_error!)).toBe(TEXT_CAPS.error)
    expect(codePoints(first.observation!.text!)).toBe(TEXT_CAPS.observationText)
    expect(codePoints(actionField(second.action, 'url') as string)).toBe(TEXT_CAPS.url)
    expect(codePoints(actionField(third.action, 'key') as string)).toBe(TEXT_CAPS.actionKey)
    expect(codePoints(third.page_cause!)).toBe(TEXT_CAPS.error)
    expect(codePoints(third.refused![0]!.reason)).toBe(TEXT_CAPS.error)
    expect(codePoints(third.refused![0]!.host)).toBe(TEXT_CAPS.url)
    expect(third.refused![0]!.url).toBe('http://z.test/')
    expect(third.refused![0]!.count).toBe(2)
    expect(codePoints(bounded.answer!)).toBe(TEXT_CAPS.actionText)
    expect(codePoints(bounded.error!)).toBe(TEXT_CAPS.error)
    expect(cutLength(first.title)).toBe(huge.length)
    // What no page or model controls is untouched, and the record is still a trajectory.
    expect(first.screenshot).toBe('ab/cd.jpg')
    expect(actionField(first.action, 'coordinate')).toEqual([5, 5])
    expect(first.observation!.elements).toBe(3)
    expect(bounded.task).toEqual(record.task)
    expect(TrajectorySchema.safeParse(bounded).success).toBe(true)
    // A record within its caps comes back equal.
    expect(boundRecord(bounded)).toEqual(bounded)
  })

  it("cuts a judgment's reasons and error", () => {
    const record = {
      ...trajectory([step()]),
      judgment: {
        reward: 0 as const,
        facts: [{group_id: 'g', fact: 'f', pass: false, reason: huge}],
        key_screenshots: [],
        answer_supported: null,
        reference_match: null,
        blocked: false,
        judge: 'llm',
        model: 'm',
        prompt_version: 'p',
        webgym_version: '0',
        error: huge,
        answer_reason: huge,
      },
    }
    const {judgment} = boundRecord(record)
    expect(codePoints(judgment.facts[0]!.reason)).toBe(TEXT_CAPS.error)
    expect(codePoints(judgment.error!)).toBe(TEXT_CAPS.error)
    expect(codePoints(judgment.answer_reason as string)).toBe(TEXT_CAPS.error)
    expect(judgment.facts[0]!.fact).toBe('f')
  })

  it("bounds what enters an episode: the page's URL, title and text, the model's reply", () => {
    const observation = boundObservation({
      image: Buffer.alloc(0),
      shown: null,
      elements: null,
      url: `http://a.test/${huge}`,
      title: huge,
      text: huge,
      observedAt: 0,
    })
    expect([observation.url, observation.title, observation.text].map((text) => codePoints(text!))).toEqual([
      TEXT_CAPS.url,
      TEXT_CAPS.title,
      TEXT_CAPS.observationText,
    ])
    const output = boundPolicyOutput({
      response: huge,
      reasoning: huge,
      action: {name: 'answer', text: huge},
      memory: huge,
      error: huge,
    })
    expect(codePoints(output.response!)).toBe(TEXT_CAPS.response)
    expect(codePoints(output.reasoning!)).toBe(TEXT_CAPS.reasoning)
    expect(codePoints(actionField(output.action, 'text') as string)).toBe(TEXT_CAPS.actionText)
    expect(codePoints(output.memory!)).toBe(TEXT_CAPS.memory)
    expect(codePoints(output.error!)).toBe(TEXT_CAPS.error)
  })

  it('cuts a long element name on its line of the text observation, not the element', () => {
    const node: NumberedNode = {
      id: 1,
      role: 'button',
      name: 'B'.repeat(5000),
      depth: 0,
      backendNodeId: 7,
      box: {x: 0, y: 0, width: 10, height: 10},
      interactive: true,
      states: [],
    }
    const line = formatElementList([node])
    expect(line).toBe(`[1] button ${JSON.stringify(cutText(node.name, TEXT_CAPS.elementName))}`)
    expect(line).toContain('…[cut: 5000 chars]')
    expect(formatAccessibilityTree({nodes: [node], omitted: 0})).toBe(line)
    expect(node.name).toHaveLength(5000)
  })
})

describe('fitRecord', () => {
  const page = 'é'.repeat(TEXT_CAPS.observationText)

  it('leaves a record within the limit as it is, and gives its line', () => {
    const record = trajectory([step()])
    const fitted = fitRecord(record, 8 * 1024 * 1024)
    expect(fitted).toMatchObject({fits: true, cut: false, record})
    expect(fitted.line).toBe(JSON.stringify(record))
    expect(fitted.bytes).toBe(Buffer.byteLength(fitted.line))
  })

  it('cuts the texts of a record over the limit until its line fits, keeping every step and each length', () => {
    // 30 steps at their caps (2-byte characters): about 4.4 MB, over a 1 MiB limit.
    const steps = Array.from({length: 30}, (_, index) =>
      step({
        index,
        response: 'é'.repeat(TEXT_CAPS.response),
        observation: {text: cutText(`${page}more`, TEXT_CAPS.observationText)},
      }),
    )
    const record = trajectory(steps)
    expect(Buffer.byteLength(JSON.stringify(record))).toBeGreaterThan(4_000_000)
    const limit = 1024 * 1024
    const fitted = fitRecord(record, limit)
    expect(fitted.fits).toBe(true)
    expect(fitted.cut).toBe(true)
    expect(fitted.bytes).toBeLessThanOrEqual(limit)
    expect(fitted.bytes).toBe(Buffer.byteLength(fitted.line))
    expect(JSON.parse(fitted.line)).toEqual(fitted.record)
    expect(fitted.record.steps).toHaveLength(30)
    const text = fitted.record.steps[0]!.observation!.text!
    expect(codePoints(text)).toBeLessThan(TEXT_CAPS.observationText)
    // The length is the page's, from before the first cut.
    expect(cutLength(text)).toBe(TEXT_CAPS.observationText + 4)
    expect(cutLength(fitted.record.steps[0]!.response)).toBe(TEXT_CAPS.response)
    expect(TrajectorySchema.safeParse(fitted.record).success).toBe(true)
  })

  it('says when even the smallest cut cannot fit the record, and has cut it as far as it goes', () => {
    const record = trajectory([step({title: 'x'.repeat(10_000)})], {
      task: {...trajectory([]).task, intent: 'i'.repeat(20_000)},
    })
    const fitted = fitRecord(record, 10_000)
    expect(fitted.fits).toBe(false)
    expect(fitted.bytes).toBeGreaterThan(10_000)
    expect(codePoints(fitted.record.steps[0]!.title!)).toBe(MIN_FIT_CHARS)
    expect(fitted.record.task.intent).toHaveLength(20_000)
  })
})
