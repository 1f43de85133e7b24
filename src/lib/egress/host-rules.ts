import {UsageError} from '../errors.js'

/** Where a mapped name leads: an address (or a name to resolve) and, when the rule gives one, a port. */
export interface MappedTarget {
  host: string
  port: number | null
}

interface MapRule {
  glob: string
  pattern: RegExp
  target: MappedTarget
}

/**
 * Chromium's `--host-resolver-rules` MAP rules (`MAP *.webgym.test 127.0.0.1:8040, MAP other.test 10.0.0.5`), read
 * by the egress proxy, which resolves names for the browser. Only MAP is understood; the first matching rule wins.
 */
export class HostRules {
  private constructor(private readonly rules: readonly MapRule[]) {}

  static parse(text: string | undefined): HostRules {
    const rules: MapRule[] = []
    for (const part of (text ?? '')
      .split(',')
      .map((rule) => rule.trim())
      .filter(Boolean)) {
      const match = /^MAP\s+(\S+)\s+(\S+)$/i.exec(part)
      if (!match)
        throw new UsageError(
          `host resolver rule ${JSON.stringify(part)} is not understood`,
          'give rules as "MAP pattern address[:port]", comma-separated, e.g. "MAP *.webgym.test 127.0.0.1:8040"',
        )
      rules.push({glob: match[1]!.toLowerCase(), pattern: globPattern(match[1]!), target: parseTarget(part, match[2]!)})
    }
    return new HostRules(rules)
  }

  /** The name patterns the rules map, as written (`*.webgym.test`). */
  patterns(): string[] {
    return this.rules.map((rule) => rule.glob)
  }

  /** Where `host` is mapped, or null when no rule maps it. */
  map(host: string): MappedTarget | null {
    const name = host.toLowerCase().replace(/\.+$/, '')
    return this.rules.find((rule) => rule.pattern.test(name))?.target ?? null
  }
}

function globPattern(glob: string): RegExp {
  const body = glob
    .toLowerCase()
    .split('*')
    .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*')
  return new RegExp(`^${body}$`)
}

function parseTarget(rule: string, text: string): MappedTarget {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text)
  const plain = /^([^:[\]]+)(?::(\d+))?$/.exec(text)
  const found = bracketed ?? plain
  if (!found)
    throw new UsageError(
      `host resolver rule ${JSON.stringify(rule)} maps to ${JSON.stringify(text)}, which is not address[:port]`,
      'give an address and an optional port, e.g. 127.0.0.1:8040',
    )
  const port = found[2] === undefined ? null : Number(found[2])
  if (port !== null && (port < 1 || port > 65_535))
    throw new UsageError(
      `host resolver rule ${JSON.stringify(rule)} has a port outside 1-65535`,
      'give a port from 1 to 65535',
    )
  return {host: found[1]!, port}
}
