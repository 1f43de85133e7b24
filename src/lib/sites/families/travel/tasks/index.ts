// The travel site's tasks, drawn from one seeded RNG in a fixed order.
import {rngFor} from '../../../random-pick.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import type {TravelModel, TravelState} from '../types.js'
import {bookingTask} from './booking.js'
import {cheapestDirectTask} from './cheapest-direct.js'
import {constrainedSearchTask} from './constrained-search.js'
import {fareRulesTask} from './fare-rules.js'
import {saveEarliestTask} from './save-earliest.js'

export function makeTasks(site: SiteInfo, model: TravelModel): FixtureTaskDef<TravelState>[] {
  const rng = rngFor(site, 'tasks')
  return [
    cheapestDirectTask(site, model, rng),
    fareRulesTask(site, model, rng),
    constrainedSearchTask(site, model, rng),
    bookingTask(site, model, rng),
    saveEarliestTask(site, model, rng),
  ]
}
