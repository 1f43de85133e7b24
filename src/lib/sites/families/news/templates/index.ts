// Story templates per section: slots in braces are filled per article; `numbers` are integer slots [min, max, step?].
import type {SectionId, StoryTemplate} from '../types.js'
import {BUSINESS_TEMPLATES} from './business.js'
import {CLIMATE_TEMPLATES} from './climate.js'
import {CULTURE_TEMPLATES} from './culture.js'
import {POLITICS_TEMPLATES} from './politics.js'
import {SCIENCE_TEMPLATES} from './science.js'
import {SPORT_TEMPLATES} from './sport.js'
import {TECH_TEMPLATES} from './tech.js'
import {WORLD_TEMPLATES} from './world.js'

export const TEMPLATES: Record<SectionId, readonly StoryTemplate[]> = {
  world: WORLD_TEMPLATES,
  business: BUSINESS_TEMPLATES,
  tech: TECH_TEMPLATES,
  sport: SPORT_TEMPLATES,
  culture: CULTURE_TEMPLATES,
  politics: POLITICS_TEMPLATES,
  science: SCIENCE_TEMPLATES,
  climate: CLIMATE_TEMPLATES,
}
