// The shop model: products, orders and session state, built from a seeded RNG; and the deterministic order number.
import type {SeededRandom} from '../../../random/seeded-random.js'
import {between, hashString, pick, price, sample} from '../../random-pick.js'
import type {SiteInfo} from '../../types.js'
import {ADJECTIVES, BRANDS, CATALOGS, COLORS, REVIEWERS, REVIEW_TEXTS} from './data.js'

export interface Product {
  id: number
  name: string
  category: string
  brand: string
  price: number
  rating: number
  reviews: {author: string; rating: number; text: string}[]
  color: string
  stock: number
  description: string
}

export interface ShopModel {
  tagline: string
  categories: string[]
  brands: string[]
  products: Product[]
  shipping: {standard: number; express: number}
}

export interface Order {
  number: string
  items: {productId: number; qty: number}[]
  name: string
  email: string
  address: string
  city: string
  zip: string
  shipping: 'standard' | 'express'
}

export interface ShopState {
  cart: {productId: number; qty: number}[]
  orders: Order[]
}

export function makeModel(site: SiteInfo, rng: SeededRandom): ShopModel {
  const catalog = pick(rng, CATALOGS)
  const brands = sample(rng, BRANDS, 6)
  const products: Product[] = []
  const used = new Set<string>()
  const count = between(rng, 40, 60)
  for (let id = 1; products.length < count; id++) {
    const c = rng.below(catalog.categories.length)
    const brand = pick(rng, brands)
    const name = `${brand} ${pick(rng, ADJECTIVES)} ${catalog.nouns[c]}`
    if (used.has(name)) continue
    used.add(name)
    const reviews = Array.from({length: between(rng, 2, 5)}, () => ({
      author: pick(rng, REVIEWERS),
      rating: between(rng, 2, 5),
      text: pick(rng, REVIEW_TEXTS),
    }))
    products.push({
      id: products.length + 101,
      name,
      category: catalog.categories[c]!,
      brand,
      price: price(rng, 9, 420),
      rating: Math.round((3 + rng.nextFloat() * 2) * 10) / 10,
      reviews,
      color: pick(rng, COLORS),
      stock: between(rng, 0, 40),
      description: `The ${name} is built for people who want dependable ${catalog.theme} without fuss. Carefully tested and backed by a two-year warranty.`,
    })
  }
  return {
    tagline: `Quality ${catalog.theme} at fair prices`,
    categories: [...catalog.categories],
    brands,
    products,
    shipping: {standard: pick(rng, [4.99, 5.95, 6.5]), express: pick(rng, [12.99, 14.5, 15.95])},
  }
}

/** The order number a shop gives an order: derived from its content, so a task can know it in advance. */
export function orderNumber(site: SiteInfo, order: Omit<Order, 'number'>): string {
  const key = JSON.stringify([
    site.slug,
    order.items,
    order.name,
    order.email,
    order.address,
    order.city,
    order.zip,
    order.shipping,
  ])
  return `${site.slug.slice(0, 2).toUpperCase()}-${String(hashString(key) % 1_000_000).padStart(6, '0')}`
}
