import {describe, expect, it} from 'vitest'
import {answerMentions, formatMoney, normaliseAnswer} from '../src/lib/sites/check-helpers.js'
import {Catalog, slugify} from '../src/lib/sites/catalog.js'
import {evaluateTask} from '../src/lib/sites/check.js'
import {queryString} from '../src/lib/sites/html.js'
import {imageSvg} from '../src/lib/sites/images.js'
import {route} from '../src/lib/sites/reply.js'
import {logNormal} from '../src/lib/random/log-normal.js'
import {SeededRandom} from '../src/lib/random/seeded-random.js'

describe('answer matching', () => {
  it.each([
    ['The price is $1,234.50.', '$1,234.50', true],
    ['It costs 1234.5 dollars', '$1,234.50', true],
    ['$19.00', 19, true],
    ['19.99', '$19.00', false],
    ['Crème Brûlée, rated 4.5', 'creme brulee', true],
    ['rated 4.5', '4', false],
    ['Order NW-004211 confirmed', 'NW-004211', true],
    ['Order NW-0042110', 'NW-004211', false],
    ['', 'anything', false],
  ])('%j mentions %j: %s', (answer, expected, mentions) => {
    expect(answerMentions(answer, expected)).toBe(mentions)
  })

  it('treats no answer as no mention and normalises punctuation', () => {
    expect(answerMentions(null, 'x')).toBe(false)
    expect(normaliseAnswer('  Hello,   World!  ')).toBe('hello world')
    expect(formatMoney(1234.5)).toBe('$1,234.50')
  })
})

describe('urls', () => {
  it('builds query strings without empty fields', () => {
    expect(queryString({q: 'a b', page: 2, empty: '', none: null})).toBe('?q=a+b&page=2')
  })

  it('routes paths with parameters', () => {
    expect(route('/product/12', '/product/:id')).toEqual({id: '12'})
    expect(route('/product/12/', '/product/:id')).toEqual({id: '12'})
    expect(route('/product/12/x', '/product/:id')).toBeNull()
    expect(route('/a%20b', '/:name')).toEqual({name: 'a b'})
  })
})

describe('catalog', () => {
  it('gives every site a unique host name, from the seed', () => {
    const catalog = new Catalog({seed: 5})
    const hosts = catalog.sites.map((site) => site.host)
    expect(new Set(hosts).size).toBe(hosts.length)
    expect(hosts.every((host) => /^[a-z0-9-]+\.webgym\.test$/.test(host))).toBe(true)
    expect(new Catalog({seed: 5}).sites).toEqual(catalog.sites)
    expect(slugify('Granite & Co Café')).toBe('granite-and-co-cafe')
  })

  it('finds a task by id and checks it fact by fact', () => {
    const catalog = new Catalog({seed: 5})
    const record = catalog.taskRecords().next().value!
    const handle = catalog.task(record.id)!
    expect(handle.site.host).toBe(record.website)
    const state = catalog.familyOf(handle.site).initialState()
    const verdict = evaluateTask(record.id, handle.def, state, record.reference_answer ?? null)
    expect(verdict.total).toBe(record.difficulty)
    expect(catalog.task('fixture:nope/1')).toBeUndefined()
    expect(catalog.task('not-an-id')).toBeUndefined()
  })

  it('counts a throwing check as a failed fact', () => {
    const def = {
      key: 'k',
      kind: 'lookup' as const,
      intent: 'x',
      referenceAnswer: null,
      solution: [{op: 'answer' as const, text: 'x'}],
      groups: [
        {
          description: 'g',
          facts: [
            {
              text: 'boom',
              check: () => {
                throw new Error('bad state')
              },
            },
            {text: 'ok', check: () => true},
          ],
        },
      ],
    }
    expect(evaluateTask('t', def, {}, null)).toMatchObject({pass: false, passed: 1, total: 2})
  })

  it('draws the same image for the same name', () => {
    expect(imageSvg('product', 'a')).toBe(imageSvg('product', 'a'))
    expect(imageSvg('product', 'a')).not.toBe(imageSvg('product', 'b'))
    expect(imageSvg('unknown', 'a')).toBeNull()
  })
})

describe('log-normal draws (page latency, reply lengths)', () => {
  it('have the median and 95th percentile they are given, and stay finite at the edge of the uniform range', () => {
    const rng = new SeededRandom(7)
    const draws = Array.from({length: 20_000}, () => logNormal(150, 1200, 1 - rng.nextFloat(), rng.nextFloat())).sort(
      (a, b) => a - b,
    )
    expect(draws[10_000]!).toBeGreaterThan(140)
    expect(draws[10_000]!).toBeLessThan(160)
    expect(draws[19_000]!).toBeGreaterThan(1100)
    expect(draws[19_000]!).toBeLessThan(1300)
    expect(logNormal(150, 1200, 1, 0)).toBe(150)
    expect(Number.isFinite(logNormal(150, 1200, Number.MIN_VALUE, 0))).toBe(true)
    expect(logNormal(0, 1200, 0.5, 0.5)).toBe(0)
  })
})
