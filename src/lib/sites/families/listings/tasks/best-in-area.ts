// Search: the best-paid job of a type in an area, or the cheapest home with enough bedrooms in an area.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {pick} from '../../../random-pick.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import {answerFact, namedFact, namesFact, typeFact} from '../checks.js'
import {sortOptions, type SortId} from '../filters.js'
import {dollars, listingName, rangeValue, typeMatches} from '../format.js'
import {termsFor} from '../terms.js'
import type {Area, Listing, ListingsModel, ListingsState, TypeOption} from '../types.js'
import {chipSteps} from './common.js'

/** The best-paid job of a type in an area, or the cheapest home with enough bedrooms in an area: needs the sort. */
export function bestInAreaTask(
  site: SiteInfo,
  model: ListingsModel,
  rng: SeededRandom,
): FixtureTaskDef<ListingsState> | undefined {
  const jobs = model.kind === 'jobs'
  const options: {area: Area; type: TypeOption; best: Listing}[] = []
  for (const area of model.areas) {
    const inArea = model.listings.filter((l) => l.areaId === area.id)
    for (const type of model.types) {
      const hits = inArea
        .filter((l) => typeMatches(l, type.id))
        .sort((a, b) => (jobs ? rangeValue(b) - rangeValue(a) : rangeValue(a) - rangeValue(b)))
      if (hits.length >= 3 && hits.length < inArea.length && rangeValue(hits[0]) !== rangeValue(hits[1]))
        options.push({area, type, best: hits[0]})
    }
  }
  if (options.length === 0) return undefined
  const {area, type, best} = pick(rng, options)
  const sortId: SortId = jobs ? 'value-desc' : 'value-asc'
  const sortLabel = sortOptions(model).find((s) => s.id === sortId)!.label
  const value = dollars(rangeValue(best))
  const reference = `${listingName(best)}, ${jobs ? `starting at ${value}` : value}`
  const intent = jobs
    ? `On ${site.name}, which ${type.label.toLowerCase()} job in the ${area.name} region has the highest starting salary? Give the job title, the company and the starting salary.`
    : `On ${site.name}, what is the cheapest home in ${area.name} with at least ${type.id} ${type.id === '1' ? 'bedroom' : 'bedrooms'}? Give its address and ${model.market === 'sale' ? 'asking price' : 'monthly rent'}.`
  return {
    key: `best-${area.id}-${type.id}`,
    kind: 'search',
    intent,
    groups: [
      {
        description: 'The listing meets the constraints',
        facts: [
          namedFact(model, `The ${termsFor(model).one} named is in ${area.name}`, (l) => l.areaId === area.id),
          typeFact(model, type),
        ],
      },
      {
        description: jobs ? 'It pays the most' : 'It is the cheapest',
        facts: [
          namesFact(model, best),
          answerFact(
            `The answer gives the ${jobs ? 'starting salary' : model.market === 'sale' ? 'price' : 'rent'} ${value}`,
            value,
          ),
        ],
      },
    ],
    referenceAnswer: reference,
    solution: [
      ...chipSteps(area, type),
      {
        op: 'click',
        target: {selector: `a.sort-option[data-sort="${sortId}"]`, description: `the "${sortLabel}" sort option`},
      },
      {op: 'answer', text: reference},
    ],
  }
}
