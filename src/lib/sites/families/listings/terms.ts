// Vocabulary: what the two kinds of listings site call things.
import type {ListingsModel} from './types.js'

interface Terms {
  base: string
  one: string
  many: string
  areaWord: string
  areasWord: string
  rangeTitle: string
  typeTitle: string
  categoryTitle: string
  formPath: string
  formTitle: string
  formButton: string
}

export function termsFor(model: ListingsModel): Terms {
  if (model.kind === 'jobs')
    return {
      base: '/jobs',
      one: 'job',
      many: 'jobs',
      areaWord: 'Region',
      areasWord: 'Regions',
      rangeTitle: 'Starting salary',
      typeTitle: 'Job type',
      categoryTitle: 'Category',
      formPath: 'apply',
      formTitle: 'Apply for this job',
      formButton: 'Send application',
    }
  return {
    base: '/homes',
    one: 'home',
    many: 'homes',
    areaWord: 'Neighbourhood',
    areasWord: 'Neighbourhoods',
    rangeTitle: model.market === 'sale' ? 'Price' : 'Monthly rent',
    typeTitle: 'Bedrooms',
    categoryTitle: 'Property type',
    formPath: 'viewing',
    formTitle: 'Request a viewing',
    formButton: 'Request viewing',
  }
}
