// Search task: the member of a category with the highest or lowest value, found by sorting the category.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import type {SolutionStep} from '../../../../schema/solution.js'
import {pick} from '../../../random-pick.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import {fact} from '../checks.js'
import {imageName} from '../format.js'
import {COLUMN_LABELS, KIND_LABELS} from '../labels.js'
import {articleBySlug, row, sortedMembers} from '../lookups.js'
import type {EncyclopediaModel, EncyclopediaState} from '../types.js'
import {nounFor, possessive} from './common.js'

const SUPERLATIVES: Record<string, [high: string, low: string]> = {
  founded: ['latest', 'earliest'],
  born: ['latest', 'earliest'],
  died: ['latest', 'earliest'],
  year: ['latest', 'earliest'],
  length: ['longest', 'shortest'],
  area: ['largest', 'smallest'],
  basin: ['largest', 'smallest'],
  weight: ['greatest', 'smallest'],
}

export function categoryTask(
  site: SiteInfo,
  model: EncyclopediaModel,
  rng: SeededRandom,
): FixtureTaskDef<EncyclopediaState> | null {
  const options = model.categories.flatMap((cat) =>
    cat.columns.flatMap((key) => {
      const members = cat.members.map((slug) => articleBySlug(model, slug)!)
      if (members.length < 3 || members.some((m) => row(m, key)?.num === undefined)) return []
      return (['desc', 'asc'] as const).flatMap((dir) => {
        const sorted = sortedMembers(model, cat, key, dir)
        if (row(sorted[0]!, key)!.num === row(sorted[1]!, key)!.num) return []
        const other = cat.columns.find((c) => c !== key && row(sorted[0]!, c)?.num !== undefined)
        return other ? [{cat, key, dir, best: sorted[0]!, other}] : []
      })
    }),
  )
  if (options.length === 0) return null
  const {cat, key, dir, best, other} = pick(rng, options)
  const kindOf = cat.kind
  const metric = nounFor(kindOf, key, COLUMN_LABELS[key] ?? key)
  const otherLabel = nounFor(kindOf, other, COLUMN_LABELS[other] ?? other)
  const [high, low] = SUPERLATIVES[key] ?? ['highest', 'lowest']
  const extreme = dir === 'desc' ? high : low
  const value = row(best, key)!
  const second = row(best, other)!
  const answer = `${best.title}: ${metric} ${value.text}, ${otherLabel} ${second.text}`
  const sortStep: SolutionStep = {
    op: 'click',
    target: {selector: `a.sort-link[data-sort="${key}"]`, description: `the "${COLUMN_LABELS[key]}" sort link`},
  }
  return {
    key: `category-${imageName(cat.name)}-${key}-${dir}`,
    kind: 'search',
    intent: `On ${site.name}, open the category "${cat.name}". Which of its ${KIND_LABELS[cat.kind].many} has the ${extreme} ${metric}? Give ${possessive(cat.kind)} name, that ${metric}, and ${possessive(cat.kind)} ${otherLabel}.`,
    groups: [
      {
        description: `The ${KIND_LABELS[cat.kind].one} with the ${extreme} ${metric}`,
        facts: [
          fact(`The answer names ${best.title}`, best.title),
          fact(`The answer gives its ${metric} as ${value.text}`, value.value),
        ],
      },
      {
        description: `A further detail`,
        facts: [fact(`The answer gives its ${otherLabel} as ${second.text}`, second.value)],
      },
    ],
    referenceAnswer: answer,
    solution: [
      {
        op: 'click',
        target: {
          selector: 'nav.main-nav a[href="/categories"]',
          description: 'the "Categories" link in the navigation',
        },
      },
      {
        op: 'click',
        target: {selector: `a.category-link[data-category="${cat.slug}"]`, description: `the category "${cat.name}"`},
      },
      sortStep,
      ...(dir === 'asc' ? [sortStep] : []),
      {op: 'answer', text: answer},
    ],
  }
}
