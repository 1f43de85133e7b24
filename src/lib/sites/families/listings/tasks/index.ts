// The listings site's tasks, drawn from one seeded RNG in a fixed order.
import {rngFor, sample} from '../../../random-pick.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import type {ListingsModel, ListingsState} from '../types.js'
import {bestInAreaTask} from './best-in-area.js'
import {contactLookup, detailLookup} from './lookups.js'
import {requestTask} from './request.js'
import {saveTask} from './save.js'
import {uniqueMatchTask} from './unique-match.js'

export function makeTasks(site: SiteInfo, model: ListingsModel): FixtureTaskDef<ListingsState>[] {
  const rng = rngFor(site, 'tasks')
  const picks = sample(rng, model.listings, 6)
  const tasks: FixtureTaskDef<ListingsState>[] = [detailLookup(site, picks[0]), contactLookup(site, picks[1])]
  const unique = uniqueMatchTask(site, model, rng)
  if (unique) tasks.push(unique)
  const top = bestInAreaTask(site, model, rng)
  if (top) tasks.push(top)
  tasks.push(saveTask(site, model, [picks[2], picks[3], picks[4]]))
  tasks.push(requestTask(site, model, picks[5], rng))
  return tasks
}
