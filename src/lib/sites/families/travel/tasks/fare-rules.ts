// Medium lookup: the luggage, change and refund rules of one fare of one departure.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {pick} from '../../../random-pick.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import {mentionsBagCount, mentionsChangeFee, mentionsRefund, mentionsWeight} from '../checks.js'
import {clock} from '../dates.js'
import {money, refundText} from '../format.js'
import {modeOf} from '../model.js'
import {fareOf, tripsFor} from '../timetable.js'
import type {TravelModel, TravelState} from '../types.js'
import {journeyWords, randomJourney, searchSteps} from './common.js'

/** Medium lookup: the luggage, change and refund rules of one fare of one departure. */
export function fareRulesTask(site: SiteInfo, model: TravelModel, rng: SeededRandom): FixtureTaskDef<TravelState> {
  const mode = modeOf(model)
  const cabin = mode.cabins[0]!
  const journey = randomJourney(rng, model)
  const trip = pick(rng, tripsFor(model, journey.from, journey.to, journey.date))
  const fare = fareOf(trip, pick(rng, ['standard', 'flex'] as const))
  const fee = fare.changeFee ?? 0
  const answer = `${fare.bags} ${fare.bags === 1 ? mode.bagNoun : mode.bagNouns} up to ${fare.bagKg} kg; ${fee === 0 ? 'changes are free' : `change fee ${money(model, fee)}`}; ${refundText(model, fare.refund).toLowerCase()}`
  return {
    key: `fare-rules-${trip.id}-${fare.id}`,
    kind: 'lookup',
    intent: `On ${site.name}, look up the ${fare.name} fare of ${trip.carrier.name} ${mode.noun} ${trip.number} ${journeyWords(model, journey)} (departing ${clock(trip.depart)}). How many ${mode.bagNouns} does it include and up to what weight each, what does a change cost, and can it be refunded?`,
    groups: [
      {
        description: 'Luggage allowance',
        facts: [
          {
            text: `The answer says ${fare.bags} ${fare.bags === 1 ? mode.bagNoun : mode.bagNouns} ${fare.bags === 1 ? 'is' : 'are'} included`,
            check: ({answer}) => mentionsBagCount(answer, fare.bags, fare.bagKg),
          },
          {
            text: `The answer gives the weight limit of ${fare.bagKg} kg`,
            check: ({answer}) => mentionsWeight(answer, fare.bagKg),
          },
        ],
      },
      {
        description: 'Changes and refunds',
        facts: [
          {
            text:
              fee === 0 ? 'The answer says changes are free' : `The answer gives the change fee ${money(model, fee)}`,
            check: ({answer}) => mentionsChangeFee(answer, model, fee),
          },
          {
            text: `The answer says the fare is ${refundText(model, fare.refund).toLowerCase()}`,
            check: ({answer}) => mentionsRefund(answer, model, fare.refund),
          },
        ],
      },
    ],
    referenceAnswer: answer,
    solution: [
      ...searchSteps(model, journey, {adults: 1, children: 0, cabin}),
      {
        op: 'click',
        target: {
          selector: `details.fares[data-trip="${trip.id}"] > summary`,
          description: `"Fare options and rules" of ${mode.noun} ${trip.number}`,
        },
      },
      {op: 'answer', text: answer},
    ],
  }
}
