// The environment variables that change what a command does without being a flag's default, by command id; the help
// lists them beside the ones flags read (`env:` in a flag's declaration).

const CHROMIUM = {
  WEBGYM_CHROMIUM:
    "Chromium binary to drive (default: Debian's chromium; /usr/lib/chromium/chromium-headless-shell: half the CPU, no error pages drawn).",
}
const CACHE_HOME = {
  XDG_CACHE_HOME: 'Base of the default reply cache, $XDG_CACHE_HOME/webgym/llm (else ~/.cache/webgym/llm).',
}

export const COMMAND_ENVIRONMENT: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  rollout: CHROMIUM,
  demo: CHROMIUM,
  'browsers:serve': CHROMIUM,
  'rubric:gen': CACHE_HOME,
  'tasks:decompose': CACHE_HOME,
  'tasks:classify': CACHE_HOME,
  judge: CACHE_HOME,
  // Browsers for the episodes, and the llm judge's reply cache for their rewards.
  'env:serve': {...CHROMIUM, ...CACHE_HOME},
}
