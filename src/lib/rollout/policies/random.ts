import {SeededRandom} from '../../random/seeded-random.js'
import {SCROLL_DIRECTIONS, type Action} from '../../schema/action.js'
import {unreachable} from '../../unreachable.js'
import type {EpisodePolicy, Policy} from '../policy.js'

const WORDS = ['laptop', 'paris', 'chicken', 'apply', 'news', 'cheap', 'berlin', 'science', '2 bedrooms', 'weather']

/** The kinds of action that act on the page, which the random policy draws from. */
export const RANDOM_ACTION_KINDS = ['left_click', 'type', 'scroll', 'go_back'] as const
export type RandomActionKind = (typeof RANDOM_ACTION_KINDS)[number]

/** A random action of the given kinds (default all): a click, typing into what is at a point, a scroll, or back. */
export function randomAction(random: SeededRandom, kinds: readonly RandomActionKind[] = RANDOM_ACTION_KINDS): Action {
  const point = (): [number, number] => [random.below(1001), random.below(1001)]
  const kind = kinds[random.below(kinds.length)] ?? 'go_back'
  switch (kind) {
    case 'left_click':
      return {name: 'left_click', coordinate: point()}
    case 'type':
      return {name: 'type', coordinate: point(), text: WORDS[random.below(WORDS.length)]!}
    case 'scroll':
      return {
        name: 'scroll',
        coordinate: point(),
        direction: SCROLL_DIRECTIONS[random.below(SCROLL_DIRECTIONS.length)]!,
      }
    case 'go_back':
      return {name: 'go_back'}
  }
  return unreachable(kind, 'random action kind')
}

/**
 * Uniformly random actions, seeded per task: the baseline, and the way to measure raw throughput. It never waits,
 * leaves the site by URL or answers, so an episode ends at the horizon, or as stuck when it happens to repeat an
 * action that changes nothing (a go_back with no history, say).
 */
export class RandomPolicy implements Policy {
  readonly name = 'random'
  readonly model = null
  readonly promptVersion = null
  readonly version = 'random-v1'
  readonly remote = false

  /** `kinds`: the action kinds drawn from, e.g. left_click alone to time what a bare click loop does. */
  constructor(private readonly kinds: readonly RandomActionKind[] = RANDOM_ACTION_KINDS) {}

  begin(_task: unknown, seed: number): EpisodePolicy {
    const random = new SeededRandom(seed)
    return {next: async () => ({response: null, action: randomAction(random, this.kinds), memory: null, error: null})}
  }
}
