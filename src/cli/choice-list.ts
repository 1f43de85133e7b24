// Help and hints list a registry's choices from the registry itself (dialects, policies, observation modes, fault
// presets), so that a choice added there shows in every list at once.

/** Names as a sentence lists them: `a, b or c` (or `a, b and c`). */
export function namesList(names: readonly string[], conjunction: 'or' | 'and' = 'or'): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} ${conjunction} ${names.at(-1)}`
}

/** Each choice with what it is, in the registry's order: `a (what a is), b (what b is)`. */
export function choiceList(summaries: Readonly<Record<string, string>>, separator = ', '): string {
  return Object.entries(summaries)
    .map(([name, summary]) => `${name} (${summary})`)
    .join(separator)
}
