// Form: a full checkout with a given address and delivery, reporting the order number.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {answerMentions} from '../../../check-helpers.js'
import {pick} from '../../../random-pick.js'
import type {FactGroupDef, FixtureTaskDef, SiteInfo} from '../../../types.js'
import {CUSTOMERS} from '../data.js'
import {orderNumber, type Order, type Product, type ShopState} from '../model.js'
import {CHECKOUT_FIELDS} from '../pages/cart.js'
import {addSteps} from './common.js'

export function checkoutTask(site: SiteInfo, d: Product, rng: SeededRandom): FixtureTaskDef<ShopState> {
  const customer = pick(rng, CUSTOMERS)
  const express = rng.below(2) === 0
  const shipping = express ? ('express' as const) : ('standard' as const)
  const expected = {
    items: [{productId: d.id, qty: 1}],
    name: customer.name,
    email: customer.email,
    address: customer.address,
    city: customer.city,
    zip: customer.zip,
    shipping,
  }
  const number = orderNumber(site, expected)
  const placed = (state: ShopState) => state.orders.filter((o) => o.items.some((i) => i.productId === d.id))
  const orderFact = (text: string, test: (o: Order) => boolean) => ({
    text,
    check: ({state}: {state: ShopState}) => placed(state).some(test),
  })
  const groups: FactGroupDef<ShopState>[] = [
    {
      description: 'The order',
      facts: [
        orderFact(`An order for the ${d.name} was placed`, () => true),
        orderFact(
          'The order contains exactly one item, quantity 1',
          (o) => o.items.length === 1 && o.items[0]!.qty === 1,
        ),
      ],
    },
    {
      description: 'Shipping details',
      facts: [
        orderFact(`Shipped to ${customer.name}`, (o) => o.name === customer.name),
        orderFact(
          `Address ${customer.address}, ${customer.city} ${customer.zip}`,
          (o) => o.address === customer.address && o.city === customer.city && o.zip === customer.zip,
        ),
        orderFact(`Confirmation email ${customer.email}`, (o) => o.email.toLowerCase() === customer.email),
        orderFact(`${express ? 'Express' : 'Standard'} delivery chosen`, (o) => o.shipping === shipping),
      ],
    },
    {
      description: 'Confirmation',
      facts: [
        {text: `The answer reports the order number ${number}`, check: ({answer}) => answerMentions(answer, number)},
      ],
    },
  ]
  return {
    key: `checkout-${d.id}`,
    kind: 'form',
    intent: `On ${site.name}, buy one ${d.name} with ${express ? 'express' : 'standard'} delivery for ${customer.name}, ${customer.address}, ${customer.city} ${customer.zip} (email ${customer.email}), and tell me the order number.`,
    groups,
    referenceAnswer: number,
    solution: [
      ...addSteps(d, 1),
      {op: 'click', target: {selector: 'a.cart-link', description: 'the Cart link in the header'}},
      {op: 'click', target: {selector: 'a.checkout-link', description: 'the "Proceed to checkout" button'}},
      ...CHECKOUT_FIELDS.map((f) => ({
        op: 'type' as const,
        target: {selector: `#${f.name}`, description: `the ${f.label} field`},
        text: {
          full_name: customer.name,
          email: customer.email,
          address: customer.address,
          city: customer.city,
          zip: customer.zip,
        }[f.name],
      })),
      {
        op: 'click',
        target: {
          selector: `label[for="ship-${shipping}"]`,
          description: `the ${express ? 'Express' : 'Standard'} delivery option`,
        },
      },
      {op: 'click', target: {selector: 'button.place-order', description: 'the "Place order" button'}},
      {op: 'answer', text: number},
    ],
  }
}
