import type {SiteFamily} from '../types.js'
import {encyclopedia} from './encyclopedia.js'
import {listings} from './listings.js'
import {news} from './news.js'
import {portal} from './portal.js'
import {recipes} from './recipes.js'
import {shop} from './shop.js'
import {travel} from './travel.js'

/** Every site family of the fixture web, in catalog order. */
export const FAMILIES: readonly SiteFamily<any, any>[] = [shop, travel, encyclopedia, news, recipes, portal, listings]
