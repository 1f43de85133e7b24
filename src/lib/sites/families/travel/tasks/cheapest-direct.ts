// Easy lookup: the cheapest direct departure's price and time.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {answerMentions} from '../../../check-helpers.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import {mentionsTime} from '../checks.js'
import {clock} from '../dates.js'
import {money} from '../format.js'
import {modeOf} from '../model.js'
import {adultPrice, tripsFor} from '../timetable.js'
import type {TravelModel, TravelState} from '../types.js'
import {directFilterStep, findJourney, journeyWords, searchSteps, sortStep, uniqueCheapest} from './common.js'

/** Easy lookup: the cheapest direct departure's price and time. */
export function cheapestDirectTask(site: SiteInfo, model: TravelModel, rng: SeededRandom): FixtureTaskDef<TravelState> {
  const mode = modeOf(model)
  const cabin = mode.cabins[0]!
  const {journey, trip} = findJourney(rng, model, (journey, strict) => {
    const trips = tripsFor(model, journey.from, journey.to, journey.date)
    const direct = trips.filter((t) => t.via.length === 0)
    const trip = direct.length >= 2 ? uniqueCheapest(direct, (t) => adultPrice(t, cabin, 'basic')) : undefined
    if (!trip || (strict && !trips.some((t) => t.basePrice < trip.basePrice))) return undefined
    return {journey, trip}
  })
  const price = money(model, adultPrice(trip, cabin, 'basic'))
  const answer = `${price}, departing at ${clock(trip.depart)} (${trip.number})`
  return {
    key: `cheapest-direct-${trip.id}`,
    kind: 'lookup',
    intent: `On ${site.name}, what is the lowest price for one adult on a ${mode.direct.toLowerCase()} ${mode.noun} ${journeyWords(model, journey)} in ${cabin.phrase}, and at what time does that ${mode.noun} depart?`,
    groups: [
      {
        description: `The cheapest ${mode.direct.toLowerCase()} ${mode.noun}`,
        facts: [
          {text: `The answer gives the price ${price}`, check: ({answer}) => answerMentions(answer, price)},
          {
            text: `The answer gives the departure time ${clock(trip.depart)}`,
            check: ({answer}) => mentionsTime(answer, trip.depart),
          },
        ],
      },
    ],
    referenceAnswer: answer,
    solution: [
      ...searchSteps(model, journey, {adults: 1, children: 0, cabin}),
      directFilterStep(mode),
      sortStep('price'),
      {op: 'answer', text: answer},
    ],
  }
}
