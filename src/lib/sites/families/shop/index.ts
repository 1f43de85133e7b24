// The shop family: search, facets, sort, pagination, product pages with reviews, a cart and a checkout form.
import type {SiteFamily} from '../../types.js'
import {handle} from './handle.js'
import {makeModel, type ShopModel, type ShopState} from './model.js'
import {makeTasks} from './tasks/index.js'

export const shop: SiteFamily<ShopModel, ShopState> = {
  id: 'shop',
  domain: 'Lifestyle & Leisure',
  subdomain: 'Shopping',
  brandWords: {
    first: [
      'Northwind',
      'Bluebird',
      'Copperline',
      'Evergreen',
      'Harbor',
      'Maple',
      'Summit',
      'Lantern',
      'Riverstone',
      'Sunday',
    ],
    second: ['Outfitters', 'Market', 'Supply', 'Goods', 'Emporium', 'Store', 'Depot', 'Trading Co'],
  },
  model: makeModel,
  initialState: () => ({cart: [], orders: []}),
  handle,
  tasks: makeTasks,
}

export {orderNumber} from './model.js'
export type {ShopModel, ShopState} from './model.js'
