import {Flags} from '@oclif/core'
import {UsageError} from '../lib/errors.js'
import {DEFAULT_VARIANTS_PER_FAMILY} from '../lib/sites/catalog.js'
import type {FixtureWebSettings} from '../lib/rollout/run-rollout.js'
import {FaultSpecError, parseFaultSpec, type FaultConfig} from '../lib/sites/faults.js'

export const variantsFlag = {
  variants: Flags.integer({
    default: DEFAULT_VARIANTS_PER_FAMILY,
    min: 1,
    max: 80,
    helpValue: 'N',
    description: 'Sites per family.',
  }),
}

export const pagesFlag = {
  pages: Flags.string({
    helpValue: 'DIR',
    description:
      'Saved pages to serve as websites of the fixture web, each at <name>.pages.webgym.test: a folder of <name>/source.html (with expected-metadata.json, as Readability keeps them) or of <name>.html files.',
  }),
}

/** A fault spec given on the command line; a bad one is a usage error naming the flag. */
export function parseFaultFlag(flag: string, spec: string): FaultConfig {
  try {
    return parseFaultSpec(spec)
  } catch (error) {
    if (error instanceof FaultSpecError) throw new UsageError(`${flag}: ${error.message}`)
    throw error
  }
}

/** The fixture web rollout and env serve run on, from their shared flags: a running one (--sites), or their own. */
export function fixtureWebFromFlags(flags: {
  sites?: string
  'sites-token'?: string
  'fixture-faults'?: string
  pages?: string
}): FixtureWebSettings {
  return {
    url: flags.sites,
    token: flags['sites-token'],
    faults:
      flags['fixture-faults'] === undefined ? undefined : parseFaultFlag('--fixture-faults', flags['fixture-faults']),
    pages: flags.pages,
  }
}
