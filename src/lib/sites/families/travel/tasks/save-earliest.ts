// Easy state: save the earliest direct departure of a day.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import {clock, shortDate} from '../dates.js'
import {capitalise} from '../format.js'
import {modeOf} from '../model.js'
import {tripsFor} from '../timetable.js'
import type {TravelModel, TravelState} from '../types.js'
import {directFilterStep, findJourney, journeyWords, searchSteps, sortStep} from './common.js'

/** Easy state: save the earliest direct departure of a day. */
export function saveEarliestTask(site: SiteInfo, model: TravelModel, rng: SeededRandom): FixtureTaskDef<TravelState> {
  const mode = modeOf(model)
  const {journey, trip} = findJourney(rng, model, (journey, strict) => {
    const trips = tripsFor(model, journey.from, journey.to, journey.date)
    const direct = trips.filter((t) => t.via.length === 0)
    const trip = direct[0]
    if (!trip || direct.length < 2 || direct[1]!.depart === trip.depart || (strict && trips[0]!.via.length === 0))
      return undefined
    return {journey, trip}
  })
  const prefix = trip.id.replace(/-\d+$/, '-')
  return {
    key: `save-${trip.id}`,
    kind: 'state',
    intent: `On ${site.name}, save the earliest ${mode.direct.toLowerCase()} ${mode.noun} ${journeyWords(model, journey)} to your saved trips.`,
    groups: [
      {
        description: 'The saved trip',
        facts: [
          {
            text: `A ${mode.noun} from ${journey.from.name} to ${journey.to.name} on ${shortDate(journey.date)} is saved`,
            check: ({state}) => state.saved.some((id) => id.startsWith(prefix)),
          },
          {
            text: `${capitalise(mode.noun)} ${trip.number} at ${clock(trip.depart)}, the earliest ${mode.direct.toLowerCase()} one, is saved`,
            check: ({state}) => state.saved.includes(trip.id),
          },
        ],
      },
    ],
    referenceAnswer: null,
    solution: [
      ...searchSteps(model, journey, {adults: 1, children: 0, cabin: mode.cabins[0]!}),
      directFilterStep(mode),
      sortStep('departure'),
      {
        op: 'click',
        target: {
          selector: `button.save-trip[data-trip="${trip.id}"]`,
          description: `the "Save" button of ${mode.noun} ${trip.number}`,
        },
      },
    ],
  }
}
