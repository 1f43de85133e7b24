// The fixture web's checks and the judge's reference match clean answers with one normaliser; on every fixture task
// with a reference answer, a reformatted reference (case, spacing, punctuation, articles, number formatting) passes
// the task's answer checks exactly when the judge calls it a match, and a reference with its number changed fails
// both. Names compare without case, spacing or accents; dates compare as calendar days, whatever their format.
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {calendarDateOf, datesIn, mentionsDate} from '../src/lib/answers/calendar-dates.js'
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

describe('names: case, spacing and accents do not matter', () => {
  it.each([
    ['Aleš Vávra', 'ales vavra'],
    ['  CÉSAR   SALZA ', 'cesar salza'],
    ['Łukasz Øvergård', 'lukasz overgard'],
    ['Straße', 'strasse'],
    ['Æsop, Œuvres', 'aesop oeuvres'],
    ['Þór Ðorðević', 'thor dordevic'],
    ['Jeffrey\u00a0Gettleman', 'jeffrey gettleman'],
  ])('%j -> %j', (name, normalised) => {
    expect(normaliseAnswer(name)).toBe(normalised)
  })

  const name = fc
    .array(fc.constantFrom('Aleš', 'Vávra', 'Zoë', 'Øystein', 'Łódź', 'Müller', 'García', 'Ngọc', 'Dan', 'Goodin'), {
      minLength: 1,
      maxLength: 4,
    })
    .map((words) => words.join(' '))
  const stripAccents = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[Øø]/g, (letter) => (letter === 'Ø' ? 'O' : 'o'))
      .replace(/[Łł]/g, (letter) => (letter === 'Ł' ? 'L' : 'l'))

  it('a name written without its accents, in other case or spacing, is the name to the checks and the judge', () => {
    fc.assert(
      fc.property(name, fc.boolean(), fc.constantFrom(' ', '  ', '\t', '\u00a0'), (written, upper, space) => {
        let answer = stripAccents(written).replaceAll(' ', space)
        if (upper) answer = answer.toUpperCase()
        expect(normaliseAnswer(answer)).toBe(normaliseAnswer(written))
        expect(answerMentions(`The author is ${answer}.`, written)).toBe(true)
        expect(compareToReference(answer, written)).toBe('match')
      }),
      {seed: 11, numRuns: 300},
    )
  })
})

describe('dates: the same calendar day in any common format', () => {
  it.each([
    ['2019-04-28', ['2019-04-28']],
    ['2019-04-28T06:01:07-07:00', ['2019-04-28']],
    ['April 28, 2019 at 6:01 am', ['2019-04-28']],
    ['Apr. 28th 2019', ['2019-04-28']],
    ['Sunday, 28 April 2019', ['2019-04-28']],
    ['28th of April, 2019', ['2019-04-28']],
    ['28. April 2019', ['2019-04-28']],
    ['28 avril 2019', ['2019-04-28']],
    ['28 février 2019', ['2019-02-28']],
    ['1er janvier 2019', ['2019-01-01']],
    ['28 de abril de 2019', ['2019-04-28']],
    ['1. listopadu 2021', ['2021-11-01']],
    ['1. 11. 2021', ['2021-11-01']],
    ['28.04.2019', ['2019-04-28']],
    ['2019/04/28', ['2019-04-28']],
    ['2019年4月28日', ['2019-04-28']],
    ['2019년 4월 28일', ['2019-04-28']],
    ['4/28/2019', ['2019-04-28']],
    ['4/28/19', ['2019-04-28']],
    ['03/05/2019', ['2019-05-03', '2019-03-05']],
    ['22 Dec, 2016', ['2016-12-22']],
  ])('%j is %j', (text, dates) => {
    expect(datesIn(text).map((mention) => mention.dates)).toEqual([dates])
  })

  it('reads no date where there is none, or where it is not a real day', () => {
    for (const text of ['2019', 'April 2019', '31/02/2019', '2019-13-01', 'Nolan22 Dec 2016651', '12-05-19', 'v1.2.3'])
      expect(datesIn(text), text).toEqual([])
  })

  it('gives each date as written, where it is, for a page shown in any script', () => {
    const mentions = datesIn('Publié le 28 février 2019, mis à jour le 1 mars 2019.')
    expect(mentions.map(({text, index}) => [text, index])).toEqual([
      ['28 février 2019', 10],
      ['1 mars 2019', 41],
    ])
  })

  it('takes a timestamp’s date as written (the publisher’s day), not in UTC', () => {
    expect(calendarDateOf('2019-04-28T23:30:00-07:00')).toBe('2019-04-28')
    expect(calendarDateOf('2015-07-24T05:36:09+01:00')).toBe('2015-07-24')
    expect(calendarDateOf('2019-04-28 06:01:07')).toBe('2019-04-28')
    expect(calendarDateOf('yesterday')).toBeNull()
  })

  const MONTH_NAMES = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ]
  const pad = (n: number) => String(n).padStart(2, '0')
  const formats: ((y: number, m: number, d: number) => string)[] = [
    (y, m, d) => `${y}-${pad(m)}-${pad(d)}`,
    (y, m, d) => `${y}-${pad(m)}-${pad(d)}T12:00:00Z`,
    (y, m, d) => `${MONTH_NAMES[m - 1]} ${d}, ${y}`,
    (y, m, d) => `${MONTH_NAMES[m - 1]!.slice(0, 3)}. ${d} ${y}`,
    (y, m, d) => `${d} ${MONTH_NAMES[m - 1]} ${y}`,
    (y, m, d) => `${pad(d)}.${pad(m)}.${y}`,
    (y, m, d) => `${m}/${d}/${y}`,
    (y, m, d) => `${y}年${m}月${d}日`,
  ]

  it('any format of a date is that date to the checks and the judge, another date is not', () => {
    fc.assert(
      fc.property(
        fc.date({min: new Date('1990-01-01'), max: new Date('2069-12-31'), noInvalidDate: true}),
        fc.constantFrom(...formats),
        fc.integer({min: 1, max: 400}),
        (date, format, shift) => {
          const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()]
          const iso = `${y}-${pad(m)}-${pad(d)}`
          const written = format(y, m, d)
          expect(mentionsDate(`It was published on ${written}.`, iso), written).toBe(true)
          const other = new Date(date.getTime() + shift * 86_400_000).toISOString().slice(0, 10)
          const otherWritten = format(...(other.split('-').map(Number) as [number, number, number]))
          // m/d/y reads both ways round: 3/5 is also 5 March.
          const swapped = `${y}-${pad(d)}-${pad(m)}`
          if (other !== swapped) expect(mentionsDate(otherWritten, iso), `${otherWritten} vs ${iso}`).toBe(false)
          if (!datesIn(written)[0]!.dates.includes(swapped) || m === d) {
            expect(compareToReference(written, iso), written).toBe('match')
            // An answer that is only another date (a timestamp's time is more than a date: the model decides).
            const onlyDate = !written.includes('T')
            const oneReading = datesIn(otherWritten)[0]!.dates.length === 1
            if (other !== swapped && onlyDate && oneReading)
              expect(compareToReference(otherWritten, iso)).toBe('mismatch')
          }
        },
      ),
      {seed: 5, numRuns: 400},
    )
  })

  it('the judge leaves hedged, several or two-way dates to the model', () => {
    expect(compareToReference('Published 28 April 2019', '2019-04-28')).toBe('match')
    expect(compareToReference('not 28 April 2019', '2019-04-28')).toBe('inconclusive')
    expect(compareToReference('28 April 2019 or 29 April 2019', '2019-04-28')).toBe('inconclusive')
    expect(compareToReference('04/05/2019', '2019-04-05')).toBe('inconclusive')
    expect(compareToReference('Published 29 April 2019', '2019-04-28')).toBe('inconclusive')
    expect(compareToReference('29 April 2019', '2019-04-28')).toBe('mismatch')
  })
})
