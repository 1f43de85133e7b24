// Reading back the parquet files webgym writes, with hyparquet (as a user's JavaScript would), and saying in the
// dataset card's own terms what types a file holds, from the file's schema alone.
import {readFileSync} from 'node:fs'
import {compressors} from 'hyparquet-compressors'
import {parquetMetadata, parquetReadObjects, parquetSchema, type FileMetaData, type SchemaTree} from 'hyparquet'
import {parse as parseYaml} from 'yaml'

export interface ParquetFile {
  metadata: FileMetaData
  /** Every row, text columns as strings, binary ones (image bytes) as Uint8Array, int64 as bigint. */
  rows: Record<string, any>[]
}

export async function readParquet(path: string): Promise<ParquetFile> {
  const bytes = readFileSync(path)
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
  const metadata = parquetMetadata(file)
  const rows = (await parquetReadObjects({file, metadata, compressors, utf8: false})) as Record<string, any>[]
  return {metadata, rows}
}

/**
 * The file's columns as a dataset card's `dataset_info.features` YAML writes them (`dtype`, `list`, a list of named
 * fields for a struct), read from the parquet schema alone: a UTF8 byte array is a string, a struct of binary `bytes`
 * and UTF8 `path` is an image, a three-level LIST group a list.
 */
export function schemaFeatures(metadata: FileMetaData): unknown[] {
  return parquetSchema(metadata).children.map((child) => ({name: child.element.name, ...featureOf(child)}))
}

function featureOf(node: SchemaTree): Record<string, unknown> {
  const {element, children} = node
  if (element.converted_type === 'LIST') {
    const item = children[0].children[0]
    const inner = featureOf(item)
    if ('dtype' in inner) return {list: inner.dtype}
    if ('struct' in inner) return {list: inner.struct}
    return {list: inner}
  }
  if (children.length > 0) {
    const names = children.map((child) => child.element.name)
    const bytes = children.find((child) => child.element.name === 'bytes')?.element
    const path = children.find((child) => child.element.name === 'path')?.element
    if (
      names.join() === 'bytes,path' &&
      bytes?.type === 'BYTE_ARRAY' &&
      bytes.converted_type === undefined &&
      path?.converted_type === 'UTF8'
    )
      return {dtype: 'image'}
    return {struct: children.map((child) => ({name: child.element.name, ...featureOf(child)}))}
  }
  if (element.type === 'BYTE_ARRAY' && element.converted_type === 'UTF8') return {dtype: 'string'}
  if (element.type === 'INT64' && element.converted_type === undefined) return {dtype: 'int64'}
  if (element.type === 'DOUBLE') return {dtype: 'float64'}
  if (element.type === 'BOOLEAN') return {dtype: 'bool'}
  throw new Error(`unexpected parquet column ${element.name}: ${JSON.stringify(element)}`)
}

/** A dataset card's YAML front matter, parsed. */
export function cardFrontMatter(card: string): Record<string, any> {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(card)
  if (!match) throw new Error(`no YAML front matter in the card:\n${card.slice(0, 200)}`)
  return parseYaml(match[1]) as Record<string, any>
}

/** The `datasets` features stored in the file under the `huggingface` key. */
export function storedFeatures(metadata: FileMetaData): Record<string, unknown> {
  const entry = metadata.key_value_metadata?.find((kv) => kv.key === 'huggingface')
  if (!entry?.value) throw new Error('the file has no huggingface metadata')
  return (JSON.parse(entry.value) as {info: {features: Record<string, unknown>}}).info.features
}
