// State: two products in given quantities in the cart.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {between} from '../../../random-pick.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import {cartQty} from '../checks.js'
import type {Product, ShopState} from '../model.js'
import {addSteps} from './common.js'

export function cartTask(site: SiteInfo, b: Product, c: Product, rng: SeededRandom): FixtureTaskDef<ShopState> {
  const qtyB = between(rng, 2, 3)
  return {
    key: `cart-${b.id}-${c.id}`,
    kind: 'state',
    intent: `On ${site.name}, put ${qtyB} of the ${b.name} and one ${c.name} in the shopping cart.`,
    groups: [
      {
        description: `${b.name} in the cart`,
        facts: [
          {text: `The cart contains the ${b.name}`, check: ({state}) => cartQty(state, b) > 0},
          {text: `The cart holds exactly ${qtyB} of the ${b.name}`, check: ({state}) => cartQty(state, b) === qtyB},
        ],
      },
      {
        description: `${c.name} in the cart`,
        facts: [
          {text: `The cart contains the ${c.name}`, check: ({state}) => cartQty(state, c) > 0},
          {text: `The cart holds exactly 1 of the ${c.name}`, check: ({state}) => cartQty(state, c) === 1},
        ],
      },
    ],
    referenceAnswer: null,
    solution: [...addSteps(b, qtyB), ...addSteps(c, 1)],
  }
}
