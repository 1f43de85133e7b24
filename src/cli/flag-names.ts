import type {OptionKey} from '../lib/option-keys.js'
import type {OptionNames} from '../lib/option-text.js'

// Each service option that text may name, as the command line spells it: services say `resume`, users read `--resume`.
const FLAGS: Record<OptionKey, string> = {
  adapter: '--adapter',
  allowFailures: '--allow-failures',
  allowHost: '--allow-host',
  answers: '--answers',
  apiKey: '--api-key',
  backend: '--backend',
  baseUrl: '--base-url',
  browserEndpoints: '--browser-ws',
  browsers: '--browsers',
  dropRepeatedSteps: '--drop-repeated-steps',
  failed: '--failed',
  format: '--format',
  judge: '--judge',
  level: '--level',
  map: '--map',
  maxLineBytes: '--max-line-bytes',
  maxPerTask: '--max-per-task',
  maxRetryWait: '--max-retry-wait',
  minReward: '--min-reward',
  model: '--model',
  name: '--name',
  onInvalid: '--on-invalid',
  out: '--out',
  output: '-o',
  replay: '--replay',
  resume: '--resume',
  sample: '--sample',
  seed: '--seed',
  shots: '--shots',
  sites: '--sites',
  sitesToken: '--sites-token',
  source: '--source',
  status: '--status',
  strict: '--strict',
  success: '--success',
  testSize: '--test-size',
  timeout: '--timeout',
  where: '--where',
  workers: '--workers',
}

// How the command layer names options in messages: as the flags that set them.
export const flagNames: OptionNames = (option) => FLAGS[option]
