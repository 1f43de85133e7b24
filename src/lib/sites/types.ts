import type {SeededRandom} from '../random/seeded-random.js'
import type {SolutionStep} from '../schema/solution.js'
import type {Theme} from './theme.js'

/** One website of the fixture web: a family's variant under its own `<slug>.webgym.test` host name. */
export interface SiteInfo {
  /** Host name, e.g. `northwind-outfitters.webgym.test`. */
  host: string
  /** The label before `.webgym.test`. */
  slug: string
  /** The brand shown on the site. */
  name: string
  family: string
  /** Index of this variant within its family. */
  variant: number
  /** Seed of this site's content (derived from the server seed, the family and the variant). */
  seed: number
  theme: Theme
}

/** A request as a family's handler sees it. */
export interface SiteRequest {
  method: string
  /** Path without the query, e.g. `/product/12`. */
  path: string
  query: URLSearchParams
  /** Form fields of a POST (urlencoded), empty otherwise. */
  form: URLSearchParams
}

export interface SiteReply {
  status: number
  body: string
  /** Content type; `text/html; charset=utf-8` when absent. */
  type?: string
  headers?: Record<string, string>
}

/** What a fact's check sees: this browser session's state on the task's site, and the agent's final answer. */
export interface CheckInput<State> {
  state: State
  /** The agent's final answer, or null when it gave none. */
  answer: string | null
}

export interface FactDef<State> {
  /** The fact as written in the rubric. */
  text: string
  check: (input: CheckInput<State>) => boolean
}

export interface FactGroupDef<State> {
  description: string
  facts: FactDef<State>[]
}

export type TaskKind = 'lookup' | 'search' | 'form' | 'state'

/** A task on one site: its intent, rubric with a programmatic check per fact, and a reference solution. */
export interface FixtureTaskDef<State> {
  /** Unique within the site, e.g. `price-3`; the task id is `fixture:<slug>/<key>`. */
  key: string
  kind: TaskKind
  intent: string
  /** Where the episode starts; `/` when absent. */
  startPath?: string
  groups: FactGroupDef<State>[]
  referenceAnswer: string | null
  solution: SolutionStep[]
}

/** A family of sites: how one variant's content is made, served and tasked. */
export interface SiteFamily<Model = unknown, State = unknown> {
  id: string
  /** WebGym domain and subdomain of this family's tasks (a variant may override through `classify`). */
  domain: string
  subdomain: string
  /** Words that brand names of this family are built from. */
  brandWords: {first: readonly string[]; second: readonly string[]}
  /** Builds a variant's content, deterministically from `rng`. */
  model: (site: SiteInfo, rng: SeededRandom) => Model
  /** A fresh browser session's state on this site. */
  initialState: () => State
  handle: (request: SiteRequest, context: SiteContext<Model, State>) => SiteReply | Promise<SiteReply>
  /** The site's tasks; deterministic for the model. */
  tasks: (site: SiteInfo, model: Model) => FixtureTaskDef<State>[]
  /** Optional per-variant taxonomy, e.g. an encyclopedia about science. */
  classify?: (site: SiteInfo, model: Model) => {domain: string; subdomain: string}
}

export interface SiteContext<Model, State> {
  site: SiteInfo
  model: Model
  /** This browser session's state on this site; mutate it in place. */
  state: State
}
