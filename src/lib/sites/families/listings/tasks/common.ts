// Helpers shared by listings tasks: search and filter steps, lookup tasks and the phrasing of filters.
import type {SolutionStep, Target} from '../../../../schema/solution.js'
import type {FactDef, FixtureTaskDef} from '../../../types.js'
import {dollars} from '../format.js'
import type {Area, Listing, ListingsModel, ListingsState, RangeOption, TypeOption} from '../types.js'

const searchBox: Target = {selector: 'form.header-search input[name="q"]', description: 'the search box in the header'}
const titleLink = (l: Listing): Target => ({
  selector: `a.listing-title[data-listing="${l.id}"]`,
  description: `the result "${l.kind === 'jobs' ? l.title : l.address}"`,
})
const mapArea = (area: Area): Target => ({
  selector: `svg.area-map a.map-area[data-area="${area.id}"]`,
  description: `the ${area.name} area on the map`,
})

function searchTerms(l: Listing): string {
  return l.kind === 'jobs' ? `${l.title} ${l.company}` : l.address
}

export function openListing(l: Listing): SolutionStep[] {
  return [
    {op: 'type', target: searchBox, text: searchTerms(l), submit: true},
    {op: 'click', target: titleLink(l)},
  ]
}

export function lookupTask(
  key: string,
  intent: string,
  facts: FactDef<ListingsState>[],
  description: string,
  listing: Listing,
  reference: string,
): FixtureTaskDef<ListingsState> {
  return {
    key,
    kind: 'lookup',
    intent,
    groups: [{description, facts}],
    referenceAnswer: reference,
    solution: [...openListing(listing), {op: 'answer', text: reference}],
  }
}

export function rangePhrase(model: ListingsModel, range: RangeOption): string {
  if (model.kind === 'jobs') return `a starting salary of at least ${dollars(range.min)}`
  const what = model.market === 'sale' ? 'an asking price' : 'a monthly rent'
  if (range.min === 0) return `${what} under ${dollars(range.max)}`
  if (range.max === Number.POSITIVE_INFINITY) return `${what} over ${dollars(range.min)}`
  return `${what} between ${dollars(range.min)} and ${dollars(range.max)}`
}

export function typePhrase(model: ListingsModel, type: TypeOption): string {
  return model.kind === 'jobs'
    ? `${type.label.toLowerCase()} job`
    : `home with at least ${type.id} ${type.id === '1' ? 'bedroom' : 'bedrooms'}`
}

export function chipSteps(area: Area, type: TypeOption, range?: RangeOption): SolutionStep[] {
  const steps: SolutionStep[] = [
    {op: 'click', target: mapArea(area)},
    {
      op: 'click',
      target: {selector: `a.chip-type[data-type="${type.id}"]`, description: `the "${type.label}" filter chip`},
    },
  ]
  if (range)
    steps.push({
      op: 'click',
      target: {selector: `a.chip-range[data-range="${range.id}"]`, description: `the "${range.label}" filter chip`},
    })
  return steps
}
