// Bad usage (exit 2, one line), help for every command, unknown commands, and a reader that stops early (exit 0).
import {readdirSync} from 'node:fs'
import {readFile} from 'node:fs/promises'
import {join, relative} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'
import {SOURCE_NAMES} from '../src/lib/sources/index.js'
import {assertBuilt, dump, expectOneError, linesOf, root, webgym, webvoyagerRow} from './helpers/bad-input.js'
import {workdir, type Workdir} from './helpers/workdir.js'

beforeAll(assertBuilt)

describe('usage errors exit 2 with one line (built CLI)', () => {
  it('an unknown --source lists every valid name', async () => {
    const line = expectOneError(await webgym(['tasks', 'build', '--source', 'webvoyagr', 'truncated-line.jsonl']), {
      exitCode: 2,
      says: /webvoyagr/,
    })
    for (const name of SOURCE_NAMES) expect(line).toContain(name)
  })

  it('--map that is not TARGET=FIELD', async () => {
    expectOneError(await webgym(['tasks', 'build', '--map', 'question', 'ragged.csv']), {
      exitCode: 2,
      at: '--map: ',
      says: /"question" is not TARGET=FIELD/,
    })
  })

  it('--map with an unknown target names it and the valid ones', async () => {
    expectOneError(await webgym(['tasks', 'build', '--map', 'intent=question,prompt=site', 'ragged.csv']), {
      exitCode: 2,
      at: '--map: ',
      says: /unknown target "prompt".*intent, website/,
    })
  })

  it('--map without an intent', async () => {
    expectOneError(await webgym(['tasks', 'build', '--map', 'website=site', 'ragged.csv']), {
      exitCode: 2,
      at: '--map: ',
      says: /intent=FIELD/,
    })
  })

  it('--map with a source other than generic', async () => {
    expectOneError(await webgym(['tasks', 'build', '--source', 'webvoyager', '--map', 'intent=ques', 'ragged.csv']), {
      exitCode: 2,
      says: /--map applies to --source generic/,
    })
  })

  it('--label without --source generic, and --answers with a source other than webvoyager, instead of being ignored', async () => {
    expectOneError(await webgym(['tasks', 'build', '--source', 'webvoyager', '--label', 'mine', 'ragged.csv']), {
      exitCode: 2,
      says: /--label names the source of --source generic records, not of webvoyager/,
    })
    expectOneError(await webgym(['tasks', 'build', '--label', 'mine', 'ragged.csv']), {
      exitCode: 2,
      says: /--label names the source of --source generic records/,
    })
    expectOneError(
      await webgym(['tasks', 'build', '--source', 'browsecomp', '--answers', 'reference_answer.json', 'ragged.csv']),
      {exitCode: 2, says: /--answers .* applies to --source webvoyager, not browsecomp/},
    )
  })

  it('an unknown flag', async () => {
    expectOneError(await webgym(['tasks', 'build', '--sauce', 'webvoyager', 'ragged.csv']), {
      exitCode: 2,
      says: /--sauce/,
    })
  })

  it('an --on-invalid value that is not fail or skip', async () => {
    expectOneError(await webgym(['tasks', 'build', '--on-invalid', 'ignore', 'ragged.csv']), {
      exitCode: 2,
      says: /--on-invalid.*fail, skip/,
    })
  })

  it('a --max-line-bytes below the minimum', async () => {
    expectOneError(await webgym(['tasks', 'build', '--max-line-bytes', '10', 'ragged.csv']), {
      exitCode: 2,
      says: /--max-line-bytes/,
    })
  })

  // Outputs are opened before inputs are read: -o naming an input would empty it (or have it read while it grows).
  it.each([
    ['tasks build', ['tasks', 'build']],
    ['tasks export', ['tasks', 'export']],
    ['tasks classify', ['tasks', 'classify']],
    ['tasks decompose', ['tasks', 'decompose']],
    ['rubric gen', ['rubric', 'gen']],
    ['judge', ['judge']],
    ['filter', ['filter']],
    ['rollout', ['rollout']],
  ])('%s refuses -o naming one of its input files and leaves the file as it was', async (_name, command) => {
    const wd = workdir()
    const content = `${JSON.stringify({id: 'a:1', source: 'a', intent: 'Find x', website: 'x.com', start_url: 'https://x.com/'})}\n`
    const input = wd.write('records.ndjson', content)
    // The same file under another name (a relative path from another directory) is caught too.
    const result = await wd.run([...command, 'other.ndjson', 'records.ndjson', '-o', input])
    expectOneError(result, {
      exitCode: 2,
      says: /-o ".*records\.ndjson" is an input file; writing it would destroy the input/,
    })
    expect(await readFile(input, 'utf8')).toBe(content)
  })

  it('--failed - (failed records mixed into the data on stdout), --failed naming -o, and --failed naming an input', async () => {
    const wd = workdir()
    const content = `${JSON.stringify({id: 'a:1', source: 'a', intent: 'Find x', website: 'x.com', start_url: 'https://x.com/'})}\n`
    const input = wd.write('tasks.ndjson', content)
    const model = ['--model', 'm', '--base-url', 'http://127.0.0.1:9/v1']
    expectOneError(await webgym(['rubric', 'gen', ...model, '--failed', '-', input]), {
      exitCode: 2,
      says: /--failed - would mix the failed records into the data on stdout \(name a file/,
    })
    expectOneError(
      await webgym([
        'tasks',
        'classify',
        ...model,
        '--failed',
        wd.path('out.ndjson'),
        '-o',
        wd.path('out.ndjson'),
        input,
      ]),
      {exitCode: 2, says: /--failed and -o both name .*out\.ndjson/},
    )
    expectOneError(await webgym(['tasks', 'decompose', ...model, '--failed', input, input]), {
      exitCode: 2,
      says: /--failed ".*tasks\.ndjson" is an input file/,
    })
    expect(await readFile(input, 'utf8')).toBe(content)
  })

  it('split without its required --train and --test', async () => {
    expectOneError(await webgym(['split', 'tasks-bad.ndjson']), {
      exitCode: 2,
      says: /Missing required flag test; Missing required flag train/,
    })
  })
})

/** Every command the built CLI has, found from dist/commands (`tasks/build.js` is `tasks build`). */
function commandIds(): string[] {
  const base = join(root, 'dist', 'commands')
  const found: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, {withFileTypes: true})) {
      if (entry.isDirectory()) walk(join(dir, entry.name))
      // A topic's own command lives in index.js: `judge/index.js` is `judge`.
      else if (entry.name.endsWith('.js'))
        found.push(
          relative(base, join(dir, entry.name))
            .replace(/(?:[\\/]index)?\.js$/, '')
            .split(/[\\/]/)
            .join(' '),
        )
    }
  }
  walk(base)
  return found.sort()
}

describe('help (built CLI)', () => {
  // `webgym help --help` is the root help, as oclif (and git) make it; test/help.cli.test.ts covers `help`.
  const ids = commandIds().filter((id) => id !== 'help')

  it('finds the commands to check', () => {
    expect(ids).toEqual(expect.arrayContaining(['schema', 'tasks build']))
  })

  it('webgym --help exits 0 with the description and every command', async () => {
    const result = await webgym(['--help'])
    expect(result.exitCode, dump(result)).toBe(0)
    const stdout = String(result.stdout)
    expect(linesOf(stdout)[0], dump(result)).toMatch(/^Composable Unix-style commands/)
    expect(stdout, dump(result)).toMatch(/^COMMANDS$/m)
    for (const id of ids) expect(stdout, dump(result)).toContain(id.split(' ')[0])
  })

  for (const id of ids) {
    it(`webgym ${id} --help exits 0 with a description, EXAMPLES and FLAGS`, async () => {
      const result = await webgym([...id.split(' '), '--help'])
      const context = dump(result)
      expect(result.exitCode, context).toBe(0)
      const stdout = String(result.stdout)
      expect(linesOf(stdout)[0].length, context).toBeGreaterThan(10)
      for (const section of ['USAGE', 'DESCRIPTION', 'EXAMPLES', 'FLAGS'])
        expect(stdout, context).toMatch(new RegExp(`^${section}$`, 'm'))
      expect(stdout, context).toContain(`$ webgym ${id}`)
      expect(linesOf(result.stderr), context).toEqual([])
    })
  }
})

describe('unknown commands (built CLI)', () => {
  for (const words of [['frobnicate'], ['tasks', 'frobnicate']]) {
    it(`webgym ${words.join(' ')} exits non-zero with one line`, async () => {
      const result = await webgym(words)
      const context = dump(result)
      expect(result.exitCode, context).not.toBe(0)
      const lines = linesOf(result.stderr)
      expect(lines, context).toHaveLength(1)
      expect(lines[0], context).toMatch(/^webgym: .*frobnicate/)
      expect(String(result.stdout), context).toBe('')
    })
  }
})

describe('a reader that stops early (built CLI)', () => {
  let wd: Workdir
  beforeAll(() => {
    wd = workdir()
    // About 3 MB of output: many 64 KB writes, far more than a pipe buffer holds.
    const rows = Array.from({length: 20_000}, (_, i) =>
      webvoyagerRow(i, `Find recipe number ${i} with at least ${i % 5} stars and a photo`),
    )
    wd.write('big.jsonl', `${rows.join('\n')}\n`)
  })

  it('`webgym tasks build big.jsonl | head -1` exits 0 with no error output', async () => {
    const script =
      '"$NODE" "$BIN" tasks build --source webvoyager big.jsonl 2>stderr.txt | head -n 1 > first.txt; echo "${PIPESTATUS[0]}" > status.txt'
    const shell = await wd.sh(script)
    expect(shell.exitCode, dump(shell)).toBe(0)
    const [status, first, stderr] = ['status.txt', 'first.txt', 'stderr.txt'].map((name) => wd.read(name))
    const context = `exit ${status}\n--- stdout\n${first}\n--- stderr\n${stderr}`
    expect(status.trim(), context).toBe('0')
    expect(
      linesOf(stderr).filter((line) => !line.startsWith('webgym: tasks build: ')),
      context,
    ).toEqual([])
    expect(JSON.parse(first), context).toMatchObject({id: 'webvoyager:Allrecipes--0'})
  })

  it('a reader that takes one line and closes the pipe: exit 0, no error output', async () => {
    const child = wd.spawn(['tasks', 'build', '--source', 'webvoyager', 'big.jsonl'], {
      buffer: {stdout: false, stderr: true},
    })
    let text = ''
    for await (const chunk of child.stdout) {
      text += String(chunk)
      if (text.includes('\n')) break
    }
    child.stdout.destroy()
    const result = await child
    const context = `exit ${result.exitCode} signal ${result.signal}\n--- stderr\n${String(result.stderr)}`
    expect(result.exitCode, context).toBe(0)
    expect(
      linesOf(result.stderr).filter((line) => !line.startsWith('webgym: tasks build: ')),
      context,
    ).toEqual([])
    expect(JSON.parse(text.slice(0, text.indexOf('\n'))), context).toMatchObject({id: 'webvoyager:Allrecipes--0'})
  })
})
