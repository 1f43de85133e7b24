import type {SiteFamily} from '../types.js'
import {encyclopedia} from './encyclopedia/index.js'
import {listings} from './listings/index.js'
import {news} from './news/index.js'
import {portal} from './portal/index.js'
import {recipes} from './recipes/index.js'
import {shop} from './shop/index.js'
import {travel} from './travel/index.js'

/** Every site family of the fixture web, in catalog order. */
export const FAMILIES: readonly SiteFamily<any, any>[] = [shop, travel, encyclopedia, news, recipes, portal, listings]
