import {SeededRandom} from '../random/seeded-random.js'
import type {TaskInput} from '../schema/task.js'
import {countFacts, levelForDifficulty} from '../schema/level.js'
import {FAMILIES} from './families/index.js'
import {hashString, shuffle} from './random-pick.js'
import {slugify} from './slug.js'
import {themeFor} from './theme.js'

export {slugify} from './slug.js'
import type {FixtureTaskDef, SiteFamily, SiteInfo} from './types.js'
import {rubricOf} from './task-rubric.js'

export const FIXTURE_DOMAIN = 'webgym.test'
export const FIXTURE_SOURCE = 'fixture'

/** True for a URL on the fixture web (`<site>.webgym.test`). */
export function isFixtureUrl(url: string | null | undefined): boolean {
  if (!url) return false
  try {
    const host = new URL(url).hostname.toLowerCase()
    return host === FIXTURE_DOMAIN || host.endsWith(`.${FIXTURE_DOMAIN}`)
  } catch {
    return false
  }
}
export const DEFAULT_VARIANTS_PER_FAMILY = 32

export interface CatalogOptions {
  seed?: number
  /** Sites per family (default 32: 7 families, 224 host names). */
  variantsPerFamily?: number
  families?: readonly SiteFamily<any, any>[]
}

export interface TaskHandle {
  site: SiteInfo
  def: FixtureTaskDef<unknown>
}

/**
 * The fixture web for one seed: every site's host name, theme and (built on first use) content and tasks.
 * Building the list is cheap, so a server starts at once; a site's content is made when it is first visited.
 */
export class Catalog {
  readonly seed: number
  readonly sites: readonly SiteInfo[]
  private readonly hosts = new Map<string, SiteInfo>()
  private readonly families = new Map<string, SiteFamily<any, any>>()
  private readonly models = new Map<string, unknown>()
  private readonly taskDefs = new Map<string, FixtureTaskDef<unknown>[]>()

  constructor(options: CatalogOptions = {}) {
    this.seed = options.seed ?? 0
    const perFamily = options.variantsPerFamily ?? DEFAULT_VARIANTS_PER_FAMILY
    const sites: SiteInfo[] = []
    const slugs = new Set<string>()
    for (const family of options.families ?? FAMILIES) {
      this.families.set(family.id, family)
      const rng = new SeededRandom(hashString(`${this.seed}/${family.id}/names`))
      const names = brandNames(rng, family.brandWords)
      for (let variant = 0; variant < perFamily; variant++) {
        const name =
          names[variant % names.length]! + (variant >= names.length ? ` ${Math.floor(variant / names.length) + 1}` : '')
        let slug = slugify(name)
        while (slugs.has(slug)) slug = `${slug}-${family.id}`
        slugs.add(slug)
        const seed = hashString(`${this.seed}/${family.id}/${variant}`)
        const site: SiteInfo = {
          host: `${slug}.${FIXTURE_DOMAIN}`,
          slug,
          name,
          family: family.id,
          variant,
          seed,
          theme: themeFor(new SeededRandom(seed)),
        }
        sites.push(site)
        this.hosts.set(site.host, site)
      }
    }
    this.sites = sites
  }

  byHost(host: string): SiteInfo | undefined {
    return this.hosts.get(host.toLowerCase())
  }

  familyOf(site: SiteInfo): SiteFamily<any, any> {
    return this.families.get(site.family)!
  }

  modelOf(site: SiteInfo): unknown {
    let model = this.models.get(site.host)
    if (model === undefined) {
      model = this.familyOf(site).model(site, new SeededRandom(site.seed))
      this.models.set(site.host, model)
    }
    return model
  }

  tasksOf(site: SiteInfo): FixtureTaskDef<unknown>[] {
    let defs = this.taskDefs.get(site.host)
    if (defs === undefined) {
      defs = this.familyOf(site).tasks(site, this.modelOf(site))
      this.taskDefs.set(site.host, defs)
    }
    return defs
  }

  /** A task by its id (`fixture:<slug>/<key>`), or undefined. */
  task(id: string): TaskHandle | undefined {
    const match = /^fixture:([a-z0-9-]+)\/(.+)$/.exec(id)
    if (!match) return undefined
    const site = this.byHost(`${match[1]}.${FIXTURE_DOMAIN}`)
    if (!site) return undefined
    const def = this.tasksOf(site).find((task) => task.key === match[2])
    return def ? {site, def} : undefined
  }

  /** Every task as a Task record (the foundation's schema), site by site in catalog order. */
  *taskRecords(): Generator<TaskInput> {
    for (const site of this.sites) for (const def of this.tasksOf(site)) yield this.taskRecord(site, def)
  }

  taskRecord(site: SiteInfo, def: FixtureTaskDef<unknown>): TaskInput {
    const family = this.familyOf(site)
    const taxonomy = family.classify?.(site, this.modelOf(site)) ?? {domain: family.domain, subdomain: family.subdomain}
    const rubric = rubricOf(def.groups)
    const difficulty = countFacts(rubric)
    const id = taskId(site, def.key)
    return {
      id,
      source: FIXTURE_SOURCE,
      intent: def.intent,
      website: site.host,
      start_url: `http://${site.host}${def.startPath ?? '/'}`,
      reference_answer: def.referenceAnswer,
      domain: taxonomy.domain,
      subdomain: taxonomy.subdomain,
      rubric,
      difficulty,
      level: levelForDifficulty(difficulty),
      parent_id: null,
      meta: {
        family: site.family,
        kind: def.kind,
        fixture_seed: this.seed,
        solution: def.solution,
        check: {path: '/__webgym/check', task: id},
      },
    }
  }
}

export function taskId(site: SiteInfo, key: string): string {
  return `${FIXTURE_SOURCE}:${site.slug}/${key}`
}

function brandNames(rng: SeededRandom, words: {first: readonly string[]; second: readonly string[]}): string[] {
  const names: string[] = []
  for (const first of words.first) for (const second of words.second) names.push(`${first} ${second}`)
  return shuffle(rng, names)
}
