import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {buildSubtask, subtaskId} from '../src/lib/decompose/build-subtask.js'
import {
  chooseSubsets,
  FULL_ENUMERATION_GROUPS,
  rubricEligibility,
  taskEligibility,
} from '../src/lib/decompose/choose-subsets.js'
import type {Rubric} from '../src/lib/schema/rubric.js'
import {TaskSchema, type Task} from '../src/lib/schema/task.js'

const PROVENANCE = {model: 'fake-model', prompt_version: 'decompose-test', webgym_version: '0.0.0'}

/** A rubric with groups of the given sizes, ids g0, g1, ... (or the given ids). */
function rubricOf(sizes: number[], ids?: Array<string | number>): Rubric {
  return {
    fact_groups: sizes.map((size, i) => ({
      id: ids?.[i] ?? `g${i}`,
      description: `group ${i}`,
      facts: Array.from({length: size}, (_, j) => `fact ${i}.${j}`),
    })),
  }
}

function taskOf(
  sizes: number[] | null,
  options: {id?: string; ids?: Array<string | number>; reference?: string | null} = {},
): Task {
  const rubric = sizes === null ? null : rubricOf(sizes, options.ids)
  return TaskSchema.parse({
    id: options.id ?? 'prop:1',
    source: 'prop',
    intent: 'Find a recipe and report its rating, time and author',
    website: 'allrecipes.com',
    start_url: 'https://www.allrecipes.com/',
    reference_answer: options.reference ?? null,
    domain: 'Lifestyle & Leisure',
    subdomain: 'Food & Cooking',
    rubric,
    difficulty: rubric ? sizes!.reduce((a, b) => a + b, 0) : null,
    meta: {action_sequence: ['click']},
    provenance: {rubric: {model: 'rubric-model', prompt_version: 'rubric-v1', webgym_version: '0.0.0'}},
  })
}

/** The paper's rule, written out independently of the code under test. */
const eligibleByRule = (sizes: number[]) => sizes.length >= 2 && sizes.some((size) => size >= 3)

// Group sizes: mostly small rubrics, sometimes past the full-enumeration cap so the sampled path runs too.
const sizesArb = fc.oneof(
  {weight: 4, arbitrary: fc.array(fc.integer({min: 1, max: 6}), {minLength: 1, maxLength: 6})},
  {
    weight: 1,
    arbitrary: fc.array(fc.integer({min: 1, max: 5}), {minLength: FULL_ENUMERATION_GROUPS - 1, maxLength: 20}),
  },
)
const optionsArb = fc.record({
  maxPerTask: fc.integer({min: 1, max: 8}),
  seed: fc.integer({min: 0, max: 2 ** 31}),
  key: fc.string({maxLength: 12}),
})

/** Nonempty proper subsets holding a group of 3+ facts: 2^n - 2^(n - large) - 1. */
function candidateCount(sizes: number[]): number {
  const large = sizes.filter((size) => size >= 3).length
  return 2 ** sizes.length - 2 ** (sizes.length - large) - 1
}

describe('chooseSubsets (properties)', () => {
  it('every subset is proper, nonempty, holds a group of 3+ facts and has fewer facts than the whole', () => {
    fc.assert(
      fc.property(sizesArb, optionsArb, (sizes, options) => {
        const total = sizes.reduce((a, b) => a + b, 0)
        for (const choice of chooseSubsets(rubricOf(sizes), options)) {
          expect(choice.groups.length).toBeGreaterThan(0)
          expect(choice.groups.length).toBeLessThan(sizes.length)
          expect(new Set(choice.groups).size).toBe(choice.groups.length)
          expect(choice.groups.every((i) => Number.isInteger(i) && i >= 0 && i < sizes.length)).toBe(true)
          expect([...choice.groups].sort((a, b) => a - b)).toEqual(choice.groups)
          expect(choice.groups.some((i) => sizes[i] >= 3)).toBe(true)
          expect(choice.facts).toBe(choice.groups.reduce((sum, i) => sum + sizes[i], 0))
          expect(choice.facts).toBeLessThan(total)
        }
      }),
    )
  })

  it('eligible rubrics give at least one subset and at most --max-per-task, all distinct; ineligible ones give none', () => {
    fc.assert(
      fc.property(sizesArb, optionsArb, (sizes, options) => {
        const chosen = chooseSubsets(rubricOf(sizes), options)
        expect(rubricEligibility(rubricOf(sizes)) === 'eligible').toBe(eligibleByRule(sizes))
        if (!eligibleByRule(sizes)) {
          expect(chosen).toEqual([])
          return
        }
        expect(chosen.length).toBeGreaterThanOrEqual(1)
        expect(chosen.length).toBeLessThanOrEqual(options.maxPerTask)
        expect(new Set(chosen.map((choice) => choice.groups.join(','))).size).toBe(chosen.length)
        if (sizes.length <= FULL_ENUMERATION_GROUPS)
          expect(chosen.length).toBe(Math.min(options.maxPerTask, candidateCount(sizes)))
      }),
    )
  })

  it('prefers distinct difficulties: as many as the candidates offer, up to --max-per-task', () => {
    const smallSizes = fc.array(fc.integer({min: 1, max: 6}), {minLength: 2, maxLength: 7})
    fc.assert(
      fc.property(smallSizes, optionsArb, (sizes, options) => {
        fc.pre(eligibleByRule(sizes))
        const possible = new Set<number>()
        for (let mask = 1; mask < 2 ** sizes.length - 1; mask++) {
          const groups = sizes.flatMap((size, i) => (mask & (1 << i) ? [i] : []))
          if (groups.some((i) => sizes[i] >= 3)) possible.add(groups.reduce((sum, i) => sum + sizes[i], 0))
        }
        const chosen = chooseSubsets(rubricOf(sizes), options)
        expect(new Set(chosen.map((choice) => choice.facts)).size).toBe(Math.min(options.maxPerTask, possible.size))
      }),
    )
  })

  it('the same seed and key give the same subsets; the order is easiest first', () => {
    fc.assert(
      fc.property(sizesArb, optionsArb, (sizes, options) => {
        const once = chooseSubsets(rubricOf(sizes), options)
        expect(chooseSubsets(rubricOf(sizes), {...options})).toEqual(once)
        const facts = once.map((choice) => choice.facts)
        expect([...facts].sort((a, b) => a - b)).toEqual(facts)
      }),
    )
  })

  it('the seed changes which subsets are chosen when there is a choice', () => {
    const sizes = [3, 1, 1, 1, 1, 1, 1, 1]
    const choices = new Set(
      Array.from({length: 20}, (_, seed) =>
        JSON.stringify(chooseSubsets(rubricOf(sizes), {maxPerTask: 2, seed, key: 'prop:1'})),
      ),
    )
    expect(choices.size).toBeGreaterThan(1)
  })

  it('handles a rubric far past the enumeration cap quickly and deterministically', () => {
    const sizes = Array.from({length: 60}, (_, i) => (i % 7 === 0 ? 3 : 1))
    const started = performance.now()
    const once = chooseSubsets(rubricOf(sizes), {maxPerTask: 5, seed: 3, key: 'big'})
    expect(performance.now() - started).toBeLessThan(2000)
    expect(once).toHaveLength(5)
    expect(new Set(once.map((choice) => choice.facts)).size).toBe(5)
    expect(chooseSubsets(rubricOf(sizes), {maxPerTask: 5, seed: 3, key: 'big'})).toEqual(once)
  })
})

describe('buildSubtask (properties, with a fake intent)', () => {
  it('sub-tasks are strictly easier proper subsets of the parent, with unique stable ids and the parent named', () => {
    fc.assert(
      fc.property(
        sizesArb,
        optionsArb,
        fc.option(fc.string({minLength: 1, maxLength: 20}), {nil: null}),
        (sizes, options, reference) => {
          const parent = taskOf(sizes, {reference})
          const subtasks = chooseSubsets(parent.rubric, {...options, key: parent.id}).map((choice, i) =>
            buildSubtask(parent, choice, `  rewritten ${i}  `, PROVENANCE),
          )
          const parentGroups = parent.rubric!.fact_groups
          for (const [i, subtask] of subtasks.entries()) {
            expect(TaskSchema.parse(subtask)).toEqual(subtask)
            const groups = subtask.rubric!.fact_groups
            expect(groups.length).toBeLessThan(parentGroups.length)
            // The chosen groups are the parent's own, unchanged and in the parent's order.
            const positions = groups.map((group) => parentGroups.indexOf(group))
            expect(positions.every((position) => position >= 0)).toBe(true)
            expect([...positions].sort((a, b) => a - b)).toEqual(positions)
            expect(groups.some((group) => group.facts.length >= 3)).toBe(true)
            expect(subtask.difficulty).toBe(groups.reduce((sum, group) => sum + group.facts.length, 0))
            expect(subtask.difficulty!).toBeLessThan(parent.difficulty!)
            expect(subtask.level).toBe(subtask.difficulty! <= 3 ? 'easy' : subtask.difficulty! <= 6 ? 'medium' : 'hard')
            expect(subtask.intent).toBe(`rewritten ${i}`)
            expect(subtask.parent_id).toBe(parent.id)
            expect(subtask.id.startsWith(`${parent.id}/sub-`)).toBe(true)
            expect([subtask.source, subtask.website, subtask.start_url, subtask.domain, subtask.subdomain]).toEqual([
              parent.source,
              parent.website,
              parent.start_url,
              parent.domain,
              parent.subdomain,
            ])
            expect(subtask.reference_answer).toBeNull()
            expect(subtask.meta).toEqual(reference ? {parent_reference_answer: reference} : {})
            expect(subtask.provenance).toEqual({...parent.provenance, decompose: PROVENANCE})
          }
          const ids = subtasks.map((subtask) => subtask.id)
          expect(new Set(ids).size).toBe(ids.length)
          expect(ids).not.toContain(parent.id)
          const again = chooseSubsets(parent.rubric, {...options, key: parent.id}).map(
            (choice) => buildSubtask(parent, choice, 'other', PROVENANCE).id,
          )
          expect(again).toEqual(ids)
        },
      ),
    )
  })

  it('ids stay unique when group ids repeat or are not plain (positions are used instead)', () => {
    const idsArb = fc.array(fc.oneof(fc.constantFrom('g1', 'a+b', 'x/y', '', 'g1'), fc.integer({min: 0, max: 3})), {
      minLength: 2,
      maxLength: 6,
    })
    fc.assert(
      fc.property(idsArb, (groupIds) => {
        const sizes = groupIds.map((_, i) => (i === 0 ? 3 : 1 + (i % 3)))
        const parent = taskOf(sizes, {ids: groupIds})
        const choices = chooseSubsets(parent.rubric, {maxPerTask: 64, seed: 0, key: parent.id})
        const ids = choices.map((choice) => subtaskId(parent, choice))
        expect(new Set(ids).size).toBe(ids.length)
        expect(ids.every((id) => /^prop:1\/sub-[\w.-]+(\+[\w.-]+)*$/.test(id))).toBe(true)
      }),
    )
  })

  it('names sub-tasks after the group ids', () => {
    const parent = taskOf([3, 1, 2], {id: 'webvoyager:Allrecipes--3'})
    const ids = chooseSubsets(parent.rubric, {maxPerTask: 3, seed: 0, key: parent.id}).map((choice) =>
      subtaskId(parent, choice),
    )
    expect(ids).toEqual([
      'webvoyager:Allrecipes--3/sub-g0',
      'webvoyager:Allrecipes--3/sub-g0+g1',
      'webvoyager:Allrecipes--3/sub-g0+g2',
    ])
  })

  it('tasks without a rubric, with one group, with no group of 3+ facts, or that are sub-tasks yield none', () => {
    fc.assert(
      fc.property(sizesArb, (sizes) => {
        expect(taskEligibility(taskOf(null))).toBe('no-rubric')
        expect(chooseSubsets(null, {maxPerTask: 3, seed: 0, key: 'k'})).toEqual([])
        const task = taskOf(sizes)
        const expected =
          sizes.length < 2 ? 'too-few-groups' : sizes.some((size) => size >= 3) ? 'eligible' : 'no-large-group'
        expect(taskEligibility(task)).toBe(expected)
        expect(taskEligibility({...task, parent_id: 'prop:0'})).toBe('already-sub-task')
      }),
    )
  })
})
