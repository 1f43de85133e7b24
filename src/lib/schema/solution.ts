import {z} from 'zod'

// A reference solution: semantic steps an oracle can follow through the DOM and a reader can follow by eye.

export const TargetSchema = z.object({
  selector: z.string().min(1).describe('CSS selector of the element (Playwright CSS, `:has-text()` allowed)'),
  text: z.string().optional().describe('Visible text the element contains, to pick among matches'),
  description: z.string().min(1).describe('The element in words, e.g. the "Add to cart" button'),
  first: z
    .boolean()
    .optional()
    .describe('Several elements may match: the first visible one is meant (text a page shows in more than one place)'),
})

export const SolutionStepSchema = z.discriminatedUnion('op', [
  z.object({op: z.literal('click'), target: TargetSchema}),
  z.object({
    op: z.literal('type'),
    target: TargetSchema,
    text: z.string(),
    submit: z.boolean().optional().describe('Press Enter after typing'),
  }),
  z.object({op: z.literal('scroll_to'), target: TargetSchema}),
  z.object({op: z.literal('navigate'), url: z.string().min(1)}),
  z.object({op: z.literal('back')}),
  z.object({op: z.literal('answer'), text: z.string()}),
])

export const SolutionSchema = z.array(SolutionStepSchema).min(1).describe('Reference solution: semantic steps')

export type Target = z.infer<typeof TargetSchema>
export type SolutionStep = z.infer<typeof SolutionStepSchema>
