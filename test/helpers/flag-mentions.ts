import {readFileSync} from 'node:fs'
import {join, relative} from 'node:path'
import ts from 'typescript'
import {root} from './cli.js'

// What webgym's source says about command-line flags, read from its syntax (the TypeScript compiler's), never run:
// every `--flag` that a string or template literal spells, and what kind of mention it is.

/** Flags of other programs that webgym's text names, and whose they are. */
export const FOREIGN_FLAGS: Readonly<Record<string, string>> = {
  '--enable-lora': 'vLLM (vllm serve)',
  '--max-lora-rank': 'vLLM (vllm serve)',
  '--host-resolver-rules': 'Chromium',
  '--disable-features': 'Chromium',
  '--array': 'Slurm (sbatch)',
  '--config_file': 'accelerate (accelerate launch)',
}

export type MentionKind =
  /** Text that names a flag of whichever command shows it: only the command layer may spell one. */
  | 'flag'
  /** A flag written after the webgym command it belongs to: `tasks export --format hf`. */
  | 'command-flag'
  /**
   * A word of another program's command line: an array element or a pushed argument (`'--no-sandbox'`), or a flag in
   * a quoted command line of another program (`` `accelerate launch trainer/train.py --config FILE` ``).
   */
  | 'program-argument'
  /** A CSS custom property in a page's style: `var(--fg)`, `{--fg:#111}`. */
  | 'css-property'
  /** A flag of another program, named in text (FOREIGN_FLAGS). */
  | 'foreign-flag'

export interface FlagMention {
  kind: MentionKind
  /** As written: `--resume`. */
  flag: string
  /** The webgym command a command-flag is written after: `tasks export`. */
  command?: string
  /** Relative to the repository: `src/lib/io/record-writer.ts:131`. */
  where: string
  /** The literal's text, for messages. */
  text: string
}

/** What the scan needs to know of the CLI: its command ids as typed (`tasks export`) and the letters of short flags. */
export interface CliWords {
  commands: readonly string[]
  shortFlags: readonly string[]
}

/** The CLI's words, from its commands' flags. */
export function cliWords(commands: ReadonlyMap<string, ReadonlySet<string>>): CliWords {
  const shortFlags = new Set<string>()
  for (const flags of commands.values()) for (const flag of flags) if (/^-\w$/.test(flag)) shortFlags.add(flag[1]!)
  return {commands: [...commands.keys()], shortFlags: [...shortFlags]}
}

/** Every command as typed (`tasks export`) with the flags it takes, from the built CLI's manifest. */
export function manifestCommands(): Map<string, Set<string>> {
  const manifest = JSON.parse(readFileSync(join(root, 'oclif.manifest.json'), 'utf8')) as {
    commands: Record<string, {flags: Record<string, {char?: string; allowNo?: boolean; aliases?: string[]}>}>
  }
  const commands = new Map<string, Set<string>>()
  for (const [id, command] of Object.entries(manifest.commands)) {
    // Every command answers --help (oclif's own, not in the manifest's flags).
    const flags = new Set(['--help'])
    for (const [name, flag] of Object.entries(command.flags)) {
      flags.add(`--${name}`)
      if (flag.char) flags.add(`-${flag.char}`)
      if (flag.allowNo) flags.add(`--no-${name}`)
      for (const alias of flag.aliases ?? []) flags.add(`--${alias}`)
    }
    commands.set(id.replaceAll(':', ' '), flags)
  }
  return commands
}

/** The flags one literal spells, each with its kind; `node` is the literal (a string, or a piece of a template). */
export function mentionsIn(node: ts.Node, text: string, words: CliWords, where: string): FlagMention[] {
  const {commands} = words
  // Long flags, and the short ones the CLI has (`-o`) standing alone.
  const short = words.shortFlags.length > 0 ? `|-[${words.shortFlags.join('')}](?![\\w-])` : ''
  const flagPattern = new RegExp(`(?<![\\w-])(?:--[A-Za-z][\\w-]*${short})`, 'g')
  const byLength = [...commands].sort((a, b) => b.length - a.length).map(escapeRegExp)
  // A command line (`webgym rollout --policy random --horizon 5`, examples' `<%= config.bin %> rollout ...`) holds the
  // command's flags until the next pipe or separator; prose (`(filter --success --drop-repeated-steps)`) only the
  // flags right after it.
  const commandLine = new RegExp(`(?:webgym|<%= config\\.bin %>) (${byLength.join('|')})(?: [^\\s|;&]+)* $`)
  const prose = new RegExp(`(?:^|[\\s(\`'"])(${byLength.join('|')})(?: -[-\\w]+)* $`)
  const firstWords = new Set(['webgym', '<%=', ...commands.map((command) => command.split(' ')[0]!)])
  const mentions: FlagMention[] = []
  for (const match of text.matchAll(flagPattern)) {
    const flag = match[0]
    const before = text.slice(0, match.index)
    const after = text.slice(match.index! + flag.length)
    const base = {flag, where, text}
    if (/var\($/.test(before) || (/[{;]\s*$/.test(before) && after.startsWith(':'))) {
      mentions.push({...base, kind: 'css-property'})
    } else if (isProgramArgument(node, text)) {
      // The argument list of a webgym command (`['split', FILE, '--train', ...]`, as the demo runs them) holds its flags.
      const command = argvCommand(node, commands)
      mentions.push(command ? {...base, kind: 'command-flag', command} : {...base, kind: 'program-argument'})
    } else if (inForeignCommandLine(before, firstWords)) {
      mentions.push({...base, kind: 'program-argument'})
    } else if (FOREIGN_FLAGS[flag]) {
      mentions.push({...base, kind: 'foreign-flag'})
    } else {
      const command = commandLine.exec(before)?.[1] ?? prose.exec(before)?.[1]
      mentions.push(command ? {...base, kind: 'command-flag', command} : {...base, kind: 'flag'})
    }
  }
  return mentions
}

/** Inside a backquoted command line of another program: `` `vllm serve MODEL --enable-lora` ``. */
function inForeignCommandLine(before: string, webgymWords: ReadonlySet<string>): boolean {
  const quotes = before.split('`')
  if (quotes.length % 2 === 1) return false
  const program = quotes.at(-1)!.trimStart().split(/\s+/)[0]!
  return /^[a-z][\w.-]*$/.test(program) && !webgymWords.has(program)
}

/** A whole literal that is one word of a command line, given as an array element or a pushed argument. */
function isProgramArgument(node: ts.Node, text: string): boolean {
  const whole = ts.isTemplateHead(node) ? /^--[\w-]+=$/.test(text) : /^(--[\w-]+(=.*)?|-\w)$/.test(text)
  if (!whole) return false
  const literal = ts.isTemplateHead(node) ? node.parent : node
  const parent = literal.parent
  if (ts.isArrayLiteralExpression(parent)) return true
  return (
    ts.isCallExpression(parent) &&
    ts.isPropertyAccessExpression(parent.expression) &&
    ['push', 'unshift'].includes(parent.expression.name.text)
  )
}

/** The webgym command whose argument list holds this literal: the array's leading words name it (`['judge', 'eval', ...]`). */
function argvCommand(node: ts.Node, commands: readonly string[]): string | undefined {
  const array = node.parent
  if (!ts.isArrayLiteralExpression(array)) return undefined
  const leading: string[] = []
  for (const element of array.elements) {
    if (!ts.isStringLiteral(element) || element.text.startsWith('-')) break
    leading.push(element.text)
  }
  return [leading.slice(0, 2).join(' '), leading.slice(0, 1).join(' ')].find((id) => commands.includes(id))
}

/** The literal pieces of a node that can hold text: strings, template literals and their parts. */
export function literalText(node: ts.Node): string | undefined {
  if (
    ts.isStringLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    ts.isTemplateHead(node) ||
    ts.isTemplateMiddle(node) ||
    ts.isTemplateTail(node)
  )
    return node.text
  return undefined
}

/** The flag mentions of one node of a parsed file: none unless it is a literal. */
export function mentionsAt(node: ts.Node, file: ts.SourceFile, words: CliWords): FlagMention[] {
  const text = literalText(node)
  return text === undefined ? [] : mentionsIn(node, text, words, whereOf(file, node))
}

/** Every flag mention in a parsed file. */
export function fileMentions(file: ts.SourceFile, words: CliWords): FlagMention[] {
  const mentions: FlagMention[] = []
  const visit = (node: ts.Node): void => {
    mentions.push(...mentionsAt(node, file, words))
    ts.forEachChild(node, visit)
  }
  visit(file)
  return mentions
}

export function whereOf(file: ts.SourceFile, node: ts.Node): string {
  return `${relative(root, file.fileName)}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`
}

/** The program of src/ as tsconfig.json builds it, with its type checker. */
export function sourceProgram(): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
      },
    },
  )!
  const program = ts.createProgram(config.fileNames, {...config.options, noEmit: true})
  // Binding (the checker) gives every node its parent, which the mention rules read.
  program.getTypeChecker()
  return program
}

export function isSourceFile(file: ts.SourceFile): boolean {
  return !file.isDeclarationFile && file.fileName.startsWith(join(root, 'src') + '/')
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
