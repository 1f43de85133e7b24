// Medium search: the cheapest direct departure in a time window, for a party in a higher cabin.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {answerMentions} from '../../../check-helpers.js'
import {pick} from '../../../random-pick.js'
import type {CheckInput, FixtureTaskDef, SiteInfo} from '../../../types.js'
import {mentionsCode, mentionsTime} from '../checks.js'
import {TIME_WINDOWS} from '../data.js'
import {clock, windowOf} from '../dates.js'
import {money, passengerSummary} from '../format.js'
import {modeOf} from '../model.js'
import {adultPrice, partyPrice, tripsFor} from '../timetable.js'
import type {TravelModel, TravelState, Trip} from '../types.js'
import {directFilterStep, findJourney, journeyWords, searchSteps, sortStep, uniqueCheapest} from './common.js'

/** Medium search: the cheapest direct departure in a time window, for a party in a higher cabin. */
export function constrainedSearchTask(
  site: SiteInfo,
  model: TravelModel,
  rng: SeededRandom,
): FixtureTaskDef<TravelState> {
  const mode = modeOf(model)
  const cabin = pick(rng, mode.cabins.slice(1))
  const party = pick(rng, [
    {adults: 2, children: 1},
    {adults: 1, children: 1},
    {adults: 2, children: 2},
    {adults: 3, children: 0},
  ])
  const found = findJourney(rng, model, (journey, strict) => {
    const trips = tripsFor(model, journey.from, journey.to, journey.date)
    const window = pick(rng, TIME_WINDOWS.slice(1))
    const fits = (t: Trip) => t.via.length === 0 && windowOf(t.depart) === window.id
    const candidates = trips.filter(fits)
    const trip = candidates.length >= 2 ? uniqueCheapest(candidates, (t) => adultPrice(t, cabin, 'basic')) : undefined
    if (!trip || (strict && !trips.some((t) => !fits(t) && t.basePrice < trip.basePrice))) return undefined
    return {journey, trip, window, trips}
  })
  const {journey, trip, window, trips} = found
  const total = money(model, partyPrice(trip, cabin, 'basic', party.adults, party.children))
  const who = passengerSummary(party.adults, party.children)
  const answer = `${trip.number} at ${clock(trip.depart)}, ${total} in total`
  const named =
    (test: (t: Trip) => boolean) =>
    ({answer}: CheckInput<TravelState>) =>
      trips.some((t) => mentionsCode(answer, t.number) && test(t))
  return {
    key: `search-${trip.id}-${cabin.id}`,
    kind: 'search',
    intent: `On ${site.name}, find the cheapest ${mode.direct.toLowerCase()} ${mode.noun} ${journeyWords(model, journey)} that departs in the ${window.label.toLowerCase()} (${clock(window.from)}–${clock(window.to)}), for ${who} in ${cabin.phrase}. Give its ${mode.noun} number, its departure time and the total price for all travellers.`,
    groups: [
      {
        description: `The ${mode.noun} meets every constraint`,
        facts: [
          {text: `The ${mode.noun} named is ${mode.direct.toLowerCase()}`, check: named((t) => t.via.length === 0)},
          {
            text: `The ${mode.noun} named departs between ${clock(window.from)} and ${clock(window.to)}`,
            check: named((t) => windowOf(t.depart) === window.id),
          },
        ],
      },
      {
        description: 'It is the cheapest such departure',
        facts: [
          {
            text: `The answer names ${mode.noun} ${trip.number}`,
            check: ({answer}) => mentionsCode(answer, trip.number),
          },
          {
            text: `The answer gives the departure time ${clock(trip.depart)}`,
            check: ({answer}) => mentionsTime(answer, trip.depart),
          },
          {
            text: `The answer gives the total ${total} for ${who} in ${cabin.label}`,
            check: ({answer}) => answerMentions(answer, total),
          },
        ],
      },
    ],
    referenceAnswer: answer,
    solution: [
      ...searchSteps(model, journey, {...party, cabin}),
      directFilterStep(mode),
      {
        op: 'click',
        target: {
          selector: `a.filter-time[data-time="${window.id}"]`,
          description: `the "${window.label}" departure time filter`,
        },
      },
      sortStep('price'),
      {op: 'answer', text: answer},
    ],
  }
}
