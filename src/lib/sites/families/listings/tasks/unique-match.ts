// Search: the one listing in an area that matches a range and a type chip.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {pick} from '../../../random-pick.js'
import type {FactGroupDef, FixtureTaskDef, SiteInfo} from '../../../types.js'
import {answerFact, namedFact, namesFact, typeFact} from '../checks.js'
import {dollars, inRange, priceText, salaryText, typeMatches} from '../format.js'
import {termsFor} from '../terms.js'
import type {Area, Listing, ListingsModel, ListingsState, RangeOption, TypeOption} from '../types.js'
import {chipSteps, rangePhrase, typePhrase} from './common.js'

/** The one listing in an area that also matches a range and a type chip; every filter is needed to single it out. */
export function uniqueMatchTask(
  site: SiteInfo,
  model: ListingsModel,
  rng: SeededRandom,
): FixtureTaskDef<ListingsState> | undefined {
  const options: {area: Area; range: RangeOption; type: TypeOption; hit: Listing}[] = []
  for (const area of model.areas) {
    const inArea = model.listings.filter((l) => l.areaId === area.id)
    for (const range of model.ranges)
      for (const type of model.types) {
        const hits = inArea.filter((l) => inRange(l, range) && typeMatches(l, type.id))
        if (
          hits.length === 1 &&
          inArea.filter((l) => typeMatches(l, type.id)).length >= 2 &&
          inArea.filter((l) => inRange(l, range)).length >= 2
        )
          options.push({area, range, type, hit: hits[0]})
      }
  }
  if (options.length === 0) return undefined
  const {area, range, type, hit} = pick(rng, options)
  const terms = termsFor(model)
  const constraints: FactGroupDef<ListingsState> = {
    description: `The ${terms.one} meets every constraint`,
    facts: [
      namedFact(model, `The ${terms.one} named is in ${area.name}`, (l) => l.areaId === area.id),
      typeFact(model, type),
      namedFact(model, `The ${terms.one} named has ${rangePhrase(model, range)}`, (l) => inRange(l, range)),
    ],
  }
  if (hit.kind === 'jobs') {
    const reference = `${hit.title} at ${hit.company}, ${salaryText(hit)}`
    return {
      key: `match-${hit.id}`,
      kind: 'search',
      intent: `On ${site.name}, find the ${typePhrase(model, type)} in the ${area.name} region with ${rangePhrase(model, range)}. Give the job title, the company and the salary range.`,
      groups: [
        constraints,
        {
          description: 'It is the only such job',
          facts: [
            namesFact(model, hit),
            answerFact(`The answer gives the lower end ${dollars(hit.salaryMin)}`, dollars(hit.salaryMin)),
            answerFact(`The answer gives the upper end ${dollars(hit.salaryMax)}`, dollars(hit.salaryMax)),
          ],
        },
      ],
      referenceAnswer: reference,
      solution: [...chipSteps(area, type, range), {op: 'answer', text: reference}],
    }
  }
  const reference = `${hit.address}, ${priceText(hit, model.market)}, ${hit.size} m²`
  return {
    key: `match-${hit.id}`,
    kind: 'search',
    intent: `On ${site.name}, find the ${typePhrase(model, type)} in ${area.name} with ${rangePhrase(model, range)}. Give its address, its ${model.market === 'sale' ? 'asking price' : 'monthly rent'} and its living area.`,
    groups: [
      constraints,
      {
        description: 'It is the only such home',
        facts: [
          namesFact(model, hit),
          answerFact(
            `The answer gives the ${model.market === 'sale' ? 'price' : 'rent'} ${dollars(hit.price)}`,
            dollars(hit.price),
          ),
          answerFact(`The answer gives the living area ${hit.size} m²`, hit.size),
        ],
      },
    ],
    referenceAnswer: reference,
    solution: [...chipSteps(area, type, range), {op: 'answer', text: reference}],
  }
}
