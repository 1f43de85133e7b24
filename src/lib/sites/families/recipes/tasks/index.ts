// The recipe site's tasks, drawn in a fixed order from the site's task RNG.
import {rngFor, shuffle} from '../../../random-pick.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import type {Recipe, RecipesModel, RecipesState} from '../types.js'
import {amountTask} from './amount.js'
import {boxAndReviewTask} from './box-review.js'
import {askable} from './common.js'
import {factsTask} from './recipe-facts.js'
import {metricTask, pickScaled, scaleTask} from './scaled.js'
import {bestWithConstraints, searchTask} from './search.js'

export function makeTasks(site: SiteInfo, model: RecipesModel): FixtureTaskDef<RecipesState>[] {
  const rng = rngFor(site, 'tasks')
  const order = shuffle(rng, [...model.recipes])
  const used = new Set<number>()
  const take = (test: (r: Recipe) => boolean): Recipe => {
    const found = order.find((r) => !used.has(r.id) && test(r)) ?? order.find((r) => !used.has(r.id))!
    used.add(found.id)
    return found
  }
  const tasks: FixtureTaskDef<RecipesState>[] = []

  // Easy: one ingredient's amount at the recipe's own servings.
  tasks.push(
    amountTask(
      site,
      take((r) => askable(r).length > 0),
      rng,
    ),
  )

  // Medium: two amounts after scaling with the servings adjuster.
  const scaled = pickScaled(order, false, rng, used)
  if (scaled) {
    used.add(scaled.recipe.id)
    tasks.push(scaleTask(site, scaled))
  }

  // Medium: two amounts, scaled and in metric units.
  const metric = pickScaled(order, true, rng, used)
  if (metric) {
    used.add(metric.recipe.id)
    tasks.push(metricTask(site, metric))
  }

  const constrained = bestWithConstraints(model, rng)
  if (constrained) tasks.push(searchTask(site, model, constrained))

  // Hard: save two recipes and review a third.
  const [first, second, reviewed] = [take(() => true), take(() => true), take(() => true)]
  tasks.push(boxAndReviewTask(site, first, second, reviewed, rng))

  // Easy: calories and total time.
  tasks.push(
    factsTask(
      site,
      take(() => true),
    ),
  )
  return tasks
}
