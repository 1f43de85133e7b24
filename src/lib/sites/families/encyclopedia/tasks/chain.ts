// Lookup task: follow two infobox links from an article and read values and a table cell on the way.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {pick} from '../../../random-pick.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import {fact} from '../checks.js'
import {capitalise, imageName} from '../format.js'
import {dataTable, linked, row} from '../lookups.js'
import {plainText} from '../prose.js'
import type {Article, EncyclopediaModel, EncyclopediaState, InfoRow} from '../types.js'
import {followInfobox, nounFor, openArticle} from './common.js'
import type {TopicTasks} from './spec.js'

export function chainTask(
  site: SiteInfo,
  model: EncyclopediaModel,
  spec: TopicTasks,
  rng: SeededRandom,
): FixtureTaskDef<EncyclopediaState> | null {
  const c = spec.chain
  const options = model.articles
    .filter((x) => x.kind === c.start && row(x, c.f1))
    .map((x) => {
      const y = linked(model, x, c.r1)
      const z = y ? linked(model, y, c.r2) : undefined
      return {x, y, z}
    })
    .filter(
      (o): o is {x: Article; y: Article; z: Article} =>
        o.y !== undefined &&
        o.z !== undefined &&
        o.z !== o.x &&
        row(o.y, c.f2) !== undefined &&
        row(o.z, c.f3) !== undefined &&
        row(o.z, c.f4) !== undefined &&
        (dataTable(o.z)?.rows.length ?? 0) > 0,
    )
  if (options.length === 0) return null
  const {x, y, z} = pick(rng, options)
  const rows = dataTable(z)!.rows
  // The last census row repeats the infobox, so it is not asked.
  const tableRow = pick(rng, rows.length > 2 ? rows.slice(0, -1) : rows)
  const cell = plainText([tableRow.cells[c.tableColumn]!])
  const [v1, v2, v3, v4] = [row(x, c.f1)!, row(y, c.f2)!, row(z, c.f3)!, row(z, c.f4)!]
  const [n1, n2, n3, n4] = [
    nounFor(x.kind, c.f1, v1.label),
    nounFor(y.kind, c.f2, v2.label),
    nounFor(z.kind, c.f3, v3.label),
    nounFor(z.kind, c.f4, v4.label),
  ]
  const noun = (r: InfoRow) => (r === v1 ? n1 : r === v2 ? n2 : r === v3 ? n3 : n4)
  const answer = `${x.title}: ${noun(v1)} ${v1.text}. ${y.title}: ${noun(v2)} ${v2.text}. ${z.title}: ${noun(v3)} ${v3.text}, ${noun(v4)} ${v4.text}, ${tableRow.key}: ${cell}.`
  return {
    key: `chain-${imageName(x.title)}`,
    kind: 'lookup',
    intent: `On ${site.name}, start from the article on ${x.title} and give its ${n1}. Then follow its infobox to ${c.r1Noun}, and give that article's title and the ${n2} it states. From there, follow the infobox on to ${c.r2Noun}, and give that article's title, the ${n3}, the ${n4}, and ${c.tableQuestion(tableRow.key)}.`,
    groups: [
      {description: x.title, facts: [fact(`The answer gives the ${noun(v1)} of ${x.title} as ${v1.text}`, v1.value)]},
      {
        description: `${capitalise(c.r1Noun)}`,
        facts: [
          fact(`The answer names ${y.title}`, y.title),
          fact(`The answer gives the ${noun(v2)} of ${y.title} as ${v2.text}`, v2.value),
        ],
      },
      {
        description: `${capitalise(c.r2Noun)}`,
        facts: [
          fact(`The answer names ${z.title}`, z.title),
          fact(`The answer gives the ${noun(v3)} of ${z.title} as ${v3.text}`, v3.value),
          fact(`The answer gives the ${noun(v4)} of ${z.title} as ${v4.text}`, v4.value),
          fact(`The answer gives ${cell} for ${tableRow.key} from the table in ${z.title}`, cell),
        ],
      },
    ],
    referenceAnswer: answer,
    solution: [
      ...openArticle(x),
      followInfobox(c.r1, row(x, c.r1)!.label, y),
      followInfobox(c.r2, row(y, c.r2)!.label, z),
      {
        op: 'scroll_to',
        target: {
          selector: `table.data-table tr[data-row="${tableRow.key}"]`,
          description: `the ${tableRow.key} row of the "${dataTable(z)!.caption}" table`,
        },
      },
      {op: 'answer', text: answer},
    ],
  }
}
