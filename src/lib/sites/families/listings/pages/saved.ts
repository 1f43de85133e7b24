// The saved listings page.
import {html} from '../../../html.js'
import {breadcrumb} from '../../../layout.js'
import {areaOf, valueText} from '../format.js'
import {termsFor} from '../terms.js'
import type {Context, Listing} from '../types.js'
import {shell} from './shell.js'
import {saveForm} from './widgets.js'

export function savedPage(context: Context): string {
  const {model} = context
  const terms = termsFor(model)
  const items = context.state.saved
    .map((id) => model.listings.find((l) => l.id === id))
    .filter((l): l is Listing => l !== undefined)
  const row = (l: Listing) => html`<tr>
    <td><a class="saved-title" data-listing="${l.id}" href="${terms.base}/${l.id}">${l.kind === 'jobs' ? l.title : l.address}</a><div class="muted">${l.kind === 'jobs' ? l.company : l.title}</div></td>
    <td>${areaOf(model, l).name}</td><td>${valueText(l, model)}</td>
    <td>${saveForm(l, true, '/saved', 'remove-saved', 'Remove')}</td></tr>`
  return shell(
    context,
    `Saved ${terms.many}`,
    html`${breadcrumb([{href: '/', label: 'Home'}], `Saved ${terms.many}`)}
    <section class="card"><h1>Saved ${terms.many}</h1>
    ${items.length === 0 ? html`<p class="empty-saved">You have not saved any ${terms.many} yet. Use the ♡ Save button on a ${terms.one} to keep it here.</p>` : html`<p class="muted">${items.length} saved ${items.length === 1 ? terms.one : terms.many}</p><table class="saved-table"><tr><th>${model.kind === 'jobs' ? 'Job' : 'Home'}</th><th>${terms.areaWord}</th><th>${model.kind === 'jobs' ? 'Salary' : 'Price'}</th><th></th></tr>${items.map(row)}</table>`}
    </section>`,
  )
}
