// The encyclopedia's tasks, drawn in a fixed order from the site's task RNG.
import {rngFor} from '../../../random-pick.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import type {EncyclopediaModel, EncyclopediaState} from '../types.js'
import {categoryTask} from './category.js'
import {chainTask} from './chain.js'
import {compareTask} from './compare.js'
import {lookupTask} from './lookup.js'
import {reportTask} from './report.js'
import {reverseTask} from './reverse.js'
import {TOPIC_TASKS} from './spec.js'
import {watchTask} from './watch.js'

export function makeTasks(site: SiteInfo, model: EncyclopediaModel): FixtureTaskDef<EncyclopediaState>[] {
  const rng = rngFor(site, 'tasks')
  const spec = TOPIC_TASKS[model.topic]
  return [
    lookupTask(site, model, spec, rng),
    reverseTask(site, model, spec, rng),
    categoryTask(site, model, rng),
    compareTask(site, model, spec, rng),
    chainTask(site, model, spec, rng),
    reportTask(site, model, rng),
    watchTask(site, model, rng),
  ].filter((task): task is FixtureTaskDef<EncyclopediaState> => task !== null)
}
