// The page frame of every listings page: navigation, header search, saved link, style and script.
import {html, queryString, type Html} from '../../../html.js'
import {page, type NavLink} from '../../../layout.js'
import {termsFor} from '../terms.js'
import type {Context, ListingsModel} from '../types.js'
import {STEPPER_SCRIPT, familyCss} from './style.js'

export function nav(model: ListingsModel): NavLink[] {
  const terms = termsFor(model)
  const first = model.kind === 'jobs' ? 'Find jobs' : model.market === 'sale' ? 'Buy' : 'Rent'
  return [
    {href: terms.base, label: first},
    ...model.categories.map((cat) => ({
      href: `${terms.base}${queryString({cat})}`,
      label: model.kind === 'jobs' ? cat : `${cat}s`,
    })),
    {href: '/areas', label: terms.areasWord},
    {href: '/saved', label: model.kind === 'jobs' ? 'Saved jobs' : 'Saved homes'},
  ]
}

export function shell(context: Context, title: string, body: Html, q = ''): string {
  const {model, site} = context
  const terms = termsFor(model)
  return page(site, {
    title,
    body,
    nav: nav(model),
    search: {
      action: terms.base,
      name: 'q',
      placeholder: model.kind === 'jobs' ? 'Job title, company or keyword' : 'Address, street or keyword',
      value: q,
    },
    headerExtras: html`<a href="/about">${model.kind === 'jobs' ? 'For employers' : 'Sell with us'}</a><a class="saved-link" href="/saved">♥ Saved (<span class="saved-count">${context.state.saved.length}</span>)</a>`,
    css: familyCss(site, model),
    script: STEPPER_SCRIPT,
  })
}
