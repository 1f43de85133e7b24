// Helpers shared by travel tasks: journeys, search steps, filter and sort steps.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import type {SolutionStep, Target} from '../../../../schema/solution.js'
import {between, sample} from '../../../random-pick.js'
import {SORTS} from '../data.js'
import {addDays, longDate, monthsBetween, parts} from '../dates.js'
import {modeOf} from '../model.js'
import type {Cabin, City, Mode, SortId, TravelModel, Trip} from '../types.js'

interface Journey {
  from: City
  to: City
  date: string
}

const originField: Target = {selector: '#origin', description: 'the "From" field'}
const destinationField: Target = {selector: '#destination', description: 'the "To" field'}

export function searchSteps(
  model: TravelModel,
  journey: Journey,
  party: {adults: number; children: number; cabin: Cabin},
): SolutionStep[] {
  const steps: SolutionStep[] = [
    {op: 'type', target: originField, text: journey.from.name},
    {op: 'type', target: destinationField, text: journey.to.name},
    {op: 'click', target: {selector: 'button.date-field', description: 'the departure date field'}},
  ]
  for (let i = 0; i < monthsBetween(model.defaultDate, journey.date); i++)
    steps.push({
      op: 'click',
      target: {selector: 'button.cal-next', description: 'the "next month" arrow of the calendar'},
    })
  steps.push({
    op: 'click',
    target: {
      selector: `button.cal-day[data-date="${journey.date}"]`,
      description: `day ${parts(journey.date).day} in the calendar`,
    },
  })
  for (let i = 1; i < party.adults; i++)
    steps.push({
      op: 'click',
      target: {selector: '.stepper[data-field="adults"] .step-plus', description: 'the "+" button for adults'},
    })
  for (let i = 0; i < party.children; i++)
    steps.push({
      op: 'click',
      target: {selector: '.stepper[data-field="children"] .step-plus', description: 'the "+" button for children'},
    })
  if (party.cabin.id !== modeOf(model).cabins[0]!.id)
    steps.push({
      op: 'click',
      target: {selector: `label[for="cabin-${party.cabin.id}"]`, description: `the "${party.cabin.label}" option`},
    })
  steps.push({op: 'click', target: {selector: 'button.search-submit', description: 'the Search button'}})
  return steps
}

export function directFilterStep(mode: Mode): SolutionStep {
  return {
    op: 'click',
    target: {selector: 'a.filter-stops[data-stops="0"]', description: `the "${mode.direct} only" filter`},
  }
}

export function sortStep(sort: SortId): SolutionStep {
  return {
    op: 'click',
    target: {
      selector: `a.sort-option[data-sort="${sort}"]`,
      description: `the "${SORTS.find((s) => s.id === sort)!.label}" sort option`,
    },
  }
}

export function randomJourney(rng: SeededRandom, model: TravelModel): Journey {
  const [from, to] = sample(rng, model.cities, 2) as [City, City]
  return {from, to, date: addDays(model.today, between(rng, 12, 80))}
}

/** The trip with the lowest price, when no other trip costs the same. */
export function uniqueCheapest(trips: Trip[], priceOf: (trip: Trip) => number): Trip | undefined {
  const sorted = [...trips].sort((a, b) => priceOf(a) - priceOf(b))
  if (sorted.length === 0 || (sorted.length > 1 && priceOf(sorted[0]!) === priceOf(sorted[1]!))) return undefined
  return sorted[0]
}

/** Tries journeys until `find` accepts one; the strict pass first (filters must matter), then a lenient one. */
export function findJourney<T>(
  rng: SeededRandom,
  model: TravelModel,
  find: (journey: Journey, strict: boolean) => T | undefined,
): T {
  for (let attempt = 0; attempt < 400; attempt++) {
    const found = find(randomJourney(rng, model), attempt < 200)
    if (found !== undefined) return found
  }
  throw new Error('travel: no journey fits the task')
}

export function journeyWords(model: TravelModel, journey: Journey): string {
  return `from ${journey.from.name} to ${journey.to.name} on ${longDate(journey.date)}`
}
