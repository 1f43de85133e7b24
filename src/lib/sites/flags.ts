import {Flags} from '@oclif/core'
import {DEFAULT_VARIANTS_PER_FAMILY} from './catalog.js'

export const variantsFlag = {
  variants: Flags.integer({default: DEFAULT_VARIANTS_PER_FAMILY, min: 1, max: 80, helpValue: 'N', description: 'Sites per family.'}),
}
