import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {assertBuilt} from './helpers/cli.js'
import {judgedRecord} from './helpers/judged-records.js'
import {startStandin, type Standin} from './helpers/openai-standin.js'
import {ndjson} from './helpers/rollout.js'
import {workdir} from './helpers/workdir.js'

// Exact duplicate input records (a file given twice, overlapping shards cat'ed together) are counted and named in one
// warning, in filter and in every record batch (judge, rubric gen, tasks classify and decompose), and processed as given:
// no command drops a valid record on its own.

let standin: Standin
beforeAll(async () => {
  assertBuilt()
  standin = await startStandin({models: ['m']})
})
afterAll(async () => {
  await standin?.close()
})

describe('exact duplicate records', () => {
  it('filter passes them through and warns with where the first repeat is', async () => {
    const wd = workdir()
    wd.write('a.ndjson', ndjson([judgedRecord({task: 'fx:1'}), judgedRecord({task: 'fx:2'})]))
    const result = await wd.run(['filter', 'a.ndjson', 'a.ndjson'])
    expect(result.exitCode, result.stderr).toBe(0)
    expect(
      result.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).task.id),
    ).toEqual(['fx:1', 'fx:2', 'fx:1', 'fx:2'])
    expect(result.stderr).toContain(
      'filter: 2 exact duplicate records, kept as given (first: a.ndjson:1 repeats a.ndjson:1)',
    )
  })

  it('rubric gen says how many repeats its input holds and where the first is', async () => {
    standin.reset()
    standin.setHandler(() => ({
      content: JSON.stringify({
        fact_groups: [{id: 'g1', description: 'The price', facts: ['The answer gives the price']}],
      }),
    }))
    const wd = workdir()
    const task = {
      id: 't:1',
      source: 't',
      intent: 'Find the price',
      website: 'shop.example.com',
      start_url: 'https://shop.example.com/',
      reference_answer: null,
    }
    wd.write('tasks.ndjson', ndjson([task, {...task, id: 't:2'}, task]))
    const result = await wd.run([
      'rubric',
      'gen',
      '--base-url',
      standin.url,
      '--model',
      'm',
      '--no-cache',
      '--no-json-schema',
      'tasks.ndjson',
    ])
    expect(result.exitCode, result.stderr).toBe(0)
    expect(
      result.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).id),
    ).toEqual(['t:1', 't:2', 't:1'])
    expect(result.stderr).toContain(
      'rubric gen: 1 exact duplicate record, kept as given (first: tasks.ndjson:3 repeats tasks.ndjson:1)',
    )
  })
})
