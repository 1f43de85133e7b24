import {createRequire} from 'node:module'

// The package version, recorded in every record's provenance.
export const WEBGYM_VERSION: string = (createRequire(import.meta.url)('../../package.json') as {version: string})
  .version
