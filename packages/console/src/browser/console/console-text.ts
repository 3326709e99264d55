import type { PageLocale } from '../shared/page-config.js';

/** The audit actions, as the governance operations name them. */
export const auditActions = [
  'request',
  'tool_call',
  'tool_result',
  'guardrail',
  'approval_requested',
  'approval_approved',
  'approval_declined',
  'stop',
  'error',
] as const;

/** One audit action. */
export type AuditAction = (typeof auditActions)[number];

/** How a turn ended. */
export type TurnOutcome = 'completed' | 'failed' | 'stopped';

/** Every string of the console in one language. */
export interface ConsoleText {
  readonly title: string;
  readonly nav: { readonly turns: string; readonly audit: string; readonly cost: string };
  readonly chat: string;
  readonly loading: string;
  readonly loadMore: string;
  readonly retry: string;
  readonly failedToLoad: string;
  readonly forbiddenTitle: string;
  readonly forbiddenBody: string;
  readonly signInAgain: string;
  readonly nothing: string;
  readonly all: string;
  readonly outcomes: Readonly<Record<TurnOutcome, string>>;
  readonly actions: Readonly<Record<AuditAction, string>>;
  readonly range: {
    readonly label: string;
    readonly day: string;
    readonly week: string;
    readonly month: string;
    readonly quarter: string;
    readonly custom: string;
    readonly from: string;
    readonly to: string;
    /** A custom range whose From is after its To: said beside the dates, and nothing is asked. */
    readonly backwards: string;
    /** A custom date before the first day or after the last the server takes: said beside the dates. */
    readonly outside: (first: string, last: string) => string;
  };
  readonly filters: {
    readonly model: string;
    readonly provider: string;
    readonly user: string;
    readonly conversation: string;
    readonly tool: string;
    readonly turn: string;
    readonly outcome: string;
    readonly action: string;
    readonly clear: string;
    /** Beside a filter as long as the server takes: typing stops there. */
    readonly atMost: (characters: number) => string;
    /** Beside a filter holding a control character (a pasted tab or NUL): the server takes none, nothing is asked. */
    readonly control: string;
  };
  readonly metrics: {
    readonly requests: string;
    readonly inputTokens: string;
    readonly outputTokens: string;
    readonly cost: string;
  };
  readonly columns: {
    readonly time: string;
    readonly user: string;
    readonly model: string;
    readonly provider: string;
    readonly tokens: string;
    readonly cost: string;
    readonly tools: string;
    readonly latency: string;
    readonly outcome: string;
    readonly sequence: string;
    readonly action: string;
    readonly tool: string;
    readonly code: string;
  };
  readonly detail: {
    readonly turn: string;
    readonly event: string;
    readonly close: string;
    readonly conversation: string;
    readonly openConversation: string;
    readonly notYourConversation: string;
    readonly noConversation: string;
    readonly failureReason: string;
    readonly toolCalls: string;
    readonly noToolCalls: string;
    readonly events: string;
    readonly payload: string;
    readonly noPayload: string;
    readonly masked: string;
    readonly requestedModel: string;
    readonly trace: string;
    readonly started: string;
    readonly finished: string;
    readonly showEvents: string;
    readonly running: string;
  };
  readonly charts: {
    readonly costByModel: string;
    readonly requestsByUser: string;
    readonly inputTokensByModel: string;
    readonly noData: string;
    readonly unknown: string;
  };
  readonly milliseconds: (value: number) => string;
}

const en: ConsoleText = {
  title: 'Opwire console',
  nav: { turns: 'Turns', audit: 'Audit', cost: 'Cost' },
  chat: 'Assistant',
  loading: 'Loading…',
  loadMore: 'Load more',
  retry: 'Retry',
  failedToLoad: 'Could not load this page',
  forbiddenTitle: 'You cannot open the console',
  forbiddenBody:
    'The governance console needs the governance:read permission, which this account does not have. Sign in with an account that has it.',
  signInAgain: 'Sign in with another account',
  nothing: 'Nothing matches these filters.',
  all: 'All',
  outcomes: { completed: 'Completed', failed: 'Failed', stopped: 'Stopped' },
  actions: {
    request: 'Request',
    tool_call: 'Tool call',
    tool_result: 'Tool result',
    guardrail: 'Guardrail',
    approval_requested: 'Approval requested',
    approval_approved: 'Approved',
    approval_declined: 'Declined',
    stop: 'Stop',
    error: 'Error',
  },
  range: {
    label: 'Time range',
    day: '24 hours',
    week: '7 days',
    month: '30 days',
    quarter: '90 days',
    custom: 'Custom',
    from: 'From',
    to: 'To',
    backwards: 'From is after To: choose a From date on or before the To date.',
    outside: (first, last) => `Dates run from ${first} to ${last}: choose a date between them.`,
  },
  filters: {
    model: 'Model',
    provider: 'Provider',
    user: 'User',
    conversation: 'Conversation',
    tool: 'Tool',
    turn: 'Turn',
    outcome: 'Outcome',
    action: 'Action',
    clear: 'Clear filters',
    atMost: (characters) => `At most ${characters} characters.`,
    control: 'Holds a control character (such as a tab), which no filter can match: remove it.',
  },
  metrics: { requests: 'Requests', inputTokens: 'Input tokens', outputTokens: 'Output tokens', cost: 'Cost' },
  columns: {
    time: 'Time',
    user: 'User',
    model: 'Model',
    provider: 'Provider',
    tokens: 'Tokens in / out',
    cost: 'Cost',
    tools: 'Tools',
    latency: 'Latency',
    outcome: 'Outcome',
    sequence: '#',
    action: 'Action',
    tool: 'Tool',
    code: 'Code',
  },
  detail: {
    turn: 'Turn',
    event: 'Audit event',
    close: 'Close',
    conversation: 'Conversation',
    openConversation: 'Open the conversation',
    notYourConversation: 'Only its owner can read this conversation.',
    noConversation: 'No conversation',
    failureReason: 'Failure reason',
    toolCalls: 'Tool calls',
    noToolCalls: 'No tool calls.',
    events: 'Events in order',
    payload: 'Payload (masked)',
    noPayload: 'No payload.',
    masked: 'Secrets and personal data are masked before events are stored.',
    requestedModel: 'Requested model',
    trace: 'Trace',
    started: 'Started',
    finished: 'Finished',
    showEvents: 'Show in the audit trail',
    running: 'Still running: no ledger row yet.',
  },
  charts: {
    costByModel: 'Cost by model',
    requestsByUser: 'Requests by user',
    inputTokensByModel: 'Input tokens by model',
    noData: 'No turns in this range.',
    unknown: '(none)',
  },
  milliseconds: (value) => `${value.toLocaleString('en', { maximumFractionDigits: 0 })} ms`,
};

const zhCN: ConsoleText = {
  title: 'Opwire 控制台',
  nav: { turns: '对话轮次', audit: '审计', cost: '费用' },
  chat: '助手',
  loading: '加载中…',
  loadMore: '加载更多',
  retry: '重试',
  failedToLoad: '无法加载此页面',
  forbiddenTitle: '你无法打开控制台',
  forbiddenBody: '治理控制台需要 governance:read 权限，当前账号没有该权限。请使用具有该权限的账号登录。',
  signInAgain: '使用其他账号登录',
  nothing: '没有符合这些筛选条件的记录。',
  all: '全部',
  outcomes: { completed: '已完成', failed: '失败', stopped: '已停止' },
  actions: {
    request: '请求',
    tool_call: '工具调用',
    tool_result: '工具结果',
    guardrail: '防护规则',
    approval_requested: '请求批准',
    approval_approved: '已批准',
    approval_declined: '已拒绝',
    stop: '停止',
    error: '错误',
  },
  range: {
    label: '时间范围',
    day: '24 小时',
    week: '7 天',
    month: '30 天',
    quarter: '90 天',
    custom: '自定义',
    from: '开始',
    to: '结束',
    backwards: '开始日期晚于结束日期：请选择不晚于结束日期的开始日期。',
    outside: (first, last) => `日期须在 ${first} 至 ${last} 之间：请重新选择。`,
  },
  filters: {
    model: '模型',
    provider: '提供方',
    user: '用户',
    conversation: '对话',
    tool: '工具',
    turn: '轮次',
    outcome: '结果',
    action: '动作',
    clear: '清除筛选',
    atMost: (characters) => `最多 ${characters} 个字符。`,
    control: '含有控制字符（如制表符），筛选无法匹配：请删除。',
  },
  metrics: { requests: '请求数', inputTokens: '输入词元', outputTokens: '输出词元', cost: '费用' },
  columns: {
    time: '时间',
    user: '用户',
    model: '模型',
    provider: '提供方',
    tokens: '输入 / 输出词元',
    cost: '费用',
    tools: '工具',
    latency: '耗时',
    outcome: '结果',
    sequence: '序号',
    action: '动作',
    tool: '工具',
    code: '代码',
  },
  detail: {
    turn: '对话轮次',
    event: '审计事件',
    close: '关闭',
    conversation: '对话',
    openConversation: '打开对话',
    notYourConversation: '只有对话的所有者可以查看此对话。',
    noConversation: '无对话',
    failureReason: '失败原因',
    toolCalls: '工具调用',
    noToolCalls: '没有工具调用。',
    events: '按顺序的事件',
    payload: '负载（已脱敏）',
    noPayload: '无负载。',
    masked: '事件在存储前已对密钥和个人数据脱敏。',
    requestedModel: '请求的模型',
    trace: '追踪',
    started: '开始',
    finished: '结束',
    showEvents: '在审计记录中查看',
    running: '仍在运行：尚无账本记录。',
  },
  charts: {
    costByModel: '按模型的费用',
    requestsByUser: '按用户的请求数',
    inputTokensByModel: '按模型的输入词元',
    noData: '此时间范围内没有对话轮次。',
    unknown: '（无）',
  },
  milliseconds: (value) => `${value.toLocaleString('zh-CN', { maximumFractionDigits: 0 })} 毫秒`,
};

/** The console's strings per language. */
export const consoleTexts: Readonly<Record<PageLocale, ConsoleText>> = { en, 'zh-CN': zhCN };
