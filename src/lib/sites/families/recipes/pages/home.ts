// The home page: recipe of the week, cuisines, trending, quick and plant-based picks.
import {slugify} from '../../../slug.js'
import {html, queryString} from '../../../html.js'
import {stars} from '../../../layout.js'
import {formatDuration} from '../quantities.js'
import type {Context} from '../types.js'
import {CLOCK, imageOf, recipeCard, recipePath, shell} from './shell.js'

export function home(context: Context): string {
  const {model, site} = context
  const byPopularity = [...model.recipes].sort((a, b) => b.ratingCount - a.ratingCount || a.id - b.id)
  const featured =
    [...model.recipes]
      .filter((r) => r.course === 'Main course')
      .sort((a, b) => b.rating - a.rating || b.ratingCount - a.ratingCount)[0] ?? byPopularity[0]!
  const quick = model.recipes.filter((r) => r.total <= 30 && r.id !== featured.id).slice(0, 4)
  const plantBased = model.recipes.filter((r) => r.diets.includes('vegan') && r.id !== featured.id).slice(0, 4)
  const heroImage = html`<a href="${recipePath(featured)}" class="hero-image"><img src="${imageOf(featured)}" alt="${featured.name}" width="520" height="390"></a>`
  return shell(
    context,
    'Home',
    html`<section class="card hero${model.layout.heroImageRight ? ' hero-right' : ''}">
      ${model.layout.heroImageRight ? '' : heroImage}
      <div class="hero-text">
        <span class="badge">Recipe of the week</span>
        <h1>${featured.name}</h1>
        <div>${stars(featured.rating)} <strong>${featured.rating.toFixed(1)}</strong> <span class="muted">(${featured.ratingCount} ratings)</span></div>
        <p>${featured.description}</p>
        <p class="muted">${CLOCK} ${formatDuration(featured.total)} · Serves ${featured.servings} · By ${featured.author}</p>
        <a class="btn btn-dark" href="${recipePath(featured)}">Get the recipe</a>
      </div>
      ${model.layout.heroImageRight ? heroImage : ''}
    </section>
    <p class="tagline muted">${model.tagline}. ${model.recipes.length} recipes from ${model.cuisines.length} cuisines, all tested at ${site.name}.</p>
    <h2>Browse by cuisine</h2>
    <div class="cuisine-tiles">${model.cuisines.map((cuisine) => html`<a class="card cuisine-tile" href="/recipes${queryString({cuisine})}"><img src="/img/food/cuisine-${slugify(cuisine)}.svg" alt="" width="160" height="120"><strong>${cuisine}</strong><span class="muted">${model.recipes.filter((r) => r.cuisine === cuisine).length} recipes</span></a>`)}</div>
    <h2>Trending this week</h2>
    <div class="recipe-grid cols-4">${byPopularity.slice(0, 8).map((r) => recipeCard(r))}</div>
    <div class="home-columns">
      <section><h2>Ready in 30 minutes or less</h2><div class="recipe-grid cols-2">${quick.map((r) => recipeCard(r))}</div><a class="more-link" href="/recipes${queryString({time: 30})}">See all quick recipes ›</a></section>
      <section><h2>Plant-based picks</h2><div class="recipe-grid cols-2">${plantBased.map((r) => recipeCard(r))}</div><a class="more-link" href="/recipes${queryString({diet: 'vegan'})}">See all vegan recipes ›</a></section>
    </div>`,
  )
}
