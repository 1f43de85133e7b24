// The news site's tasks, drawn in a fixed order from the site's task RNG.
import {rngFor} from '../../../random-pick.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import type {NewsModel, NewsState} from '../types.js'
import {constrainedSearchTask} from './constrained-search.js'
import {cookieTask} from './cookies.js'
import {factLookupTask} from './fact-lookup.js'
import {mostReadTask} from './most-read.js'
import {newsletterTask} from './newsletter.js'
import {premiumTask} from './premium.js'

export function makeTasks(site: SiteInfo, model: NewsModel): FixtureTaskDef<NewsState>[] {
  const rng = rngFor(site, 'tasks')
  const tasks: FixtureTaskDef<NewsState>[] = [factLookupTask(site, model, rng), mostReadTask(site, model)]
  const search = constrainedSearchTask(site, model, rng)
  if (search) tasks.push(search)
  const premium = premiumTask(site, model, rng)
  if (premium) tasks.push(premium)
  tasks.push(newsletterTask(site, model, rng), cookieTask(site, rng))
  return tasks
}
