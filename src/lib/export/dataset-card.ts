import {featureYaml, typeName, type ParquetColumn} from './parquet-columns.js'

// What every webgym dataset card shares: the YAML front matter the Hub and `datasets` read (the data file as the
// train split, and every column's type, so that `load_dataset(DIR)` infers nothing), and the column table.

/** Where a dataset card goes, and what it says of the data file. */
export interface CardTarget {
  path: string
  /** The data file's path relative to the card. */
  dataFile: string
  title: string
}

export interface FrontMatterOptions {
  title: string
  tags: readonly string[]
  /** Rows in the data file. */
  rows: number
  /** The data file's path relative to the card. */
  dataFile: string
  columns: readonly ParquetColumn[]
}

/** The card's YAML front matter, `---` lines included. */
export function cardFrontMatter(options: FrontMatterOptions): string[] {
  return [
    '---',
    `pretty_name: ${JSON.stringify(options.title)}`,
    'language:',
    '- en',
    'tags:',
    ...options.tags.map((tag) => `- ${tag}`),
    'size_categories:',
    `- ${sizeCategory(options.rows)}`,
    'configs:',
    '- config_name: default',
    '  data_files:',
    '  - split: train',
    `    path: ${JSON.stringify(options.dataFile)}`,
    'dataset_info:',
    '  features:',
    ...featureYaml(options.columns, 2),
    '  splits:',
    '  - name: train',
    `    num_examples: ${options.rows}`,
    '---',
  ]
}

/** A markdown table of the columns: name, type, meaning. */
export function columnTable(columns: readonly ParquetColumn[]): string[] {
  return [
    '| column | type | meaning |',
    '|---|---|---|',
    ...columns.map(
      (column) => `| \`${column.name}\` | ${typeName(column.type)} | ${column.description.replaceAll('|', '\\|')} |`,
    ),
  ]
}

// The Hub's size categories.
function sizeCategory(count: number): string {
  if (count < 1_000) return 'n<1K'
  if (count < 10_000) return '1K<n<10K'
  if (count < 100_000) return '10K<n<100K'
  if (count < 1_000_000) return '100K<n<1M'
  return '1M<n<10M'
}
