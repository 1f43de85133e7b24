// The fixture web's checks and the judge's reference match clean answers with one normaliser; on every fixture task
// with a reference answer, a reformatted reference (case, spacing, punctuation, articles, number formatting) passes
// the task's answer checks exactly when the judge calls it a match, and a reference with its number changed fails
// both.
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {normaliseAnswer} from '../src/lib/answers/normalise-answer.js'
import {compareToReference} from '../src/lib/judge/reference-match.js'
import {answerMentions} from '../src/lib/sites/check-helpers.js'
import {Catalog} from '../src/lib/sites/catalog.js'
import type {FactDef} from '../src/lib/sites/types.js'

interface Answered {
  id: string
  reference: string
  state: () => unknown
  /** The facts the reference itself passes on a fresh session: the checks that read the answer. */
  answerFacts: FactDef<unknown>[]
}

function answeredTasks(): Answered[] {
  const catalog = new Catalog({seed: 0, variantsPerFamily: 3})
  const found: Answered[] = []
  for (const site of catalog.sites) {
    const family = catalog.familyOf(site)
    for (const def of catalog.tasksOf(site)) {
      if (def.referenceAnswer === null) continue
      const reference = def.referenceAnswer
      const facts = def.groups.flatMap((group) => group.facts)
      const answerFacts = facts.filter(
        (fact) =>
          fact.check({state: family.initialState(), answer: reference}) &&
          !fact.check({state: family.initialState(), answer: null}),
      )
      found.push({id: `${site.slug}/${def.key}`, reference, state: () => family.initialState(), answerFacts})
    }
  }
  return found
}

const passes = (task: Answered, answer: string) =>
  task.answerFacts.every((fact) => fact.check({state: task.state(), answer}))

/** A reformatting of an answer that says the same thing in the same words. */
const reformat = fc.record({
  upper: fc.boolean(),
  article: fc.constantFrom('', 'the ', 'The ', 'a '),
  before: fc.constantFrom('', ' ', '"', '  '),
  after: fc.constantFrom('', '.', '!', ' ', '".'),
  trailingZeros: fc.boolean(),
  dropSeparators: fc.boolean(),
})

function applyReformat(
  reference: string,
  change: {
    upper: boolean
    article: string
    before: string
    after: string
    trailingZeros: boolean
    dropSeparators: boolean
  },
): string {
  let text = reference
  if (change.dropSeparators) text = text.replace(/(\d),(\d{3})/g, '$1$2')
  if (change.trailingZeros) text = text.replace(/(\d\.\d+)(?!\d)/g, '$10')
  if (change.upper) text = text.toUpperCase()
  return `${change.before}${change.article}${text}${change.after}`
}

describe('one answer normaliser for the fixture checks and the judge', () => {
  const tasks = answeredTasks()

  it('covers the fixture web: tasks of every family with reference answers that answer checks read', () => {
    expect(tasks.length).toBeGreaterThan(50)
    expect(new Set(tasks.map((task) => task.id.split('/')[0])).size).toBeGreaterThanOrEqual(21)
    expect(tasks.filter((task) => task.answerFacts.length > 0).length).toBeGreaterThan(tasks.length / 2)
  })

  it('never cleans a reference answer to nothing', () => {
    for (const task of tasks) expect(normaliseAnswer(task.reference), task.id).not.toBe('')
  })

  it('cleans as documented', () => {
    expect(normaliseAnswer('  The Café, "Le Zinc"! ')).toBe('cafe le zinc')
    expect(normaliseAnswer('$1,299.00')).toBe('1299')
    expect(normaliseAnswer('12.50 USD.')).toBe('12.5 usd')
    expect(normaliseAnswer('-5 and well-known, 3-4 days')).toBe('-5 and well known 3 4 days')
    expect(normaliseAnswer('.5 cup')).toBe('.5 cup')
  })

  it('a reformatted reference is a judge match and passes the answer checks', () => {
    fc.assert(
      fc.property(fc.constantFrom(...tasks), reformat, (task, change) => {
        const answer = applyReformat(task.reference, change)
        expect(compareToReference(answer, task.reference), `${task.id}: ${JSON.stringify(answer)}`).toBe('match')
        expect(answerMentions(answer, task.reference)).toBe(true)
        expect(passes(task, answer), `${task.id}: ${JSON.stringify(answer)}`).toBe(true)
      }),
      {seed: 7, numRuns: 400},
    )
  })

  it('a reference with its one number changed is a judge mismatch and fails the answer checks', () => {
    const numbered = tasks.filter(
      (task) => task.answerFacts.length > 0 && (task.reference.match(/\d+(?:[.,]\d+)*/g) ?? []).length === 1,
    )
    expect(numbered.length).toBeGreaterThan(10)
    for (const task of numbered) {
      const changed = task.reference.replace(/\d+(?:[.,]\d+)*/, (number) =>
        String(Number(number.replaceAll(',', '')) + 7),
      )
      const verdict = compareToReference(changed, task.reference)
      expect(verdict, `${task.id}: ${task.reference} -> ${changed}`).not.toBe('match')
      if (verdict === 'mismatch')
        expect(passes(task, changed), `${task.id}: ${task.reference} -> ${changed}`).toBe(false)
    }
  })
})
