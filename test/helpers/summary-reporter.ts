import type {Reporter, TestModule} from 'vitest/node'

// Ends the run with what each tier (vitest project) took, the ten slowest files, and the plain
// "N passed, N failed, N skipped" line that CI logs are read for (always the last line).
// A file's time is its wall time from being handed to a worker to its end (import, hooks and tests); a tier's is the
// span from its first file's start to its last file's end, so files run side by side are not counted twice.

const SLOWEST = 10

interface Span {
  start: number
  end: number
}

/** 75.2 -> "1m 15s"; under a minute "42.0s". */
export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(1)}s`
  const minutes = Math.floor(seconds / 60)
  return `${minutes}m ${String(Math.round(seconds - minutes * 60)).padStart(2, '0')}s`
}

export default class SummaryReporter implements Reporter {
  private runStart = 0
  private readonly spans = new Map<string, Span>()

  onTestRunStart(): void {
    this.runStart = performance.now()
    this.spans.clear()
  }

  onTestModuleQueued(module: TestModule): void {
    this.spans.set(module.moduleId, {start: performance.now(), end: Number.NaN})
  }

  onTestModuleEnd(module: TestModule): void {
    const span = this.spans.get(module.moduleId)
    if (span) span.end = performance.now()
    else this.spans.set(module.moduleId, {start: performance.now(), end: performance.now()})
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = {passed: 0, failed: 0, skipped: 0}
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') counts.passed++
        else if (state === 'failed') counts.failed++
        else counts.skipped++
      }
      if (module.state() === 'failed' && module.children.size === 0) counts.failed++
    }
    const lines = [
      ...this.timings(testModules),
      `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
    ]
    process.stdout.write(`\n${lines.join('\n')}\n`)
  }

  /** The tier table and the slowest files; nothing when no file ran. */
  private timings(testModules: ReadonlyArray<TestModule>): string[] {
    const ran = testModules.flatMap((module) => {
      const span = this.spans.get(module.moduleId)
      return span && Number.isFinite(span.end) ? [{module, span, seconds: (span.end - span.start) / 1000}] : []
    })
    if (ran.length === 0) return []
    const tiers = new Map<string, {files: number; tests: number; start: number; end: number}>()
    for (const {module, span} of ran) {
      const name = module.project.name || 'tests'
      const tier = tiers.get(name) ?? {files: 0, tests: 0, start: span.start, end: span.end}
      tier.files++
      tier.tests += [...module.children.allTests()].length
      tier.start = Math.min(tier.start, span.start)
      tier.end = Math.max(tier.end, span.end)
      tiers.set(name, tier)
    }
    const row = (name: string, files: number | string, tests: number | string, time: string) =>
      `${name.padEnd(12)}${String(files).padStart(6)}${String(tests).padStart(8)}${time.padStart(10)}`
    const table = [row('tier', 'files', 'tests', 'time')]
    for (const [name, tier] of [...tiers].sort(([, a], [, b]) => a.start - b.start))
      table.push(row(name, tier.files, tier.tests, formatSeconds((tier.end - tier.start) / 1000)))
    const allTests = [...tiers.values()].reduce((sum, tier) => sum + tier.tests, 0)
    table.push(row('all', ran.length, allTests, formatSeconds((performance.now() - this.runStart) / 1000)))
    const slowest = ran
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SLOWEST)
      .map(
        ({module, seconds}) =>
          `${formatSeconds(seconds).padStart(8)}  ${module.project.name.padEnd(11)} ${module.relativeModuleId}`,
      )
    return ['', ...table, '', `${SLOWEST} slowest files`, ...slowest]
  }
}
