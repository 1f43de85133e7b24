import type {SchemaElement} from 'hyparquet-writer'

// One description of a parquet file's columns, from which come the file's schema, the `datasets` features stored in
// the file and declared in the dataset card, the card's column table, and the values as the writer takes them.

/**
 * A column's type, named as `datasets` names it: `image` is the Hub's Image feature, a struct of the file's `bytes`
 * and its `path` (the name it had), which `datasets` decodes into a picture.
 */
export type ColumnType =
  'string' | 'int64' | 'float64' | 'bool' | 'image' | {list: ColumnType} | {struct: readonly ParquetColumn[]}

export interface ParquetColumn {
  name: string
  type: ColumnType
  /** What the column holds, for the dataset card and the README. */
  description: string
}

/** An `image` value: the picture's bytes and the name of the file they came from. */
export interface ImageValue {
  bytes: Uint8Array
  path: string
}

/**
 * The parquet schema: a root, then each column depth first. Every field is optional (nullable), as `datasets` writes
 * them: it reads every field as nullable, and uses the features stored in a file only where the file's types are the
 * ones those features give, nullability included. Lists are parquet's three-level LIST.
 */
export function parquetSchema(columns: readonly ParquetColumn[]): SchemaElement[] {
  return [
    {name: 'root', num_children: columns.length},
    ...columns.flatMap((column) => elements(column.name, column.type)),
  ]
}

function elements(name: string, type: ColumnType): SchemaElement[] {
  const optional = 'OPTIONAL' as const
  if (type === 'string') return [{name, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: optional}]
  if (type === 'int64') return [{name, type: 'INT64', repetition_type: optional}]
  if (type === 'float64') return [{name, type: 'DOUBLE', repetition_type: optional}]
  if (type === 'bool') return [{name, type: 'BOOLEAN', repetition_type: optional}]
  if (type === 'image')
    return [
      {name, repetition_type: optional, num_children: 2},
      {name: 'bytes', type: 'BYTE_ARRAY', repetition_type: optional},
      {name: 'path', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: optional},
    ]
  if ('list' in type)
    return [
      {name, repetition_type: optional, converted_type: 'LIST', num_children: 1},
      {name: 'list', repetition_type: 'REPEATED', num_children: 1},
      ...elements('element', type.list),
    ]
  return [
    {name, repetition_type: optional, num_children: type.struct.length},
    ...type.struct.flatMap((column) => elements(column.name, column.type)),
  ]
}

/**
 * The `datasets` features as its JSON (`Features.to_dict()`), stored in the file under the `huggingface` key so that
 * `load_dataset("parquet", ...)` decodes images without a card. A list is written as a one-element JSON list, the
 * form every `datasets` version reads.
 */
export function datasetsFeatures(columns: readonly ParquetColumn[]): Record<string, unknown> {
  return Object.fromEntries(columns.map((column) => [column.name, feature(column.type)]))
}

function feature(type: ColumnType): unknown {
  if (type === 'image') return {_type: 'Image'}
  if (typeof type === 'string') return {dtype: type, _type: 'Value'}
  if ('list' in type) return [feature(type.list)]
  return datasetsFeatures(type.struct)
}

/**
 * The features as the dataset card's YAML declares them under `dataset_info.features` (the Hub's form: `dtype` for a
 * value or an image, `list` for a list, a list of named fields for a struct), indented by `indent` spaces.
 */
export function featureYaml(columns: readonly ParquetColumn[], indent: number): string[] {
  const pad = ' '.repeat(indent)
  return columns.flatMap((column) => [`${pad}- name: ${column.name}`, ...typeYaml(column.type, indent + 2)])
}

function typeYaml(type: ColumnType, indent: number): string[] {
  const pad = ' '.repeat(indent)
  if (typeof type === 'string') return [`${pad}dtype: ${type}`]
  if ('struct' in type) return [`${pad}struct:`, ...featureYaml(type.struct, indent)]
  if (typeof type.list === 'string') return [`${pad}list: ${type.list}`]
  if ('struct' in type.list) return [`${pad}list:`, ...featureYaml(type.list.struct, indent)]
  return [`${pad}list:`, ...typeYaml(type.list, indent + 2)]
}

/** The type as the card's column table writes it: `string`, `list<float64>`, `list<struct>`. */
export function typeName(type: ColumnType): string {
  if (typeof type === 'string') return type
  if ('list' in type) return `list<${typeName(type.list)}>`
  return 'struct'
}

/** A row's value for the writer: int64 values as bigint, lists and structs converted inside; null stays null. */
export function parquetValue(type: ColumnType, value: unknown): unknown {
  if (value === null || value === undefined) return null
  if (type === 'int64') return BigInt(value as number)
  if (typeof type === 'string') return value
  if ('list' in type) return (value as unknown[]).map((item) => parquetValue(type.list, item))
  const struct = value as Record<string, unknown>
  return Object.fromEntries(type.struct.map((column) => [column.name, parquetValue(column.type, struct[column.name])]))
}
