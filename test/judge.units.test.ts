// The judge's pure parts: reference matching, votes, key screenshot choice, the programmatic judge, blocked walls.
import {describe, expect, it} from 'vitest'
import {blockedBeforeJudging} from '../src/lib/judge/llm-judge.js'
import {combineVerdicts, majority, majorityBlocked} from '../src/lib/judge/majority.js'
import {judgeProgrammatically, NoCheckError} from '../src/lib/judge/programmatic-judge.js'
import {normaliseAnswer} from '../src/lib/answers/normalise-answer.js'
import {compareToReference, numbersIn} from '../src/lib/judge/reference-match.js'
import {screenshotCandidates} from '../src/lib/judge/screenshot-images.js'
import {distinctShots, finalShot, keepKeyShots, mostRecentShots} from '../src/lib/judge/select-screenshots.js'
import {trajectoryKey} from '../src/lib/judge/trajectory-key.js'
import {rubricFacts} from '../src/lib/prompts/judge.js'
import type {Trajectory} from '../src/lib/schema/trajectory.js'

const step = (index: number, screenshot: string | null, extra: Record<string, unknown> = {}) => ({
  index,
  url: `https://a.example/${index}`,
  screenshot,
  response: null,
  action: null,
  memory: null,
  action_error: null,
  repeated: false,
  observe_ms: 0,
  policy_ms: 0,
  act_ms: 0,
  ...extra,
})

function trajectory(extra: Partial<Trajectory> = {}): Trajectory {
  return {
    task: {
      id: 'fixture:shop-1',
      source: 'fixture',
      intent: 'Buy the kettle',
      website: 'shop.webgym.test',
      start_url: 'http://shop.webgym.test/',
      reference_answer: null,
      rubric: {
        fact_groups: [
          {id: 'cart', description: 'Cart', facts: ['The cart holds the kettle', 'The quantity is 2']},
          {id: 'pay', description: 'Pay', facts: ['The order is placed']},
        ],
      },
      level: 'easy',
    } as Trajectory['task'],
    run: {
      policy: 'oracle',
      model: null,
      prompt_version: null,
      policy_version: null,
      viewport: {width: 1280, height: 768},
      horizon: 10,
      seed: 0,
      webgym_version: '0',
      started_at: '2026-12-01T10:00:00.000Z',
    },
    status: 'answered',
    answer: 'done',
    error: null,
    steps: [step(0, 'a.jpg'), step(1, 'b.jpg')],
    ...extra,
  }
}

describe('reference matching', () => {
  it('normalises case, accents, punctuation, articles and thousands separators', () => {
    expect(normaliseAnswer('  The Café, "Le Zinc"! ')).toBe('cafe le zinc')
    expect(normaliseAnswer('1,234.50 USD.')).toBe('1234.5 usd')
    expect(normaliseAnswer('-5 and well-known')).toBe('-5 and well known')
    expect(numbersIn('from $1,299.99 down to 12.5% and -3')).toEqual([1299.99, 12.5, -3])
  })

  it('decides equal text and one number in the same words, and leaves the rest to the model', () => {
    expect(compareToReference('the Eiffel Tower', 'Eiffel tower.')).toBe('match')
    expect(compareToReference('$12.99', '12.99')).toBe('match')
    expect(compareToReference('1,299', '1299')).toBe('match')
    expect(compareToReference('12 kg', '12.0 kg')).toBe('match')
    expect(compareToReference('$14.50', '12.99')).toBe('mismatch')
    expect(compareToReference('5', '-5')).toBe('mismatch')
    expect(compareToReference('-3 °C', '3 °C')).toBe('mismatch')
    // Different words around the number, or a different currency: not for plain matching to decide.
    for (const [answer, reference] of [
      ['12 lb', '12 kg'],
      ['5 miles', '5 km'],
      ['$5', '€5'],
      ['not 12', '12'],
      ['less than 12', '12'],
      ['It costs $12.99 today', '12.99'],
      ['12.99 or 14.50', '12.99'],
      ['Paris, France', 'Paris'],
      ['', 'Paris'],
      ['!!!', 'Paris'],
    ]) {
      expect(compareToReference(answer, reference), `${answer} vs ${reference}`).toBe('inconclusive')
    }
  })
})

describe('votes', () => {
  it('takes the majority, and a tie fails (or counts as blocked)', () => {
    expect(majority([true, true, false])).toEqual({value: true, yes: 2, votes: 3})
    expect(majority([true, false])).toMatchObject({value: false})
    expect(majority([])).toMatchObject({value: false})
    expect(majorityBlocked([true, false])).toMatchObject({value: true})
    expect(majorityBlocked([false, false, true])).toMatchObject({value: false})
  })

  it('combines per fact, keeping a reason from the winning side and the vote split', () => {
    const reply = (pass1: boolean, pass2: boolean, answer: boolean | null = true) => ({
      blocked: false,
      blocked_reason: '',
      answer_supported: answer,
      answer_reason: answer ? 'shown' : 'not shown',
      facts: [
        {id: 'g.1', pass: pass1, reason: pass1 ? 'yes 1' : 'no 1'},
        {id: 'g.2', pass: pass2, reason: pass2 ? 'yes 2' : 'no 2'},
      ],
    })
    const combined = combineVerdicts(
      [reply(true, false), reply(true, true, false), reply(false, false, false)],
      ['g.1', 'g.2', 'g.3'],
    )
    expect(combined.facts.get('g.1')).toEqual({pass: true, reason: 'yes 1 (2 of 3 votes)'})
    expect(combined.facts.get('g.2')).toEqual({pass: false, reason: 'no 2 (1 of 3 votes)'})
    expect(combined.facts.get('g.3')).toEqual({
      pass: false,
      reason: 'the judge gave no verdict on this fact (0 of 3 votes)',
    })
    expect(combined.answerSupported).toBe(false)
    expect(combined.blocked).toBe(false)
    const single = combineVerdicts([reply(true, true, null)], ['g.1'])
    expect(single.facts.get('g.1')).toEqual({pass: true, reason: 'yes 1'})
    expect(single.answerSupported).toBeNull()
  })
})

describe('key screenshots', () => {
  const steps = [
    step(0, 'a'),
    step(1, 'b'),
    step(2, null),
    step(3, 'a'),
    step(4, 'c'),
    step(5, null),
  ] as Trajectory['steps']

  it('counts a screen once, at the last step that showed it; the final screen is the last screenshot', () => {
    expect(distinctShots(steps)).toEqual([
      {step: 1, path: 'b'},
      {step: 3, path: 'a'},
      {step: 4, path: 'c'},
    ])
    expect(finalShot(steps)).toEqual({step: 4, path: 'c'})
    expect(finalShot([step(0, null)] as Trajectory['steps'])).toBeNull()
  })

  it('keeps the best scores up to the cap, always the final screen, oldest first', () => {
    const final = {step: 9, path: 'z'}
    const scored = [
      {step: 1, path: 'p1', score: 5},
      {step: 2, path: 'p2', score: 2},
      {step: 3, path: 'p3', score: 3},
      {step: 4, path: 'p4', score: 5},
      {step: 5, path: 'p5', score: 4},
    ]
    expect(keepKeyShots(final, scored, 3, 3).map((shot) => shot.path)).toEqual(['p1', 'p4', 'z'])
    expect(keepKeyShots(final, scored, 3, 16).map((shot) => shot.path)).toEqual(['p1', 'p3', 'p4', 'p5', 'z'])
    expect(keepKeyShots(final, scored, 3, 1).map((shot) => shot.path)).toEqual(['z'])
    expect(keepKeyShots(final, scored, 6, 16).map((shot) => shot.path)).toEqual(['z'])
    expect(mostRecentShots(distinctShots(steps), 2)).toEqual([
      {step: 3, path: 'a'},
      {step: 4, path: 'c'},
    ])
  })

  it('resolves screenshot paths against --shots only, else the input folder and its shots/', () => {
    expect(screenshotCandidates('x.jpg', {shots: '/s', inputDir: '/in'})).toEqual(['/s/x.jpg'])
    expect(screenshotCandidates('x.jpg', {inputDir: '/in'})).toEqual(['/in/x.jpg', '/in/shots/x.jpg'])
    expect(screenshotCandidates('/abs/x.jpg', {shots: '/s', inputDir: '/in'})).toEqual(['/abs/x.jpg'])
  })
})

describe('the programmatic judge', () => {
  const check = (passes: boolean[]) => ({
    task: 'shop-1',
    pass: passes.every(Boolean),
    passed: passes.filter(Boolean).length,
    total: passes.length,
    facts: passes.map((pass, index) => ({group: index < 2 ? 1 : 2, fact: `fact ${index}`, pass})),
  })

  it('turns the recorded check into per-fact verdicts with the rubric group ids', () => {
    const judgment = judgeProgrammatically(trajectory({check: check([true, true, true])}))
    expect(judgment).toMatchObject({
      reward: 1,
      blocked: false,
      error: null,
      judge: 'programmatic',
      model: null,
      prompt_version: 'programmatic-v1',
    })
    expect(judgment.facts.map((fact) => [fact.group_id, fact.pass])).toEqual([
      ['cart', true],
      ['cart', true],
      ['pay', true],
    ])
    expect(judgeProgrammatically(trajectory({check: check([true, false, true])})).reward).toBe(0)
    expect(judgeProgrammatically(trajectory({check: check([true, true, true]), status: 'blocked'}))).toMatchObject({
      reward: 0,
      blocked: true,
    })
  })

  it('names a trajectory without a check, and fails safe on a check that errored', () => {
    expect(() => judgeProgrammatically(trajectory())).toThrow(NoCheckError)
    expect(() => judgeProgrammatically(trajectory({check: null}))).toThrow(/task fixture:shop-1 has no recorded check/)
    const failed = judgeProgrammatically(trajectory({check: {error: 'check endpoint timed out'}}))
    expect(failed).toMatchObject({
      reward: 0,
      error: 'the fixture web check failed during rollout: check endpoint timed out',
    })
    expect(failed.facts).toHaveLength(3)
    expect(judgeProgrammatically(trajectory({check: {something: 1}})).error).toMatch(/not a fixture web verdict/)
  })
})

describe('odds and ends', () => {
  it('numbers rubric facts by group, and keys trajectories by task and start time', () => {
    expect(rubricFacts(trajectory().task).map((fact) => fact.id)).toEqual(['cart.1', 'cart.2', 'pay.1'])
    expect(trajectoryKey(trajectory())).toBe('fixture:shop-1@2026-12-01T10:00:00.000Z')
    expect(trajectoryKey({task: {id: 'x'}})).toBe('x')
  })

  it('sees a block the rollout recorded or a wall title on the final screen', () => {
    expect(blockedBeforeJudging(trajectory({status: 'blocked', error: 'blocked page: title "Access denied"'}))).toMatch(
      /rollout ended on a blocked page/,
    )
    expect(
      blockedBeforeJudging(
        trajectory({steps: [step(0, 'a', {title: 'Attention Required! | Cloudflare'})] as Trajectory['steps']}),
      ),
    ).toMatch(/blocked page/)
    expect(
      blockedBeforeJudging(trajectory({steps: [step(0, 'a', {title: 'Kettles – Shop'})] as Trajectory['steps']})),
    ).toBeNull()
  })
})
