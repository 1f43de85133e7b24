// The page shell (navigation, header, styles) and parts shared by pages: recipe paths, images, diet badges, cards.
import {html, queryString, raw, type Html} from '../../../html.js'
import {page, stars, type NavLink} from '../../../layout.js'
import {hashString} from '../../../random-pick.js'
import {DIETS} from '../data.js'
import {formatDuration} from '../quantities.js'
import type {Context, Recipe, RecipesModel} from '../types.js'
import {RECIPES_CSS} from './style.js'

export function nav(model: RecipesModel): NavLink[] {
  return [
    {href: '/recipes', label: 'All Recipes'},
    ...model.cuisines.map((cuisine) => ({href: `/recipes${queryString({cuisine})}`, label: cuisine})),
    {href: `/recipes${queryString({time: 30})}`, label: 'Quick & Easy'},
    {href: '/box', label: 'Recipe Box'},
  ]
}

export function shell(
  context: Context,
  title: string,
  body: Html,
  options: {q?: string; script?: string} = {},
): string {
  const count = context.state.box.length
  return page(context.site, {
    title,
    body,
    nav: nav(context.model),
    search: {action: '/recipes', name: 'q', placeholder: 'Search recipes, ingredients…', value: options.q ?? ''},
    headerExtras: html`<a href="/about">About</a><a class="box-link" href="/box">♥ Recipe Box (<span class="box-count">${count}</span>)</a>`,
    css: RECIPES_CSS,
    script: options.script,
  })
}

export function recipePath(recipe: Recipe): string {
  return `/recipe/${recipe.id}-${recipe.slug}`
}

export function imageOf(recipe: Recipe): string {
  return `/img/food/${recipe.id}-${hashString(recipe.name)}.svg`
}

export const CLOCK = raw(
  '<svg class="clock" width="14" height="14" viewBox="0 0 16 16" aria-hidden="true"><circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" stroke-width="1.6"/><path d="M8 4.2V8l2.6 1.6" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/></svg>',
)

export function dietBadges(recipe: Recipe): Html {
  return html`${DIETS.filter((d) => recipe.diets.includes(d.id)).map((d) => html`<span class="diet-badge diet-${d.id}" title="${d.label}">${d.label}</span>`)}`
}

export function recipeCard(recipe: Recipe, withDescription = false): Html {
  return html`<article class="card recipe-card">
    <a class="card-image" href="${recipePath(recipe)}" tabindex="-1"><img src="${imageOf(recipe)}" alt="${recipe.name}" width="400" height="300"></a>
    <div class="card-body">
      <div class="card-kicker">${recipe.cuisine} · ${recipe.course}</div>
      <h3><a class="recipe-title" data-recipe="${recipe.id}" href="${recipePath(recipe)}">${recipe.name}</a></h3>
      <div class="card-rating">${stars(recipe.rating)} <span class="muted">${recipe.rating.toFixed(1)} (${recipe.ratingCount})</span></div>
      <div class="card-meta"><span class="time">${CLOCK} ${formatDuration(recipe.total)}</span> ${dietBadges(recipe)}</div>
      ${withDescription ? html`<p class="muted card-desc">${recipe.description}</p>` : ''}
    </div>
  </article>`
}
