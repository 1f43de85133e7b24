// What people type without thinking: `webgym help [COMMAND]`, `-h`, and the environment variables each command reads
// shown in its help; `view` on records that are not trajectories leaves no report folder behind.
import {existsSync} from 'node:fs'
import {beforeAll, describe, expect, it} from 'vitest'
import {OBSERVE_MODE_SUMMARIES} from '../src/lib/observe/observe-mode.js'
import {DIALECT_SUMMARIES} from '../src/lib/prompts/policy-dialects.js'
import {POLICY_SUMMARIES} from '../src/lib/rollout/policies/policy-summaries.js'
import {FAULT_PART_EXAMPLES, FAULT_PRESETS} from '../src/lib/sites/faults.js'
import {HAZARD_SUMMARIES} from '../src/lib/sites/hazards.js'
import {assertBuilt, dump} from './helpers/cli.js'
import {workdir} from './helpers/workdir.js'

beforeAll(() => assertBuilt())

describe('help', () => {
  it('`webgym help` lists the commands and topics, on stdout, exit 0', async () => {
    const result = await workdir().run(['help'])
    expect(result.exitCode, dump(result)).toBe(0)
    for (const name of ['rollout', 'judge', 'tasks', 'split', 'train', 'help'])
      expect(result.stdout).toMatch(new RegExp(`^\\s+${name}\\s`, 'm'))
  })

  it('`webgym help --help` and `webgym -h` are the same root help as `webgym help`', async () => {
    const wd = workdir()
    const [plain, helpHelp, short] = await Promise.all([wd.run(['help']), wd.run(['help', '--help']), wd.run(['-h'])])
    for (const result of [plain, helpHelp, short]) expect(result.exitCode, dump(result)).toBe(0)
    expect(plain.stdout).toMatch(/^COMMANDS$/m)
    expect(helpHelp.stdout).toBe(plain.stdout)
    expect(short.stdout).toBe(plain.stdout)
  })

  it('`webgym help tasks build` and `webgym tasks build -h` show the same help as --help', async () => {
    const wd = workdir()
    const [viaHelp, viaShort, viaLong] = await Promise.all([
      wd.run(['help', 'tasks', 'build']),
      wd.run(['tasks', 'build', '-h']),
      wd.run(['tasks', 'build', '--help']),
    ])
    for (const result of [viaHelp, viaShort, viaLong]) expect(result.exitCode, dump(result)).toBe(0)
    expect(viaLong.stdout).toMatch(/^USAGE\n\s+\$ webgym tasks build/m)
    expect(viaHelp.stdout).toBe(viaLong.stdout)
    expect(viaShort.stdout).toBe(viaLong.stdout)
  })

  it.each([
    ['rollout', ['WEBGYM_CHROMIUM', 'OPENAI_BASE_URL', 'OPENAI_API_KEY', 'WEBGYM_MODEL', 'WEBGYM_SITES_TOKEN']],
    ['demo', ['WEBGYM_CHROMIUM']],
    ['browsers serve', ['WEBGYM_CHROMIUM']],
    ['judge', ['WEBGYM_JUDGE_MODEL', 'WEBGYM_SELECT_MODEL', 'XDG_CACHE_HOME', 'WEBGYM_CACHE']],
    ['rubric gen', ['WEBGYM_MODEL', 'XDG_CACHE_HOME', 'WEBGYM_CACHE']],
    ['train', ['WEBGYM_TRAIN_MODEL']],
    ['env serve', ['WEBGYM_CHROMIUM', 'OPENAI_BASE_URL', 'WEBGYM_JUDGE_MODEL', 'XDG_CACHE_HOME', 'WEBGYM_CACHE']],
  ])('`%s --help` names every environment variable it reads under ENVIRONMENT', async (command, names) => {
    const result = await workdir().run([...command.split(' '), '--help'])
    expect(result.exitCode, dump(result)).toBe(0)
    const section = /^ENVIRONMENT\n([\s\S]*?)\n\n[A-Z]/m.exec(result.stdout)?.[1] ?? ''
    for (const name of names) expect(section, `${command}: ${name}`).toMatch(new RegExp(`^  ${name}\\s`, 'm'))
  })

  // The lists in help come from the registries: every choice there is named, with what it is, in the help.
  it.each([
    ['rollout', 'policies', POLICY_SUMMARIES],
    ['rollout', 'dialects', DIALECT_SUMMARIES],
    ['rollout', 'observation modes', OBSERVE_MODE_SUMMARIES],
    ['sites serve', 'fault presets', FAULT_PRESETS],
    ['sites serve', 'hazards', HAZARD_SUMMARIES],
  ])('`%s --help` lists every one of its %s as its registry has it', async (command, _what, summaries) => {
    const result = await workdir().run([...command.split(' '), '--help'])
    expect(result.exitCode, dump(result)).toBe(0)
    // oclif wraps lines; the text is compared with the wrapping undone.
    const text = result.stdout.replace(/\s+/g, ' ')
    for (const [name, summary] of Object.entries(summaries)) expect(text).toContain(`${name} (${summary})`)
  })

  it('`sites serve --help` shows a spec with every part a fault spec may set', async () => {
    const result = await workdir().run(['sites', 'serve', '--help'])
    expect(result.exitCode, dump(result)).toBe(0)
    const text = result.stdout.replace(/\s+/g, '')
    for (const [part, value] of Object.entries(FAULT_PART_EXAMPLES)) expect(text).toContain(`${part}=${value}`)
  })

  it('an unknown command in `webgym help` is a usage error with one line', async () => {
    const result = await workdir().run(['help', 'nosuch'])
    expect(result.exitCode).toBe(2)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stdout).toBe('')
  })
})

describe('view', () => {
  it('on records that are not trajectories exits 1 with one line and leaves no report folder', async () => {
    const wd = workdir()
    wd.write('tasks.ndjson', `${JSON.stringify({id: 'a', source: 's', intent: 'find it'})}\n`)
    const result = await wd.run(['view', 'tasks.ndjson', '--out', 'report'])
    expect(result.exitCode).toBe(1)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stderr).toMatch(/tasks\.ndjson:1: .*"task"/)
    expect(existsSync(wd.path('report'))).toBe(false)
  })
})
