// The page frame of every travel page: navigation, currency, saved and trips links, style and widget script.
import {html, type Html} from '../../../html.js'
import {page, type NavLink} from '../../../layout.js'
import {capitalise} from '../format.js'
import {modeOf} from '../model.js'
import type {Context, TravelModel} from '../types.js'
import {WIDGET_SCRIPT} from './scripts.js'
import {TRAVEL_CSS} from './style.js'

export function nav(model: TravelModel): NavLink[] {
  const mode = modeOf(model)
  return [
    {href: '/', label: capitalise(mode.nouns)},
    {href: '/deals', label: 'Deals'},
    {href: '/destinations', label: 'Destinations'},
    {href: '/trips', label: 'My trips'},
    {href: '/help', label: 'Help & baggage'},
  ]
}

export function shell(context: Context, title: string, body: Html, script = ''): string {
  const saved = context.state.saved.length
  return page(context.site, {
    title,
    body,
    nav: nav(context.model),
    headerExtras: html`<span class="currency-chip">${modeOf(context.model).currency === '€' ? 'EUR €' : 'USD $'}</span><a class="saved-link" href="/saved">♥ Saved (<span class="saved-count">${saved}</span>)</a><a class="trips-link" href="/trips">My trips</a>`,
    css: TRAVEL_CSS,
    script: WIDGET_SCRIPT + script,
  })
}
