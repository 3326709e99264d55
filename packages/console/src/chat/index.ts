/** Deciding an earlier answer's pending approval over `/ai/approvals`. */
export {
  type ApprovalDeciderOptions,
  type ApprovalDecision,
  createApprovalDecider,
  withDecision,
} from './approval-decision.js';
/** The drawer and its parts, for a host app that renders its own layout around them. */
export { ChatDrawer, type ChatDrawerProps } from './chat-drawer.js';
/** The drawer's strings in English and Simplified Chinese. */
export { type ChatLocale, type ChatText, chatLocaleOf, chatTexts } from './chat-text.js';
/** The conversation list. */
export { ConversationList, type ConversationListProps } from './conversation-list.js';
/** One conversation on `useChat`. */
export { ConversationView, type ConversationViewProps } from './conversation-view.js';
/** The conversation operations over HTTP. */
export {
  type ApprovalState,
  type ConversationSummary,
  type ConversationsClient,
  type ConversationsClientOptions,
  ConversationsError,
  createConversationsClient,
  failureOf,
  type StoredMessage,
  type StoredPart,
  type TurnEnding,
} from './conversations-client.js';
/** One message as a bubble. */
export { MessageView, type MessageViewProps, type OpenedSource, sourcesOf } from './message-view.js';
/** What the drawer posts to `/api/chat`: the messages the route reads, not the whole history. */
export { prepareChatRequest } from './prepare-chat-request.js';
/** A cited document shown over the chat. */
export { SourceViewer, type SourceViewerProps } from './source-viewer.js';
/** Stored conversation messages as UI messages. */
export { storedToUiMessages } from './stored-to-ui-messages.js';
/** A tool call as a card. */
export { ToolCard, type ToolCardProps } from './tool-card.js';
/** What a card shows of a tool part. */
export { codeOfText, isToolPart, type ToolView, toolViewOf } from './tool-part.js';
