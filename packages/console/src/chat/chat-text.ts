/** The languages the chat drawer speaks. */
export type ChatLocale = 'en' | 'zh-CN';

/** Every string the chat drawer shows, in one language. */
export interface ChatText {
  readonly title: string;
  readonly conversations: string;
  readonly newConversation: string;
  readonly noConversations: string;
  readonly untitled: string;
  readonly deleteConversation: string;
  readonly confirmDelete: string;
  readonly showConversations: string;
  readonly hideConversations: string;
  readonly close: string;
  readonly you: string;
  readonly assistant: string;
  readonly empty: string;
  readonly placeholder: string;
  readonly send: string;
  readonly stop: string;
  readonly thinking: string;
  readonly reasoning: string;
  readonly sources: string;
  /** Shown while a cited document loads in its viewer. */
  readonly sourceLoading: string;
  /** Said before the reason a cited document could not be shown. */
  readonly sourceFailed: string;
  readonly toolRunning: string;
  readonly toolDone: string;
  readonly toolFailed: string;
  readonly toolPending: string;
  readonly toolDeclined: string;
  readonly toolApproved: string;
  /** An approval never decided in time: the server no longer runs it. */
  readonly toolExpired: string;
  /**
   * A pending call of an earlier answer in a `ConversationView` given no `decideApproval`: only the newest
   * answer's approvals can be sent in the chat.
   */
  readonly toolUnanswered: string;
  readonly approve: string;
  readonly decline: string;
  readonly approvalQuestion: string;
  readonly input: string;
  readonly output: string;
  readonly usage: (input: number, output: number) => string;
  readonly stopped: string;
  readonly failed: string;
  readonly retry: string;
  readonly loadFailed: string;
  /** Shown when the conversation in the address was deleted (or is someone else's). */
  readonly conversationGone: string;
  readonly openFailed: string;
  /** Shown when the first question of a new conversation could not be sent (its conversation not created). */
  readonly startFailed: string;
  /**
   * Shown in a conversation when the server refused the token and the host does not handle it (no
   * `onUnauthenticated`): the question is back in the composer, so there is nothing to retry.
   */
  readonly refused: string;
}

const en: ChatText = {
  title: 'Assistant',
  conversations: 'Conversations',
  newConversation: 'New conversation',
  noConversations: 'No conversations yet.',
  untitled: 'Untitled conversation',
  deleteConversation: 'Delete conversation',
  confirmDelete: 'Delete this conversation and its messages?',
  showConversations: 'Show conversations',
  hideConversations: 'Hide conversations',
  close: 'Close',
  you: 'You',
  assistant: 'Assistant',
  empty: 'Ask about your orders, or about the shop’s policies.',
  placeholder: 'Ask a question…',
  send: 'Send',
  stop: 'Stop',
  thinking: 'Thinking…',
  reasoning: 'Reasoning',
  sources: 'Sources',
  sourceLoading: 'Loading the document…',
  sourceFailed: 'Could not show the document',
  toolRunning: 'running',
  toolDone: 'done',
  toolFailed: 'failed',
  toolPending: 'waiting for your approval',
  toolDeclined: 'declined',
  toolApproved: 'approved',
  toolExpired: 'expired; ask again to run it',
  toolUnanswered: 'not approved; ask again to run it',
  approve: 'Approve',
  decline: 'Decline',
  approvalQuestion: 'The assistant wants to run this action. Allow it?',
  input: 'Input',
  output: 'Result',
  usage: (input, output) => `${input.toLocaleString('en')} tokens in · ${output.toLocaleString('en')} out`,
  stopped: 'Stopped.',
  failed: 'The answer failed',
  retry: 'Retry',
  loadFailed: 'Could not load the conversations',
  conversationGone: 'This conversation no longer exists. Ask a question to start a new one.',
  openFailed: 'Could not open the conversation',
  startFailed: 'Could not start the conversation',
  refused:
    'The server did not accept your sign-in, so the question was not sent. It is back in the box below: send it again once you are signed in.',
};

const zhCN: ChatText = {
  title: '助手',
  conversations: '对话',
  newConversation: '新建对话',
  noConversations: '还没有对话。',
  untitled: '未命名对话',
  deleteConversation: '删除对话',
  confirmDelete: '删除此对话及其消息？',
  showConversations: '显示对话列表',
  hideConversations: '隐藏对话列表',
  close: '关闭',
  you: '你',
  assistant: '助手',
  empty: '可以询问你的订单，或商店的政策。',
  placeholder: '输入问题…',
  send: '发送',
  stop: '停止',
  thinking: '思考中…',
  reasoning: '推理过程',
  sources: '来源',
  sourceLoading: '正在加载文档…',
  sourceFailed: '无法显示该文档',
  toolRunning: '运行中',
  toolDone: '完成',
  toolFailed: '失败',
  toolPending: '等待你的批准',
  toolDeclined: '已拒绝',
  toolApproved: '已批准',
  toolExpired: '已过期；如需执行请重新提问',
  toolUnanswered: '未获批准；如需执行请重新提问',
  approve: '批准',
  decline: '拒绝',
  approvalQuestion: '助手想要执行此操作。是否允许？',
  input: '输入',
  output: '结果',
  usage: (input, output) =>
    `输入 ${input.toLocaleString('zh-CN')} 个词元 · 输出 ${output.toLocaleString('zh-CN')} 个`,
  stopped: '已停止。',
  failed: '回答失败',
  retry: '重试',
  loadFailed: '无法加载对话',
  conversationGone: '此对话已不存在。提出问题即可开始新的对话。',
  openFailed: '无法打开对话',
  startFailed: '无法开始对话',
  refused: '服务器不接受你的登录凭据，问题没有发送。它已放回下方的输入框：重新登录后再发送。',
};

/** The drawer's strings in a language. */
export const chatTexts: Readonly<Record<ChatLocale, ChatText>> = { en, 'zh-CN': zhCN };

/** The supported language closest to a BCP 47 tag (`zh`, `zh-Hans-CN` → `zh-CN`; anything else → `en`). */
export function chatLocaleOf(tag: string | undefined): ChatLocale {
  return tag !== undefined && /^zh(-|$)/i.test(tag) && !/^zh-(Hant|TW|HK|MO)/i.test(tag) ? 'zh-CN' : 'en';
}
