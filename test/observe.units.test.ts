// Observation modes, pure parts: the pruned and numbered accessibility tree, the Set-of-Marks list and image, the som
// dialect's grammar (read and written), and the oracle's choice of the element under its target.
import sharp from 'sharp'
import {describe, expect, it} from 'vitest'
import {
  formatAccessibilityTree,
  formatElementList,
  interactiveElements,
  pruneAccessibilityTree,
  type AxNode,
  type Box,
} from '../src/lib/observe/accessibility-tree.js'
import {modesThatShow, OBSERVE_MODES, observeMode, type ObserveModeName} from '../src/lib/observe/observe-mode.js'
import type {PageElements} from '../src/lib/observe/page-elements.js'
import {drawMarks, marksSvg} from '../src/lib/observe/set-of-marks.js'
import {dialectForPromptVersion, POLICY_DIALECTS} from '../src/lib/prompts/policy-dialects.js'
import {buildSomMessages, somReply, SOM_PROMPT_VERSION} from '../src/lib/prompts/som.js'
import {parseSomResponse} from '../src/lib/prompts/som-reply.js'
import {elementAt} from '../src/lib/rollout/policies/oracle.js'
import type {Action} from '../src/lib/schema/action.js'

const VIEWPORT = {width: 800, height: 600}
const ax = (
  nodeId: string,
  role: string,
  name: string,
  backend: number | undefined,
  childIds: string[] = [],
  extra: Partial<AxNode> = {},
): AxNode => ({
  nodeId,
  ignored: false,
  role: {value: role},
  name: {value: name},
  backendDOMNodeId: backend,
  childIds,
  ...extra,
})

// A page scrolled so that one button is below the fold: a fixed banner with a link, a main area with a heading, a
// search field (with a value) and a button whose text repeats its name, a wrapper without a name, and a button below.
function page(): {nodes: AxNode[]; boxes: Map<number, Box>} {
  const nodes: AxNode[] = [
    ax('1', 'RootWebArea', 'Shop', 1, ['2', '3']),
    ax('2', 'banner', '', 2, ['4']),
    ax('4', 'link', 'Home', 4, ['41']),
    ax('41', 'StaticText', 'Home', 41, ['411']),
    ax('411', 'InlineTextBox', 'Home', undefined),
    {...ax('3', 'none', '', 3, ['5', '6', '7', '8', '9']), ignored: true},
    ax('5', 'heading', 'Mugs', 5, ['51']),
    ax('51', 'StaticText', 'Mugs', 51),
    ax('6', 'textbox', 'Search', 6, [], {
      value: {value: 'red mug'},
      properties: [{name: 'focused', value: {value: true}}],
    }),
    ax('7', 'generic', '', 7, ['71']),
    ax('71', 'button', 'Add to cart', 71, ['711']),
    ax('711', 'StaticText', 'Add to cart', 711),
    ax('8', 'paragraph', '', 8, ['81']),
    ax('81', 'StaticText', 'Only 3 left', 81),
    ax('9', 'button', 'Load more', 9),
  ].map((node) => ({...node, parentId: undefined}))
  for (const node of nodes)
    for (const child of node.childIds ?? []) nodes.find((n) => n.nodeId === child)!.parentId = node.nodeId
  const boxes = new Map<number, Box>([
    [2, {x: 0, y: 0, width: 800, height: 40}],
    [4, {x: 8, y: 10, width: 40, height: 20}],
    [41, {x: 8, y: 10, width: 40, height: 20}],
    [5, {x: 8, y: 60, width: 784, height: 30}],
    [51, {x: 8, y: 60, width: 60, height: 30}],
    [6, {x: 8, y: 100, width: 200, height: 24}],
    [7, {x: 8, y: 130, width: 784, height: 30}],
    [71, {x: 8, y: 130, width: 100, height: 30}],
    [711, {x: 12, y: 135, width: 80, height: 20}],
    [8, {x: 8, y: 170, width: 784, height: 20}],
    [81, {x: 8, y: 170, width: 90, height: 20}],
    [9, {x: 8, y: 900, width: 100, height: 30}],
  ])
  return {nodes, boxes}
}

describe('the accessibility tree of the viewport', () => {
  it('drops ignored and nameless wrappers, repeated text and what is out of view, and numbers elements in document order', () => {
    const {nodes, boxes} = page()
    const tree = pruneAccessibilityTree(nodes, boxes, VIEWPORT)
    expect(formatAccessibilityTree(tree)).toBe(
      [
        '[1] RootWebArea "Shop"',
        '\t[2] banner ""',
        '\t\t[3] link "Home"',
        '\t[4] heading "Mugs"',
        '\t[5] textbox "Search", focused, value="red mug"',
        '\t[6] button "Add to cart"',
        '\t[7] paragraph ""',
        '\t\tStaticText "Only 3 left"',
      ].join('\n'),
    )
    // The same page gives the same ids.
    expect(pruneAccessibilityTree(nodes, boxes, VIEWPORT)).toEqual(tree)
  })

  it('lists the interactive elements in view for the Set-of-Marks', () => {
    const {nodes, boxes} = page()
    const marked = interactiveElements(pruneAccessibilityTree(nodes, boxes, VIEWPORT))
    expect(marked.map((node) => node.id)).toEqual([3, 5, 6])
    expect(formatElementList(marked)).toBe(
      '[3] link "Home"\n[5] textbox "Search", focused, value="red mug"\n[6] button "Add to cart"',
    )
    expect(formatElementList([])).toBe('(no interactive elements in view)')
  })

  it("gives a control hidden behind its label the label's box, and acts on it through the label", () => {
    const label = (backend: number) => ({
      sources: [{nativeSource: 'labelfor', nativeSourceValue: {relatedNodes: [{backendDOMNodeId: backend}]}}],
    })
    const nodes: AxNode[] = [
      ax('1', 'RootWebArea', 'Seats', 1, ['2', '3']),
      {...ax('2', 'radio', 'Window', 2, [], {parentId: '1'}), name: {value: 'Window', ...label(20)}},
      {...ax('3', 'radio', 'Aisle', 3, [], {parentId: '1'}), name: {value: 'Aisle', ...label(30)}},
    ]
    const boxes = new Map<number, Box>([
      [2, {x: 10, y: 10, width: 1, height: 1}], // visually hidden
      [20, {x: 10, y: 10, width: 90, height: 36}],
      [3, {x: 110, y: 10, width: 16, height: 16}], // a plain radio keeps its own box
      [30, {x: 130, y: 10, width: 60, height: 36}],
    ])
    const marked = interactiveElements(pruneAccessibilityTree(nodes, boxes, VIEWPORT))
    expect(marked.map(({id, box, pointerNodeId}) => ({id, box, pointerNodeId}))).toEqual([
      {id: 2, box: {x: 10, y: 10, width: 90, height: 36}, pointerNodeId: 20},
      {id: 3, box: {x: 110, y: 10, width: 16, height: 16}, pointerNodeId: undefined},
    ])
  })

  it('shows at most the cap and says how many lines it left out', () => {
    const {nodes, boxes} = page()
    const tree = pruneAccessibilityTree(nodes, boxes, VIEWPORT, 3)
    expect(tree.nodes).toHaveLength(3)
    expect(formatAccessibilityTree(tree).split('\n').at(-1)).toBe('(5 more nodes not shown)')
  })
})

describe('Set-of-Marks image', () => {
  it('draws a box and a numbered label per element, without fonts, on an image of the same size', async () => {
    const svg = marksSvg([{id: 12, box: {x: 10, y: 20, width: 100, height: 30}}], VIEWPORT)
    expect(svg).toContain('<rect x="11" y="21" width="98" height="28" fill="none"')
    expect(svg).not.toContain('<text')
    const plain = await sharp({create: {width: 800, height: 600, channels: 3, background: '#ffffff'}})
      .jpeg({quality: 80})
      .toBuffer()
    const marked = await drawMarks(plain, [{id: 12, box: {x: 10, y: 20, width: 100, height: 30}}], VIEWPORT, 80)
    expect(marked.equals(plain)).toBe(false)
    expect(await sharp(marked).metadata()).toMatchObject({width: 800, height: 600, format: 'jpeg'})
    // The label's corner is the element's colour, the page around it stays white.
    const {data, info} = await sharp(marked).raw().toBuffer({resolveWithObject: true})
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ]
    expect(pixel(11, 21)[0]).toBeLessThan(200) // not white
    expect(pixel(400, 400)).toEqual([255, 255, 255])
    expect(await drawMarks(plain, [], VIEWPORT, 80)).toBe(plain)
  })
})

describe('the som dialect', () => {
  it('reads BrowserGym-style calls on element ids', () => {
    const cases: [string, Action][] = [
      ["Thought: The button adds the mug.\nAction: click('12')", {name: 'left_click', element: 12}],
      ['Action: click(12)', {name: 'left_click', element: 12}],
      ["Action: click('[7]')", {name: 'left_click', element: 7}],
      ["Action: fill('5', 'red mug')", {name: 'type', element: 5, text: 'red mug'}],
      ['Action: fill("5", "it\'s, (red)")', {name: 'type', element: 5, text: "it's, (red)"}],
      ["Action: press('5', 'Enter')", {name: 'press', element: 5, key: 'Enter'}],
      ['Action: scroll(0, 400)', {name: 'scroll', direction: 'down'}],
      ['Action: scroll(0, -300)', {name: 'scroll', direction: 'up'}],
      ['Action: scroll(-500, 20)', {name: 'scroll', direction: 'left'}],
      ['Action: go_back()', {name: 'go_back'}],
      ["Action: goto('http://shop.test/cart')", {name: 'navigate', url: 'http://shop.test/cart'}],
      ['Action: noop(1500)', {name: 'wait', seconds: 1.5}],
      ['Action: noop()', {name: 'wait', seconds: 1}],
      ["Action: send_msg_to_user('It costs $5.')", {name: 'answer', text: 'It costs $5.'}],
      ["I will click it.\nclick('3')", {name: 'left_click', element: 3}],
    ]
    for (const [reply, action] of cases) expect(parseSomResponse(reply), reply).toMatchObject({action, error: null})
    expect(parseSomResponse("Thought: t\nAction: click('2')\nMemory: price $5")).toMatchObject({
      thought: 't',
      memory: 'price $5',
      actionText: "click('2')",
    })
  })

  it('names what it cannot use, without throwing', () => {
    const errors: [string | null, string][] = [
      [null, 'empty response'],
      ['I would click the button.', `no action call in the response; expected e.g. click('12') after "Action:"`],
      ["Action: click('add')", `click needs an element id from the page, such as '12', got "add"`],
      ["Action: click('0')", `click needs an element id from the page, such as '12', got "0"`],
      ["Action: fill('5')", 'fill needs the text as its second argument, got nothing'],
      ["Action: press('5')", "press needs a key such as 'Enter' as its second argument, got nothing"],
      ['Action: scroll(0, 0)', 'scroll(0, 0) does not move the page'],
      ["Action: click('5'", `the call "click('5'" is not closed`],
      ['Action: click(five)', expect.stringContaining('cannot read the arguments of click(five)')],
    ]
    for (const [reply, error] of errors)
      expect(parseSomResponse(reply), String(reply)).toMatchObject({action: null, error})
  })

  it('writes replies for actions chosen without a model that it reads back as the same actions', () => {
    const actions: Action[] = [
      {name: 'left_click', element: 3},
      {name: 'type', element: 5, text: "O'Brien\\n"},
      {name: 'press', element: 5, key: 'Enter'},
      {name: 'scroll', direction: 'up'},
      {name: 'wait', seconds: 2},
      {name: 'go_back'},
      {name: 'navigate', url: 'http://shop.test/'},
      {name: 'answer', text: 'It is 42.'},
    ]
    for (const action of actions) expect(parseSomResponse(somReply(action, 'Because.')).action).toEqual(action)
    expect(somReply({name: 'left_click', element: 3})).toBe("Action: click('3')")
  })

  it('sends the current observation text, images only where the mode shows one, and is found by its prompt version', () => {
    const input = (image?: string) => ({
      task: {intent: 'Add a red mug to the cart', start_url: 'http://shop.test/'},
      viewport: VIEWPORT,
      rounds: [
        {
          url: 'http://shop.test/',
          title: 'Shop',
          response: "Action: click('3')",
          action: {name: 'left_click', element: 3},
          action_error: null,
          repeated: false,
          ...(image ? {image} : {}),
        },
      ],
      current: {
        url: 'http://shop.test/mugs',
        title: 'Mugs',
        text: 'Interactive elements:\n[1] button "Add to cart"',
        ...(image ? {image} : {}),
      },
      memory: null,
      useMemory: false,
      lastActionNoEffect: false,
    })
    const withImages = buildSomMessages(input('data:image/jpeg;base64,AA'))
    const images = (messages: typeof withImages) =>
      messages.flatMap((m) => (Array.isArray(m.content) ? m.content.filter((p) => p.type === 'image_url') : []))
    expect(images(withImages)).toHaveLength(2)
    expect(images(buildSomMessages(input()))).toHaveLength(0)
    const last = JSON.stringify(withImages.at(-1))
    expect(last).toContain('[1] button \\"Add to cart\\"')
    expect(JSON.stringify(withImages[0])).toContain("click(bid) - click the element with id bid. Example: click('12')")
    expect(POLICY_DIALECTS.som.promptVersion).toBe(SOM_PROMPT_VERSION)
    expect(dialectForPromptVersion('som-v1')).toBe(POLICY_DIALECTS.som)
    expect(POLICY_DIALECTS.som.actsOn).toBe('elements')
    expect(POLICY_DIALECTS.qwen3vl.actsOn).toBe('coordinates')
  })
})

describe('observation modes', () => {
  const elements = {
    axtree: '[1] button "Add to cart"',
    list: '[1] button "Add to cart"',
    marked: [{id: 1, box: {x: 10, y: 20, width: 100, height: 30}}],
    byId: new Map(),
  } as unknown as PageElements
  const render = async (name: ObserveModeName, screenshot: Buffer) =>
    observeMode(name).render(screenshot, {elements}, {viewport: VIEWPORT, jpegQuality: 80})
  const white = () =>
    sharp({create: {width: 800, height: 600, channels: 3, background: '#ffffff'}})
      .jpeg()
      .toBuffer()

  it('are registered under the names --observe offers, each saying what an action can name in it', () => {
    expect(OBSERVE_MODES).toEqual(['screenshot', 'som', 'axtree', 'screenshot+axtree', 'som+axtree'])
    expect(Object.fromEntries(OBSERVE_MODES.map((name) => [name, observeMode(name).targets]))).toEqual({
      screenshot: ['coordinates'],
      som: ['coordinates', 'elements'],
      axtree: ['elements'],
      'screenshot+axtree': ['coordinates', 'elements'],
      'som+axtree': ['coordinates', 'elements'],
    })
    for (const name of OBSERVE_MODES) expect(observeMode(name).name).toBe(name)
    expect(modesThatShow('elements')).toEqual(['som', 'axtree', 'screenshot+axtree', 'som+axtree'])
  })

  it('render the image and the text the policy is sent', async () => {
    const screenshot = await white()
    expect(await render('screenshot', screenshot)).toEqual({image: screenshot})
    const som = await render('som', screenshot)
    expect(som.image).not.toBe(screenshot)
    expect(await sharp(som.image!).metadata()).toMatchObject({width: 800, height: 600, format: 'jpeg'})
    expect(som.text).toBe(
      'Interactive elements (each id is the number on its box in the screenshot):\n[1] button "Add to cart"',
    )
    expect(await render('axtree', screenshot)).toEqual({
      image: null,
      text: 'Accessibility tree of the visible page:\n[1] button "Add to cart"',
    })
    const both = await render('som+axtree', screenshot)
    expect(both.image).toEqual(som.image)
    expect(both.text).toBe(`${som.text}\n\nAccessibility tree of the visible page:\n[1] button "Add to cart"`)
    expect(await render('screenshot+axtree', screenshot)).toEqual({
      image: screenshot,
      text: 'Accessibility tree of the visible page:\n[1] button "Add to cart"',
    })
  })

  it('say which recorded image the policy saw at a step', () => {
    const step = {screenshot: 'a.jpg', observation: {marked_screenshot: 'b.jpg'}}
    expect(observeMode('som').shownImage(step)).toBe('b.jpg')
    expect(observeMode('som+axtree').shownImage(step)).toBe('b.jpg')
    expect(observeMode('screenshot+axtree').shownImage(step)).toBe('a.jpg')
    expect(observeMode('axtree').shownImage(step)).toBeNull()
    // No marks in view: the screenshot alone was shown, and recorded alone.
    expect(observeMode('som').shownImage({screenshot: 'a.jpg'})).toBe('a.jpg')
  })

  it('give the oracle the element it targets, else the control of its label, else the innermost one under its centre', () => {
    const {nodes, boxes} = page()
    const tree = pruneAccessibilityTree(nodes, boxes, VIEWPORT)
    const byId = new Map(tree.nodes.filter((n) => n.id !== null).map((n) => [n.id!, n as typeof n & {id: number}]))
    const elements = {axtree: '', list: '', marked: [], byId}
    // By DOM node: the element itself, else (not numbered: 999) the control of a label (the search field, DOM node 6).
    expect(elementAt(elements, [71, 6], {x: 500, y: 75})).toBe(6)
    expect(elementAt(elements, [999, 6], {x: 500, y: 75})).toBe(5)
    // By point, when the nodes are not numbered: the innermost, interactive first.
    expect(elementAt(elements, [999], {x: 50, y: 145})).toBe(6) // the button, inside the page
    expect(elementAt(elements, [], {x: 20, y: 20})).toBe(3) // the link, inside the banner
    expect(elementAt(elements, [], {x: 500, y: 75})).toBe(4) // the heading
    expect(elementAt(elements, [], {x: 500, y: 500})).toBeNull()
    expect(elementAt(null, [71], {x: 50, y: 145})).toBeNull()
  })
})
