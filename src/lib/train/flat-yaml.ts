// A YAML writer for flat configs (LLaMA-Factory's train.yaml): `key: value` lines in sections. Strings are written
// double-quoted (JSON's escapes are YAML's), and floats in a form PyYAML reads as floats: it takes `1e-05` for a
// string, so an exponent always follows a mantissa with a dot (`1.0e-05`).

export type YamlScalar = string | number | boolean | null

export function flatYaml(sections: ReadonlyArray<{title: string; values: Record<string, YamlScalar>}>): string {
  return sections
    .map(({title, values}) =>
      [`### ${title}`, ...Object.entries(values).map(([key, value]) => `${key}: ${yamlScalar(value)}`)].join('\n'),
    )
    .join('\n\n')
    .concat('\n')
}

export function yamlScalar(value: YamlScalar): string {
  if (value === null) return 'null'
  if (typeof value === 'boolean') return String(value)
  if (typeof value === 'string') return JSON.stringify(value)
  if (!Number.isFinite(value)) throw new Error(`cannot write ${value} to YAML`)
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return String(value)
  const text = String(value)
  const exponent = /^(-?\d+)(?:\.(\d+))?e([+-])(\d+)$/.exec(text)
  if (!exponent) return text
  return `${exponent[1]}.${exponent[2] ?? '0'}e${exponent[3]}${exponent[4]!.padStart(2, '0')}`
}
