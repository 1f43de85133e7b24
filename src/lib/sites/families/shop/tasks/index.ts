// The shop's tasks, drawn from one seeded RNG in a fixed order.
import {rngFor, sample} from '../../../random-pick.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import type {Product, ShopModel, ShopState} from '../model.js'
import {cartTask} from './cart.js'
import {cheapestTask} from './cheapest.js'
import {checkoutTask} from './checkout.js'
import {detailsTask} from './details.js'
import {priceTask} from './price.js'

export function makeTasks(site: SiteInfo, model: ShopModel): FixtureTaskDef<ShopState>[] {
  const rng = rngFor(site, 'tasks')
  const inStock = model.products.filter((p) => p.stock >= 3)
  const [a, b, c, d] = sample(rng, inStock, 4) as [Product, Product, Product, Product]
  const tasks: FixtureTaskDef<ShopState>[] = []
  tasks.push(priceTask(site, a))
  const cheapest = cheapestTask(site, model, rng)
  if (cheapest) tasks.push(cheapest)
  tasks.push(cartTask(site, b, c, rng))
  tasks.push(checkoutTask(site, d, rng))
  tasks.push(detailsTask(site, c))
  return tasks
}
