// State: three listings saved, and nothing else.
import type {SolutionStep} from '../../../../schema/solution.js'
import type {FactDef, FixtureTaskDef, SiteInfo} from '../../../types.js'
import {listingName} from '../format.js'
import {termsFor} from '../terms.js'
import type {Listing, ListingsModel, ListingsState} from '../types.js'
import {openListing} from './common.js'

export function saveTask(site: SiteInfo, model: ListingsModel, chosen: Listing[]): FixtureTaskDef<ListingsState> {
  const terms = termsFor(model)
  const names = chosen.map(listingName)
  const savedFact = (l: Listing): FactDef<ListingsState> => ({
    text: `The ${listingName(l)} ${terms.one} is saved`,
    check: ({state}) => state.saved.includes(l.id),
  })
  const listText =
    model.kind === 'jobs'
      ? names.map((n) => `the ${n} job`).join('; ')
      : names.map((n) => `the home at ${n}`).join('; ')
  return {
    key: `save-${chosen.map((l) => l.id).join('-')}`,
    kind: 'state',
    intent: `On ${site.name}, save these three ${terms.many} to your saved list, and nothing else: ${listText}.`,
    groups: [
      {description: `The three ${terms.many} are saved`, facts: chosen.map(savedFact)},
      {
        description: 'Nothing else is saved',
        facts: [{text: `Exactly three ${terms.many} are saved`, check: ({state}) => state.saved.length === 3}],
      },
    ],
    referenceAnswer: null,
    solution: chosen.flatMap((l): SolutionStep[] => [
      ...openListing(l),
      {op: 'click', target: {selector: 'button.save-listing', description: `the "Save this ${terms.one}" button`}},
    ]),
  }
}
