import {existsSync} from 'node:fs'
import {join} from 'node:path'
import ts from 'typescript'
import {beforeAll, describe, expect, it} from 'vitest'
import {flagNames} from '../src/cli/flag-names.js'
import {OPTION_KEYS} from '../src/lib/option-keys.js'
import {assertBuilt, root} from './helpers/cli.js'
import {commandReach, type CommandText} from './helpers/command-reach.js'
import {
  cliWords,
  fileMentions,
  FOREIGN_FLAGS,
  isSourceFile,
  manifestCommands,
  mentionsIn,
  sourceProgram,
  type CliWords,
} from './helpers/flag-mentions.js'

// Text names flags truthfully, checked on the source itself (read by the TypeScript compiler, never run):
// - A service never spells a flag: text in src/lib that names an option holds a reference to it (option-text.ts,
//   `opt('resume')`), which the command layer shows as its flag and a library caller as the option key. The words of
//   other programs' command lines, CSS properties, and a flag written after the webgym command it belongs to
//   (`tasks export --format hf`) are not such spellings.
// - A hint may name only flags its command has: for every command, the options and flags that the code it can run
//   may show (helpers/command-reach.ts) are flags of that command, and a flag written after another command is one
//   that command has.

let commands: Map<string, Set<string>>
let words: CliWords
let program: ts.Program
let reach: (file: string) => CommandText

beforeAll(() => {
  assertBuilt()
  commands = manifestCommands()
  words = cliWords(commands)
  program = sourceProgram()
  // flag-names.ts is the mechanism: the table of each option key's flag, not text that names one.
  reach = commandReach(program, words, ['src/cli/flag-names.ts'])
}, 300_000)

/** The mentions of one literal, as the scan reads it in this code. */
function scan(code: string): {kind: string; flag: string; command?: string}[] {
  const file = ts.createSourceFile('snippet.ts', code, ts.ScriptTarget.Latest, true)
  const out: {kind: string; flag: string; command?: string}[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node))
      for (const {kind, flag, command} of mentionsIn(node, node.text, words, 'snippet.ts'))
        out.push(command ? {kind, flag, command} : {kind, flag})
    ts.forEachChild(node, visit)
  }
  visit(file)
  return out
}

describe('the scan', () => {
  it('tells a flag in text from a command line, a program argument, a CSS property and another program’s flag', () => {
    expect(scan("hint('free space, then rerun with --resume out.ndjson')")).toEqual([{kind: 'flag', flag: '--resume'}])
    expect(scan('warn(`-o ${file} is an input file`)')).toEqual([{kind: 'flag', flag: '-o'}])
    expect(scan("note('(tasks classify --infer-website)')")).toEqual([
      {kind: 'command-flag', flag: '--infer-website', command: 'tasks classify'},
    ])
    expect(scan("x = '<%= config.bin %> split all.ndjson --train a.ndjson --test b.ndjson | wc -l'")).toEqual([
      {kind: 'command-flag', flag: '--train', command: 'split'},
      {kind: 'command-flag', flag: '--test', command: 'split'},
    ])
    expect(scan("run(['judge', 'eval', FILE, '--labels', L, '-o', OUT])")).toEqual([
      {kind: 'command-flag', flag: '--labels', command: 'judge eval'},
      {kind: 'command-flag', flag: '-o', command: 'judge eval'},
    ])
    expect(scan("const FLAGS = ['--no-sandbox']; args.push(`--proxy-server=${url}`)")).toEqual([
      {kind: 'program-argument', flag: '--no-sandbox'},
      {kind: 'program-argument', flag: '--proxy-server'},
    ])
    expect(scan('const d = "runs `accelerate launch train.py --config FILE`"')).toEqual([
      {kind: 'program-argument', flag: '--config'},
    ])
    expect(scan("css = ':root{--fg:#111} a{color:var(--fg)}'")).toEqual([
      {kind: 'css-property', flag: '--fg'},
      {kind: 'css-property', flag: '--fg'},
    ])
    expect(scan("hint('start vLLM with --enable-lora')")).toEqual([{kind: 'foreign-flag', flag: '--enable-lora'}])
    // A flag compared as a string is not an argument list.
    expect(scan("if (from !== '--shard') x()")).toEqual([{kind: 'flag', flag: '--shard'}])
  })

  it('lists only other programs’ flags that the text names', () => {
    const named = new Set(
      program
        .getSourceFiles()
        .filter(isSourceFile)
        .flatMap((file) => fileMentions(file, words))
        .filter((mention) => mention.kind === 'foreign-flag')
        .map((mention) => mention.flag),
    )
    expect([...named].sort()).toEqual(Object.keys(FOREIGN_FLAGS).sort())
  })
})

describe('src/lib', () => {
  it('spells no flag: services name options through option-text', () => {
    const spelled = program
      .getSourceFiles()
      .filter((file) => isSourceFile(file) && file.fileName.startsWith(join(root, 'src', 'lib') + '/'))
      .flatMap((file) => fileMentions(file, words))
      .filter((mention) => mention.kind === 'flag')
      .map((mention) => `${mention.where}: ${mention.flag} in ${JSON.stringify(mention.text.slice(0, 100))}`)
    expect(spelled).toEqual([])
  })

  it('names only options the command layer can spell', () => {
    for (const key of OPTION_KEYS) expect(flagNames(key), key).toMatch(/^-/)
  })
})

describe('every command', () => {
  it('writes a flag after another command only where that command has it', () => {
    const wrong = program
      .getSourceFiles()
      .filter(isSourceFile)
      .flatMap((file) => fileMentions(file, words))
      .filter((mention) => mention.kind === 'command-flag' && !commands.get(mention.command!)!.has(mention.flag))
      .map((mention) => `${mention.where}: ${mention.command} has no ${mention.flag}`)
    expect(wrong).toEqual([])
  })

  it('reaches through its services: the analysis sees what each can say', () => {
    const optionFiles = (id: string) => new Set(textOf(id).options.map((option) => option.where.replace(/:\d+$/, '')))
    // rubric gen: command > TaskBatchCommand.runJob > runTaskBatch > runRecordBatch > openResumableOutput.
    expect(optionFiles('rubric gen')).toContain('src/lib/batch/resume-output.ts')
    // filter writes through RecordWriter but cannot resume: the resume advice is out of its reach.
    expect(optionFiles('filter')).not.toContain('src/lib/batch/resume-output.ts')
    expect(optionFiles('filter')).toContain('src/lib/filter/record-predicates.ts')
    // rollout: down to the browser pool's fleet warnings, through classes and their methods.
    expect(optionFiles('rollout')).toContain('src/lib/rollout/browser-pool.ts')
  })

  it.each([...manifestCommands().keys()])('%s: its messages and hints name only flags it has', (id) => {
    const flags = commands.get(id)!
    const text = textOf(id)
    const named = [
      ...text.options.map((option) => ({flag: flagNames(option.key as never), where: option.where, via: option.via})),
      ...text.mentions.filter((mention) => mention.kind === 'flag'),
    ]
    const missing = named
      .filter((mention) => !flags.has(mention.flag))
      .map((mention) => `${mention.flag} at ${mention.where} (${mention.via})`)
    expect(missing).toEqual([])
  })
})

function textOf(id: string): CommandText {
  const base = join('src', 'commands', ...id.split(' '))
  return reach(existsSync(join(root, `${base}.ts`)) ? `${base}.ts` : join(base, 'index.ts'))
}
