// The recipe box page with the shopping list of the saved recipes.
import {html} from '../../../html.js'
import {breadcrumb, stars} from '../../../layout.js'
import {formatDuration, ingredientLine, niceQuantity} from '../quantities.js'
import type {Context, Ingredient, Recipe} from '../types.js'
import {CLOCK, dietBadges, imageOf, recipePath, shell} from './shell.js'

function shoppingList(saved: Recipe[]): {amount: string; name: string}[] {
  const totals = new Map<string, {qty: number; ingredient: Ingredient}>()
  for (const recipe of saved)
    for (const ingredient of recipe.ingredients) {
      const key = `${ingredient.unit}|${ingredient.name}`
      const entry = totals.get(key)
      if (entry) entry.qty += ingredient.qty
      else totals.set(key, {qty: ingredient.qty, ingredient})
    }
  return [...totals.values()]
    .map(({qty, ingredient}) => {
      const line = ingredientLine({...ingredient, qty: niceQuantity(qty)}, 1, 'us')
      return {amount: `${line.amount}${line.unit ? ` ${line.unit}` : ''}`, name: line.name}
    })
    .sort((a, b) => a.name.localeCompare(b.name))
}

export function boxPage(context: Context): string {
  const saved = context.state.box
    .map((id) => context.model.recipes.find((r) => r.id === id))
    .filter((r): r is Recipe => r !== undefined)
  const body =
    saved.length === 0
      ? html`<div class="card empty"><h2>Your recipe box is empty</h2><p>Tap “Save to recipe box” on any recipe to keep it here for later.</p><a class="btn btn-dark" href="/recipes">Browse recipes</a></div>`
      : html`<div class="row box-layout">
        <section class="content"><div class="saved-list">${saved.map(
          (
            r,
          ) => html`<div class="card saved-item" data-recipe="${r.id}"><img src="${imageOf(r)}" alt="" width="160" height="120"><div class="saved-info"><h3><a class="recipe-title" data-recipe="${r.id}" href="${recipePath(r)}">${r.name}</a></h3><div>${stars(r.rating)} <span class="muted">${r.rating.toFixed(1)} · ${CLOCK} ${formatDuration(r.total)} · Serves ${r.servings}</span></div><div>${dietBadges(r)}</div></div>
            <form method="post" action="/box"><input type="hidden" name="action" value="remove"><input type="hidden" name="recipe" value="${r.id}"><button class="btn remove-saved" type="submit">Remove</button></form></div>`,
        )}</div></section>
        <aside class="sidebar card shopping-list"><h2>Shopping list</h2><p class="muted small">Everything for your ${saved.length} saved ${saved.length === 1 ? 'recipe' : 'recipes'}, at their original servings.</p><ul>${shoppingList(saved).map((item) => html`<li><strong>${item.amount}</strong> ${item.name}</li>`)}</ul></aside>
      </div>`
  return shell(
    context,
    'My recipe box',
    html`${breadcrumb([{href: '/', label: 'Home'}], 'My recipe box')}<div class="toolbar"><h1>My recipe box</h1><span class="muted">${saved.length} saved ${saved.length === 1 ? 'recipe' : 'recipes'}</span></div>${body}`,
  )
}
