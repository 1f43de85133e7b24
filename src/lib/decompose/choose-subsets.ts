import {createHash} from 'node:crypto'
import type {Rubric} from '../schema/rubric.js'
import type {Task} from '../schema/task.js'
import {SeededRandom} from '../random/seeded-random.js'

/** The paper's threshold: a group of this many facts makes a rubric decomposable, and every sub-task keeps one. */
export const LARGE_GROUP_FACTS = 3

/** Rubrics with at most this many groups have every candidate subset enumerated (2^12 - 2 = 4,094); larger ones are sampled. */
export const FULL_ENUMERATION_GROUPS = 12

/** How many distinct subsets a sampled (large) rubric offers the chooser. */
const SAMPLED_CANDIDATES = 256

export type Eligibility = 'eligible' | 'no-rubric' | 'too-few-groups' | 'no-large-group' | 'already-sub-task'

/** One chosen subset of a rubric's fact groups. */
export interface SubsetChoice {
  /** Indices into `rubric.fact_groups`, ascending. */
  groups: number[]
  /** Facts in the chosen groups: the sub-task's difficulty. */
  facts: number
}

export interface ChooseSubsetsOptions {
  /** The most subsets to return. */
  maxPerTask: number
  /** Same seed, key and rubric: same subsets. */
  seed: number
  /** Makes the choice differ from task to task under one seed (the parent's id). */
  key: string
}

/**
 * Whether the paper's rule lets a rubric be decomposed: at least 2 fact groups and at least one group with 3 or
 * more facts.
 */
export function rubricEligibility(rubric: Rubric | null | undefined): Exclude<Eligibility, 'already-sub-task'> {
  if (!rubric || rubric.fact_groups.length === 0) return 'no-rubric'
  if (rubric.fact_groups.length < 2) return 'too-few-groups'
  if (!rubric.fact_groups.some((group) => group.facts.length >= LARGE_GROUP_FACTS)) return 'no-large-group'
  return 'eligible'
}

/**
 * Whether a task is decomposed. A task that is itself a sub-task passes through: its parent's candidates already
 * cover every proper subset, so decomposing it again would only repeat them under other ids.
 */
export function taskEligibility(task: Pick<Task, 'rubric' | 'parent_id'>): Eligibility {
  if (task.parent_id) return 'already-sub-task'
  return rubricEligibility(task.rubric)
}

/**
 * Chooses up to `maxPerTask` proper subsets of a rubric's fact groups, each holding a group of 3 or more facts (so
 * every sub-task is strictly easier than its parent and still worth doing). The candidates are put in a seeded
 * random order and picked preferring distinct difficulties, then returned easiest first. An ineligible rubric
 * gives none.
 */
export function chooseSubsets(rubric: Rubric | null | undefined, options: ChooseSubsetsOptions): SubsetChoice[] {
  if (!rubric || rubricEligibility(rubric) !== 'eligible' || options.maxPerTask < 1) return []
  const sizes = rubric.fact_groups.map((group) => group.facts.length)
  const random = new SeededRandom(seedFor(options.seed, options.key))
  const candidates =
    sizes.length <= FULL_ENUMERATION_GROUPS ? shuffled(allCandidates(sizes), random) : sampledCandidates(sizes, random)
  return pickPreferringDistinctDifficulty(candidates, options.maxPerTask).sort(easiestFirst)
}

/** Every nonempty proper subset (as a bit mask) that holds a large group, in mask order. */
function allCandidates(sizes: number[]): SubsetChoice[] {
  const large = sizes.reduce((mask, size, i) => (size >= LARGE_GROUP_FACTS ? mask | (1 << i) : mask), 0)
  const full = (1 << sizes.length) - 1
  const candidates: SubsetChoice[] = []
  for (let mask = 1; mask < full; mask++) {
    if ((mask & large) === 0) continue
    const groups: number[] = []
    let facts = 0
    for (let i = 0; i < sizes.length; i++) {
      if (mask & (1 << i)) {
        groups.push(i)
        facts += sizes[i]
      }
    }
    candidates.push({groups, facts})
  }
  return candidates
}

/**
 * Distinct random candidates for a rubric too large to enumerate: a size drawn uniformly from 1..n-1, one large
 * group, the rest drawn from the other groups. The draw order is already random.
 */
function sampledCandidates(sizes: number[], random: SeededRandom): SubsetChoice[] {
  const large = sizes.flatMap((size, i) => (size >= LARGE_GROUP_FACTS ? [i] : []))
  const seen = new Set<string>()
  const candidates: SubsetChoice[] = []
  for (let attempt = 0; attempt < SAMPLED_CANDIDATES * 4 && candidates.length < SAMPLED_CANDIDATES; attempt++) {
    const count = 1 + random.below(sizes.length - 1)
    const anchor = large[random.below(large.length)]
    const others = Uint32Array.from(sizes.keys()).filter((i) => i !== anchor)
    for (let i = 0; i < count - 1; i++) {
      const j = i + random.below(others.length - i)
      ;[others[i], others[j]] = [others[j], others[i]]
    }
    const groups = [anchor, ...others.subarray(0, count - 1)].sort((a, b) => a - b)
    const key = groups.join(',')
    if (seen.has(key)) continue
    seen.add(key)
    candidates.push({groups, facts: groups.reduce((sum, i) => sum + sizes[i], 0)})
  }
  return candidates
}

function shuffled<T>(values: T[], random: SeededRandom): T[] {
  for (let i = values.length - 1; i > 0; i--) {
    const j = random.below(i + 1)
    ;[values[i], values[j]] = [values[j], values[i]]
  }
  return values
}

/** The first candidate of each difficulty (in the given order) first, then the rest in order, up to `max`. */
function pickPreferringDistinctDifficulty(candidates: SubsetChoice[], max: number): SubsetChoice[] {
  const chosen: SubsetChoice[] = []
  const rest: SubsetChoice[] = []
  const difficulties = new Set<number>()
  for (const candidate of candidates) {
    if (chosen.length < max && !difficulties.has(candidate.facts)) {
      difficulties.add(candidate.facts)
      chosen.push(candidate)
    } else rest.push(candidate)
  }
  for (const candidate of rest) {
    if (chosen.length >= max) break
    chosen.push(candidate)
  }
  return chosen
}

function easiestFirst(a: SubsetChoice, b: SubsetChoice): number {
  if (a.facts !== b.facts) return a.facts - b.facts
  for (let i = 0; i < Math.min(a.groups.length, b.groups.length); i++) {
    if (a.groups[i] !== b.groups[i]) return a.groups[i] - b.groups[i]
  }
  return a.groups.length - b.groups.length
}

/** A 48-bit generator seed from the user's seed and the task's key. */
function seedFor(seed: number, key: string): number {
  return createHash('sha256').update(`decompose\0${seed}\0${key}`).digest().readUIntBE(0, 6)
}
