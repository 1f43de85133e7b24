// The page frame of every shop page: navigation, header search and the cart link.
import {html, queryString, raw, type Html} from '../../../html.js'
import {page, type NavLink} from '../../../layout.js'
import type {SiteContext} from '../../../types.js'
import type {ShopModel, ShopState} from '../model.js'
import {SHOP_CSS} from './style.js'

const CART_ICON = raw(
  '<svg width="18" height="16" viewBox="0 0 18 16" aria-hidden="true" style="vertical-align:-2px"><path d="M1 1h3l2 9h9l2-7H5" fill="none" stroke="currentColor" stroke-width="2"/><circle cx="7" cy="14" r="1.6" fill="currentColor"/><circle cx="14" cy="14" r="1.6" fill="currentColor"/></svg>',
)

export function nav(model: ShopModel): NavLink[] {
  return [
    ...model.categories.map((category) => ({href: `/search${queryString({category})}`, label: category})),
    {href: '/cart', label: 'Cart'},
  ]
}

export function shell(context: SiteContext<ShopModel, ShopState>, title: string, body: Html, q = ''): string {
  const count = context.state.cart.reduce((sum, line) => sum + line.qty, 0)
  return page(context.site, {
    title,
    body,
    nav: nav(context.model),
    search: {action: '/search', name: 'q', placeholder: `Search ${context.site.name}`, value: q},
    headerExtras: html`<a href="/about">Help</a><a class="cart-link" href="/cart">${CART_ICON} Cart (<span class="cart-count">${count}</span>)</a>`,
    css: SHOP_CSS,
  })
}
