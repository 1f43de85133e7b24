import {join} from 'node:path'
import ts from 'typescript'
import {root} from './cli.js'
import {isSourceFile, mentionsAt, whereOf, type CliWords, type FlagMention} from './flag-mentions.js'

// What text a command can show, read from the source with the TypeScript compiler, never run: from the command's
// class, every declaration its code refers to, through imports, to the end, and what each says (the flags its literals
// spell, the options its `opt('key')` calls name).
//
// The unit is a top-level declaration, except that a class's methods and a top-level object's properties are units of
// their own: reaching `llmFlags.model` does not reach every other flag's description, and reaching a class (`new X`,
// its fields) does not reach a method nobody calls. A method reached through an interface or a base class also reaches
// the methods of that name in the classes that implement or extend it. The command's own class is taken whole, with
// the lifecycle methods oclif calls on its base classes.

/** The methods oclif calls on a command. */
const LIFECYCLE = new Set(['init', 'run', 'catch', 'finally'])

/** What a command can show: the options it names by reference, and the flags its text spells, each with the way there. */
export interface CommandText {
  options: {key: string; where: string; via: string}[]
  mentions: (FlagMention & {via: string})[]
}

interface Unit {
  refs: Set<ts.Node>
  options: {key: string; where: string}[]
  mentions: FlagMention[]
}

type Member = ts.MethodDeclaration | ts.AccessorDeclaration | ts.MethodSignature | ts.PropertySignature

/**
 * Reads the program's declarations as they are reached; `reach(file)` gives what the command in `file` (its
 * default-exported class) can show. `skip` names files whose declarations are mechanism, not text (the option-to-flag
 * table).
 */
export function commandReach(program: ts.Program, words: CliWords, skip: readonly string[]) {
  const checker = program.getTypeChecker()
  const skipped = new Set(skip.map((file) => join(root, file)))
  const units = new Map<ts.Node, Unit>()
  const sources = program.getSourceFiles().filter(isSourceFile)

  // Classes by the types they extend or implement, for members reached through a base.
  let heirs: Map<ts.Symbol, ts.ClassLikeDeclaration[]> | undefined
  const heirsOf = (symbol: ts.Symbol): ts.ClassLikeDeclaration[] => {
    if (!heirs) {
      heirs = new Map()
      for (const file of sources)
        for (const statement of file.statements) {
          if (!ts.isClassDeclaration(statement)) continue
          for (const clause of statement.heritageClauses ?? [])
            for (const type of clause.types) {
              const base = resolved(checker.getSymbolAtLocation(type.expression))
              if (base) heirs.set(base, [...(heirs.get(base) ?? []), statement])
            }
        }
    }
    const out: ts.ClassLikeDeclaration[] = []
    for (const heir of heirs.get(symbol) ?? []) {
      out.push(heir)
      const heirSymbol = heir.name && resolved(checker.getSymbolAtLocation(heir.name))
      if (heirSymbol && heirSymbol !== symbol) out.push(...heirsOf(heirSymbol))
    }
    return out
  }

  const resolved = (symbol: ts.Symbol | undefined): ts.Symbol | undefined =>
    symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol

  /** The unit a declaration belongs to. */
  const unitOf = (declaration: ts.Node): ts.Node | undefined => {
    let at: ts.Node = declaration
    for (;;) {
      const parent = at.parent
      if (!parent) return undefined
      if (ts.isSourceFile(parent)) return at
      if (isMethodLike(at) && ts.isClassLike(parent)) return at
      if (
        (ts.isPropertyAssignment(at) || ts.isShorthandPropertyAssignment(at) || ts.isMethodDeclaration(at)) &&
        ts.isObjectLiteralExpression(parent) &&
        isTopLevelConstant(parent)
      )
        return at
      at = parent
    }
  }

  /** A member reached through an interface or a base class also reaches its namesakes in the classes below. */
  const namesakes = (member: ts.Node): ts.Node[] => {
    if (!isMember(member) || !member.name) return []
    const owner = member.parent
    if (!ts.isClassLike(owner) && !ts.isInterfaceDeclaration(owner)) return []
    const ownerSymbol = owner.name && resolved(checker.getSymbolAtLocation(owner.name))
    if (!ownerSymbol) return []
    const name = member.name.getText()
    return heirsOf(ownerSymbol).flatMap((heir) =>
      heir.members.filter((candidate) => isMethodLike(candidate) && candidate.name?.getText() === name),
    )
  }

  /** What a unit says and refers to; `whole` takes a class with its methods (the command's own). */
  const unit = (node: ts.Node, whole = false): Unit => {
    const known = units.get(node)
    if (known && !whole) return known
    const file = node.getSourceFile()
    const found: Unit = {refs: new Set(), options: [], mentions: []}
    if (!whole) units.set(node, found)
    if (skipped.has(file.fileName)) return found
    const visit = (at: ts.Node): void => {
      // A class's methods are units of their own (but for the command's class, taken whole).
      if (at !== node && !whole && isMethodLike(at) && ts.isClassLike(at.parent)) return
      if (at !== node && isImportOrExport(at)) return
      // Types say nothing a user reads (and resolving them is most of the checker's work).
      if (ts.isTypeNode(at) || ts.isInterfaceDeclaration(at) || ts.isTypeAliasDeclaration(at)) return
      found.mentions.push(...mentionsAt(at, file, words))
      if (
        ts.isCallExpression(at) &&
        ts.isIdentifier(at.expression) &&
        at.expression.text === 'opt' &&
        at.arguments[0] &&
        ts.isStringLiteral(at.arguments[0])
      )
        found.options.push({key: at.arguments[0].text, where: whereOf(file, at)})
      if (ts.isIdentifier(at) || ts.isPrivateIdentifier(at) || ts.isStringLiteral(at)) {
        const symbol = resolved(checker.getSymbolAtLocation(at))
        for (const declaration of symbol?.declarations ?? []) {
          if (!isSourceFile(declaration.getSourceFile())) continue
          // `llmFlags.model` and `llmFlags['base-url']` reach that property (its name resolves to it), not the object.
          if (namesAPropertyOf(at) && isObjectConstant(declaration)) continue
          const target = unitOf(declaration)
          if (!target || target === node || isImportOrExport(target)) continue
          found.refs.add(target)
          for (const namesake of namesakes(declaration)) found.refs.add(namesake)
        }
      }
      ts.forEachChild(at, visit)
    }
    visit(node)
    return found
  }

  return (commandFile: string): CommandText => {
    const file = program.getSourceFile(join(root, commandFile))
    if (!file) throw new Error(`${commandFile} is not in the program`)
    const command = file.statements.find(
      (statement): statement is ts.ClassDeclaration =>
        ts.isClassDeclaration(statement) &&
        (statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword) ?? false),
    )
    if (!command) throw new Error(`${commandFile} exports no command class`)
    const text: CommandText = {options: [], mentions: []}
    // Breadth first, so that the way to each unit is a shortest one.
    const via = new Map<ts.Node, string>([[command, nameOf(command)]])
    const queue: ts.Node[] = []
    const take = (node: ts.Node, found: Unit) => {
      const way = via.get(node)!
      text.options.push(...found.options.map((option) => ({...option, via: way})))
      text.mentions.push(...found.mentions.map((mention) => ({...mention, via: way})))
      for (const next of found.refs) {
        if (via.has(next)) continue
        via.set(next, `${way} > ${nameOf(next)}`)
        queue.push(next)
      }
    }
    for (const method of lifecycleOf(command)) {
      via.set(method, `${nameOf(command)} > ${nameOf(method)}`)
      queue.push(method)
    }
    take(command, unit(command, true))
    for (let at = 0; at < queue.length; at++) take(queue[at]!, unit(queue[at]!))
    return text
  }

  /** The lifecycle methods of the command's base classes, which oclif calls. */
  function lifecycleOf(command: ts.ClassDeclaration): ts.Node[] {
    const methods: ts.Node[] = []
    let at: ts.ClassLikeDeclaration | undefined = command
    while (at) {
      const base: ts.ExpressionWithTypeArguments | undefined = at.heritageClauses?.find(
        (clause) => clause.token === ts.SyntaxKind.ExtendsKeyword,
      )?.types[0]
      const symbol: ts.Symbol | undefined = base && resolved(checker.getSymbolAtLocation(base.expression))
      const declaration: ts.ClassDeclaration | undefined = symbol?.declarations?.find(ts.isClassDeclaration)
      if (!declaration || !isSourceFile(declaration.getSourceFile())) break
      methods.push(
        declaration,
        ...declaration.members.filter(
          (member: ts.ClassElement) =>
            isMethodLike(member) && member.name !== undefined && LIFECYCLE.has(member.name.getText()),
        ),
      )
      at = declaration
    }
    return methods
  }
}

/** A unit as people name it: `BaseCommand.init`, `llmFlags.model`, `runRollout`. */
function nameOf(node: ts.Node): string {
  const named = (at: ts.Node): string | undefined =>
    (at as {name?: ts.Node}).name?.getText() ??
    (ts.isVariableStatement(at) ? at.declarationList.declarations[0]?.name.getText() : undefined)
  const own = named(node) ?? ts.SyntaxKind[node.kind]
  let owner: ts.Node | undefined = node.parent
  while (owner && !ts.isSourceFile(owner) && !ts.isClassLike(owner) && !ts.isVariableStatement(owner))
    owner = owner.parent
  return owner && !ts.isSourceFile(owner) ? `${named(owner) ?? '?'}.${own}` : own
}

function isMethodLike(node: ts.Node): node is ts.MethodDeclaration | ts.AccessorDeclaration {
  return ts.isMethodDeclaration(node) || ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node)
}

function isMember(node: ts.Node): node is Member {
  return isMethodLike(node) || ts.isMethodSignature(node) || ts.isPropertySignature(node)
}

function isImportOrExport(node: ts.Node): boolean {
  return ts.isImportDeclaration(node) || ts.isExportDeclaration(node)
}

/** The object of a property access by a name the code spells: `x` in `x.name` or `x['name']`. */
function namesAPropertyOf(node: ts.Node): boolean {
  const parent = node.parent
  if (ts.isPropertyAccessExpression(parent)) return parent.expression === node
  return (
    ts.isElementAccessExpression(parent) && parent.expression === node && ts.isStringLiteral(parent.argumentExpression)
  )
}

/** A top-level constant whose value is an object literal. */
function isObjectConstant(declaration: ts.Node): boolean {
  if (!ts.isVariableDeclaration(declaration) || !declaration.initializer) return false
  let value: ts.Node = declaration.initializer
  while (ts.isAsExpression(value) || ts.isSatisfiesExpression(value) || ts.isParenthesizedExpression(value))
    value = value.expression
  return ts.isObjectLiteralExpression(value) && isTopLevelConstant(value)
}

/** An object literal that is the value of a top-level constant (`export const llmFlags = {...}`). */
function isTopLevelConstant(object: ts.ObjectLiteralExpression): boolean {
  let at: ts.Node = object.parent
  while (ts.isAsExpression(at) || ts.isSatisfiesExpression(at) || ts.isParenthesizedExpression(at)) at = at.parent
  return (
    ts.isVariableDeclaration(at) &&
    ts.isVariableDeclarationList(at.parent) &&
    ts.isVariableStatement(at.parent.parent) &&
    ts.isSourceFile(at.parent.parent.parent)
  )
}
