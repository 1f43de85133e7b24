// The portal's tasks, drawn in a fixed order from the site's task RNG.
import {rngFor} from '../../../random-pick.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import type {PortalModel, PortalState} from '../types.js'
import {applicationTask} from './application.js'
import {bookingTask} from './booking.js'
import {documentsTask} from './documents.js'
import {feeTask} from './fee.js'
import {officeTask} from './office.js'
import {slowestServiceTask} from './slowest.js'

export function makeTasks(site: SiteInfo, model: PortalModel): FixtureTaskDef<PortalState>[] {
  const rng = rngFor(site, 'tasks')
  const tasks: FixtureTaskDef<PortalState>[] = [feeTask(site, model, rng), documentsTask(site, model, rng)]
  const slowest = slowestServiceTask(site, model, rng)
  if (slowest) tasks.push(slowest)
  tasks.push(officeTask(site, model, rng), bookingTask(site, model, rng), applicationTask(site, model, rng))
  return tasks
}
