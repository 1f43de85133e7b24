// The options services name in text for the user, by the keys the services' options use. The command layer maps
// each to its flag (src/cli/flag-names.ts), so a key added here without a flag there fails to compile.

/** Every option key that user-facing text may name. */
export const OPTION_KEYS = [
  'adapter',
  'allowFailures',
  'allowHost',
  'answers',
  'apiKey',
  'backend',
  'baseUrl',
  'browserEndpoints',
  'browsers',
  'dropRepeatedSteps',
  'failed',
  'format',
  'judge',
  'level',
  'map',
  'maxLineBytes',
  'maxPerTask',
  'maxRetryWait',
  'minReward',
  'model',
  'name',
  'onInvalid',
  'out',
  'output',
  'replay',
  'resume',
  'sample',
  'seed',
  'shots',
  'sites',
  'sitesToken',
  'source',
  'status',
  'strict',
  'success',
  'testSize',
  'timeout',
  'where',
  'workers',
] as const

/** An option a service may name in user-facing text. */
export type OptionKey = (typeof OPTION_KEYS)[number]
