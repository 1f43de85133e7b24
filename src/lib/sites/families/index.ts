import type {SiteFamily} from '../types.js'
import {shop} from './shop.js'

/** Every site family of the fixture web, in catalog order. */
export const FAMILIES: readonly SiteFamily<any, any>[] = [shop]
