import {describe, expect, it} from 'vitest'
import type {ChatMessage} from '../src/lib/llm/client.js'
import {
  buildPolicyMessages,
  COMPUTER_USE_TOOL,
  formatAction,
  POLICY_ACTIONS,
  QWEN3VL_PROMPT_VERSION,
  type PolicyPromptInput,
  type PolicyRound,
} from '../src/lib/prompts/qwen3vl.js'
import {parsePolicyResponse} from '../src/lib/prompts/qwen3vl-reply.js'
import {actionCoordinate} from '../src/lib/schema/action.js'
import {
  dialectForPromptVersion,
  DIALECTS,
  knownPromptVersions,
  POLICY_DIALECTS,
} from '../src/lib/prompts/policy-dialects.js'

function round(i: number, extra: Partial<PolicyRound> = {}): PolicyRound {
  return {
    url: `http://shop.test/page/${i}`,
    title: `Page ${i}`,
    response: `Thought: step ${i}\nAction: click item ${i}\n<tool_call>\n{"name": "computer_use", "arguments": {"action": "left_click", "coordinate": [${100 + i}, ${200 + i}]}}\n</tool_call>`,
    action: {name: 'left_click', coordinate: [100 + i, 200 + i]},
    action_error: null,
    repeated: false,
    image: `data:image/png;base64,SHOT${i}`,
    ...extra,
  }
}

function input(extra: Partial<PolicyPromptInput> = {}): PolicyPromptInput {
  return {
    task: {intent: 'Find the cheapest red mug', website: 'shop.test', start_url: 'http://shop.test/'},
    viewport: {width: 1280, height: 768},
    rounds: [],
    current: {url: 'http://shop.test/now', title: 'Now', image: 'data:image/png;base64,CURRENT'},
    memory: null,
    useMemory: true,
    lastActionNoEffect: false,
    ...extra,
  }
}

function images(messages: ChatMessage[]): string[] {
  return messages.flatMap((m) =>
    Array.isArray(m.content) ? m.content.flatMap((p) => (p.type === 'image_url' ? [p.image_url.url] : [])) : [],
  )
}

function texts(message: ChatMessage): string {
  if (typeof message.content === 'string') return message.content
  return (message.content ?? []).map((p) => ('text' in p ? p.text : '')).join('\n')
}

const systemText = (messages: ChatMessage[]) => texts(messages[0])
const finalText = (messages: ChatMessage[]) => texts(messages[messages.length - 1])

describe('buildPolicyMessages', () => {
  it('puts the tool schema inside <tools></tools> and states the viewport size', () => {
    const messages = buildPolicyMessages(input())
    expect(messages[0].role).toBe('system')
    const tools = /<tools>\n(.*)\n<\/tools>/.exec(systemText(messages))
    expect(tools).not.toBeNull()
    expect(JSON.parse(tools![1])).toEqual(COMPUTER_USE_TOOL)
    expect(COMPUTER_USE_TOOL.function.parameters.properties.action.enum).toEqual([...POLICY_ACTIONS])
    expect(systemText(messages)).toContain('1280x768 pixels')
    expect(systemText(messages)).toContain('<tool_call>')
    expect(QWEN3VL_PROMPT_VERSION).toBe('qwen3vl-v1')
  })

  it('sends only the current screenshot when there is no history, with the task and page in the same message', () => {
    const messages = buildPolicyMessages(input())
    expect(messages.map((m) => m.role)).toEqual(['system', 'user'])
    expect(images(messages)).toEqual(['data:image/png;base64,CURRENT'])
    const text = finalText(messages)
    expect(text).toContain('Task: Find the cheapest red mug')
    expect(text).toContain('Start page: http://shop.test/')
    expect(text).toContain('URL: http://shop.test/now')
    expect(text).toContain('Title: Now')
    expect(text).not.toContain('Earlier steps')
  })

  it('never sends more than `window` screenshots and shows older rounds as text lines in the first user message', () => {
    const rounds = Array.from({length: 10}, (_, i) => round(i))
    const messages = buildPolicyMessages(input({rounds, window: 4}))
    expect(images(messages)).toEqual([
      rounds[7].image,
      rounds[8].image,
      rounds[9].image,
      'data:image/png;base64,CURRENT',
    ])
    expect(messages.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
    ])

    const first = texts(messages[1])
    expect(first).toContain('Task: Find the cheapest red mug')
    expect(first).toContain('Step 1: left_click(100, 200) on http://shop.test/page/0')
    expect(first).toContain('Step 7: left_click(106, 206) on http://shop.test/page/6')
    expect(first).not.toContain('Step 8:')
    expect(texts(messages[2])).toBe(rounds[7].response)
    expect(texts(messages[6])).toBe(rounds[9].response)
    expect(finalText(messages)).toContain('Step 11 screenshot')
  })

  it('defaults to a window of 4 and sends fewer screenshots when the history is short', () => {
    const long = buildPolicyMessages(input({rounds: Array.from({length: 9}, (_, i) => round(i))}))
    expect(images(long)).toHaveLength(4)
    const short = buildPolicyMessages(input({rounds: [round(0), round(1)]}))
    expect(images(short)).toHaveLength(3)
    expect(texts(short[1])).not.toContain('Earlier steps')
  })

  it('with a window of 1 shows every previous round as text only', () => {
    const messages = buildPolicyMessages(input({rounds: [round(0), round(1)], window: 1}))
    expect(images(messages)).toEqual(['data:image/png;base64,CURRENT'])
    expect(messages.map((m) => m.role)).toEqual(['system', 'user'])
    expect(finalText(messages)).toMatch(/Step 1: left_click\(100, 200\).*\nStep 2: left_click\(101, 201\)/)
  })

  it('notes errors and no-effect repeats of older rounds in their text lines', () => {
    const rounds = [
      round(0, {action_error: 'Timeout 5000ms exceeded.\n  call log: waiting for locator'}),
      round(1, {repeated: true}),
      round(2, {action: null}),
    ]
    const first = texts(buildPolicyMessages(input({rounds, window: 1}))[1])
    expect(first).toContain(
      'Step 1: left_click(100, 200) on http://shop.test/page/0 (failed: Timeout 5000ms exceeded.)',
    )
    expect(first).not.toContain('call log')
    expect(first).toContain('Step 2: left_click(101, 201) on http://shop.test/page/1 (no effect')
    expect(first).toContain('Step 3: no valid action on http://shop.test/page/2')
  })

  it('tells a windowed round about the failure of the round before it', () => {
    const messages = buildPolicyMessages(input({rounds: [round(0, {action_error: 'element not found'}), round(1)]}))
    expect(texts(messages[1])).not.toContain('failed')
    expect(texts(messages[3])).toContain('Your previous action failed: element not found')
  })

  it('synthesizes a reply in the required format for a round without a raw response', () => {
    const messages = buildPolicyMessages(
      input({rounds: [round(0, {response: null, action: {name: 'type', text: 'red mug\n', coordinate: [400, 60]}})]}),
    )
    const reply = texts(messages[2])
    expect(reply).toContain('Action: type("red mug\\n") at (400, 60)')
    expect(parsePolicyResponse(reply).action).toEqual({name: 'type', text: 'red mug\n', coordinate: [400, 60]})
  })

  it('carries the memory into the final message and asks for a Memory line', () => {
    const messages = buildPolicyMessages(input({memory: 'Mug A costs $12', rounds: [round(0)]}))
    expect(systemText(messages)).toMatch(/^Memory: /m)
    expect(finalText(messages)).toContain('Memory from your previous reply:\nMug A costs $12')
    expect(finalText(messages)).toContain('the tool call and Memory')
  })

  it('neither asks for nor shows memory with useMemory false', () => {
    const messages = buildPolicyMessages(input({memory: 'Mug A costs $12', useMemory: false, rounds: [round(0)]}))
    expect(systemText(messages)).not.toMatch(/memory/i)
    expect(finalText(messages)).not.toMatch(/memory/i)
    expect(finalText(messages)).not.toContain('Mug A costs $12')
  })

  it('tells the model when its last action had no effect or failed, and only then', () => {
    const plain = finalText(buildPolicyMessages(input({rounds: [round(0)]})))
    expect(plain).not.toContain('no effect')
    expect(plain).not.toContain('failed')
    const noted = finalText(
      buildPolicyMessages(input({rounds: [round(0)], lastActionNoEffect: true, lastActionError: 'navigation blocked'})),
    )
    expect(noted).toContain('Your previous action had no effect')
    expect(noted).toContain('Your previous action failed: navigation blocked')
  })

  it('renders the same input to the same messages', () => {
    const make = () => buildPolicyMessages(input({rounds: Array.from({length: 6}, (_, i) => round(i)), memory: 'm'}))
    expect(JSON.stringify(make())).toBe(JSON.stringify(make()))
    expect(JSON.stringify(make())).not.toMatch(/20\d\d-\d\d-\d\d/)
  })
})

const call = (args: unknown) => `<tool_call>\n${JSON.stringify({name: 'computer_use', arguments: args})}\n</tool_call>`

describe('parsePolicyResponse', () => {
  it('reads thought, action line, tool call and multi-line memory', () => {
    const reply = `Thought: The search box is at the top.\nAction: click the search box\n${call({action: 'left_click', coordinate: [812, 143]})}\nMemory: Mug A costs $12\nMug B costs $9`
    expect(parsePolicyResponse(reply)).toEqual({
      thought: 'The search box is at the top.',
      actionText: 'click the search box',
      action: {name: 'left_click', coordinate: [812, 143]},
      memory: 'Mug A costs $12\nMug B costs $9',
      error: null,
    })
  })

  it('keeps x and y in the order given', () => {
    expect(actionCoordinate(parsePolicyResponse(call({action: 'left_click', coordinate: [900, 100]})).action!)).toEqual(
      [900, 100],
    )
    expect(actionCoordinate(parsePolicyResponse(call({action: 'left_click', coordinate: [100, 900]})).action!)).toEqual(
      [100, 900],
    )
    expect(
      actionCoordinate(parsePolicyResponse(call({action: 'left_click', coordinate: {y: 700, x: 30}})).action!),
    ).toEqual([30, 700])
  })

  it.each([
    [
      'type with a coordinate',
      {action: 'type', text: 'red mug\n', coordinate: [400, 60]},
      {name: 'type', text: 'red mug\n', coordinate: [400, 60]},
    ],
    ['type without a coordinate', {action: 'type', text: 'hello'}, {name: 'type', text: 'hello'}],
    ['scroll defaulting to down', {action: 'scroll'}, {name: 'scroll', direction: 'down'}],
    [
      'scroll up at a point',
      {action: 'scroll', direction: 'up', coordinate: [500, 500]},
      {name: 'scroll', direction: 'up', coordinate: [500, 500]},
    ],
    ['wait defaulting to 2 seconds', {action: 'wait'}, {name: 'wait', seconds: 2}],
    ['wait capped at 10 seconds', {action: 'wait', time: 60}, {name: 'wait', seconds: 10}],
    ['wait for 3 seconds', {action: 'wait', time: 3}, {name: 'wait', seconds: 3}],
    ['go_back', {action: 'go_back'}, {name: 'go_back'}],
    ['navigate', {action: 'navigate', url: 'http://shop.test/cart'}, {name: 'navigate', url: 'http://shop.test/cart'}],
    ['answer', {action: 'answer', text: 'Mug B, $9'}, {name: 'answer', text: 'Mug B, $9'}],
    [
      'a fractional coordinate rounded',
      {action: 'left_click', coordinate: [512.6, 299.4]},
      {name: 'left_click', coordinate: [513, 299]},
    ],
    [
      'the edges of the range',
      {action: 'left_click', coordinate: [0, 1000]},
      {name: 'left_click', coordinate: [0, 1000]},
    ],
  ])('maps %s', (_, args, action) => {
    const parsed = parsePolicyResponse(call(args))
    expect(parsed.error).toBeNull()
    expect(parsed.action).toEqual(action)
  })

  const click = '{"name": "computer_use", "arguments": {"action": "left_click", "coordinate": [321, 654]}}'
  it.each([
    ['a missing </tool_call>', `Thought: go\n<tool_call>\n${click}\nMemory: kept`],
    ['JSON in a ```json fence inside the tags', `<tool_call>\n\`\`\`json\n${click}\n\`\`\`\n</tool_call>`],
    ['JSON in a ```json fence without tags', `Thought: go\n\`\`\`json\n${click}\n\`\`\``],
    ['arguments given as a JSON string', call(JSON.stringify({action: 'left_click', coordinate: [321, 654]}))],
    ['the coordinate as a string', call({action: 'left_click', coordinate: '[321, 654]'})],
    ['the coordinate as {x, y}', call({action: 'left_click', coordinate: {x: 321, y: 654}})],
    ['the alias click', call({action: 'click', coordinate: [321, 654]})],
    ['an upper-case action', call({action: 'LEFT_CLICK', coordinate: [321, 654]})],
    [
      'the action named as the function',
      `<tool_call>{"name": "left_click", "arguments": {"coordinate": [321, 654]}}</tool_call>`,
    ],
    [
      'two tool calls (the first is taken)',
      `${call({action: 'left_click', coordinate: [321, 654]})}\n${call({action: 'go_back'})}`,
    ],
    [
      'a second tool call without its closing tag',
      `${call({action: 'left_click', coordinate: [321, 654]})}\n<tool_call>{"name": "computer_use"`,
    ],
  ])('tolerates %s', (_, reply) => {
    const parsed = parsePolicyResponse(reply)
    expect(parsed.error).toBeNull()
    expect(parsed.action).toEqual({name: 'left_click', coordinate: [321, 654]})
  })

  it.each([
    ['back', {}, {name: 'go_back'}],
    ['goto', {url: 'http://a.test/'}, {name: 'navigate', url: 'http://a.test/'}],
    ['open_url', {url: 'http://a.test/'}, {name: 'navigate', url: 'http://a.test/'}],
    ['terminate', {status: 'success', text: 'It costs $9'}, {name: 'answer', text: 'It costs $9'}],
    ['stop', {answer: 'It costs $9'}, {name: 'answer', text: 'It costs $9'}],
    ['finish', {text: 'done'}, {name: 'answer', text: 'done'}],
  ])('reads the alias %s', (alias, args, action) => {
    expect(parsePolicyResponse(call({action: alias, ...args})).action).toEqual(action)
  })

  it('keeps the memory after a tool call that lacks its closing tag', () => {
    const parsed = parsePolicyResponse(
      `Thought: go\nAction: click\n<tool_call>\n{"name": "computer_use", "arguments": {"action": "go_back"}}\nMemory: kept`,
    )
    expect(parsed).toMatchObject({thought: 'go', actionText: 'click', memory: 'kept', action: {name: 'go_back'}})
  })

  it('reads labels in any case and with markdown emphasis, and treats an unlabelled preamble as the thought', () => {
    const labelled = parsePolicyResponse(
      `**THOUGHT:** look\naction: scroll on\n${call({action: 'scroll'})}\nmemory: nothing yet`,
    )
    expect(labelled).toMatchObject({thought: 'look', actionText: 'scroll on', memory: 'nothing yet'})
    const bare = parsePolicyResponse(`I should go back.\n${call({action: 'go_back'})}`)
    expect(bare).toMatchObject({
      thought: 'I should go back.',
      actionText: null,
      memory: null,
      action: {name: 'go_back'},
    })
  })

  it.each([
    ['no response', null, /empty response/],
    ['an empty response', '   ', /empty response/],
    ['no tool call', 'Thought: hmm\nAction: click the button', /no <tool_call>/],
    ['bare JSON without tags or fence', click, /no <tool_call>/],
    [
      'invalid JSON',
      '<tool_call>{"name": "computer_use", "arguments": {action: left_click}}</tool_call>',
      /invalid JSON in <tool_call>/,
    ],
    [
      'a truncated call',
      '<tool_call>{"name": "computer_use", "arguments": {"action": "left_cl',
      /invalid JSON in <tool_call>/,
    ],
    ['an empty tool call', '<tool_call></tool_call>', /empty <tool_call>/],
    ['arguments as an invalid JSON string', call('{"action": "left_click", '), /invalid JSON in tool_call arguments/],
    ['a JSON array', '<tool_call>[1, 2]</tool_call>', /not a JSON object/],
    ['no action', call({coordinate: [1, 2]}), /has no action/],
    ['an unknown action', call({action: 'hover', coordinate: [1, 2]}), /unknown action "hover"/],
    ['an object key as action', call({action: 'constructor'}), /unknown action "constructor"/],
    ['a click without coordinate', call({action: 'left_click'}), /left_click needs a coordinate/],
    [
      'a coordinate out of range',
      call({action: 'left_click', coordinate: [1280, 40]}),
      /coordinate \[1280, 40\] is out of range 0-1000/,
    ],
    ['a negative coordinate', call({action: 'left_click', coordinate: [-1, 40]}), /out of range/],
    ['a coordinate with three numbers', call({action: 'left_click', coordinate: [1, 2, 3]}), /invalid coordinate/],
    ['a coordinate of strings', call({action: 'left_click', coordinate: ['1', '2']}), /invalid coordinate/],
    [
      'a coordinate that is not numbers',
      call({action: 'left_click', coordinate: 'the button'}),
      /invalid coordinate "the button"/,
    ],
    ['an invalid coordinate on type', call({action: 'type', text: 'x', coordinate: [5000, 5]}), /out of range/],
    ['type without text', call({action: 'type', coordinate: [1, 2]}), /type needs a non-empty text/],
    ['type with empty text', call({action: 'type', text: ''}), /type needs a non-empty text/],
    ['navigate without url', call({action: 'navigate'}), /navigate needs a url/],
    ['answer without text', call({action: 'answer', text: '  '}), /answer needs a non-empty text/],
    ['terminate without answer text', call({action: 'terminate', status: 'success'}), /terminate needs an answer text/],
    [
      'an unknown scroll direction',
      call({action: 'scroll', direction: 'sideways'}),
      /invalid scroll direction "sideways"/,
    ],
    ['a negative wait', call({action: 'wait', time: -3}), /invalid wait time -3/],
  ])('rejects %s with a one-line error', (_, reply, error) => {
    const parsed = parsePolicyResponse(reply)
    expect(parsed.action).toBeNull()
    expect(parsed.error).toMatch(error)
    expect(parsed.error).not.toContain('\n')
  })

  it('still extracts the sections when the action is invalid', () => {
    const parsed = parsePolicyResponse(
      `Thought: click it\nAction: click\n${call({action: 'left_click', coordinate: [1200, 5]})}\nMemory: m`,
    )
    expect(parsed).toMatchObject({thought: 'click it', actionText: 'click', memory: 'm', action: null})
  })
})

describe('formatAction', () => {
  it.each([
    [{name: 'left_click', coordinate: [512, 300] as [number, number]}, 'left_click(512, 300)'],
    [{name: 'type', text: 'hello', coordinate: [10, 20] as [number, number]}, 'type("hello") at (10, 20)'],
    [{name: 'type', text: 'a\nb'}, 'type("a\\nb")'],
    [{name: 'scroll', direction: 'up' as const}, 'scroll(up)'],
    [{name: 'wait', seconds: 3}, 'wait(3s)'],
    [{name: 'go_back'}, 'go_back()'],
    [{name: 'navigate', url: 'http://a.test/'}, 'navigate("http://a.test/")'],
    [{name: 'answer', text: 'It costs "$9"'}, 'answer("It costs \\"$9\\"")'],
  ])('formats %j as %s', (action, line) => {
    expect(formatAction(action)).toBe(line)
  })
})

const VIEWPORT = {width: 1280, height: 768}

describe('policy dialects', () => {
  it('offers qwen3vl (and som, tools and uitars), built and read by the versioned qwen3vl prompt builder and parser', () => {
    expect(DIALECTS).toEqual(['qwen3vl', 'som', 'tools', 'uitars'])
    const dialect = POLICY_DIALECTS.qwen3vl
    expect(dialect).toMatchObject({name: 'qwen3vl', promptVersion: QWEN3VL_PROMPT_VERSION})
    expect(dialect.buildMessages(input())).toEqual(buildPolicyMessages(input()))
    const reply =
      'Thought: t\nAction: a\n<tool_call>\n{"name": "computer_use", "arguments": {"action": "left_click", "coordinate": [10, 20]}}\n</tool_call>'
    expect(dialect.parseResponse(reply, {viewport: VIEWPORT})).toEqual(parsePolicyResponse(reply))
    expect(dialect.parseResponse(reply, {viewport: VIEWPORT}).action).toEqual({
      name: 'left_click',
      coordinate: [10, 20],
    })
  })

  it('puts function calls a server returned apart (tool_calls) back into the reply text the model wrote', () => {
    const dialect = POLICY_DIALECTS.qwen3vl
    const text = dialect.responseText({
      content: 'Thought: t\nAction: a\n',
      toolCalls: [{name: 'computer_use', arguments: '{"action": "scroll", "direction": "up"}'}],
    })
    expect(text).toBe(
      'Thought: t\nAction: a\n<tool_call>\n{"name":"computer_use","arguments":{"action":"scroll","direction":"up"}}\n</tool_call>',
    )
    expect(dialect.parseResponse(text, {viewport: VIEWPORT})).toMatchObject({
      thought: 't',
      action: {name: 'scroll', direction: 'up'},
      error: null,
    })
    // Content alone is the reply as it came; arguments that are not JSON stay a string and fail as such.
    expect(dialect.responseText({content: 'x', toolCalls: []})).toBe('x')
    const broken = dialect.parseResponse(
      dialect.responseText({
        content: null,
        toolCalls: [{name: 'computer_use', arguments: '{"action": "left_click", '}],
      }),
      {viewport: VIEWPORT},
    )
    expect(broken.action).toBeNull()
    expect(broken.error).toMatch(/^invalid JSON in tool_call arguments/)
  })

  it('finds the dialect a trajectory was prompted in by its prompt version, and none for a version it does not know', () => {
    expect(dialectForPromptVersion('qwen3vl-v1')).toBe(POLICY_DIALECTS.qwen3vl)
    expect(dialectForPromptVersion('qwen3vl-v0')).toBeUndefined()
    expect(knownPromptVersions()).toEqual(['qwen3vl-v1', 'som-v1', 'tools-v1', 'uitars-v1'])
  })
})
