import { defineErrors } from '@opwire/core';
import { prototypePoisoning } from '@opwire/core/surface';

/** The codes `@opwire/ai` raises: tools, approvals, guardrails, prompts, providers and governance (budgets, approval caps). */
export const aiErrors = defineErrors({
  TOOL_NOT_FOUND: {
    kind: 'not_found',
    messages: {
      en: 'There is no tool named "{toolName}" available to you.',
      'zh-CN': '没有可供您使用的名为“{toolName}”的工具。',
    },
  },
  UNKNOWN_TOOL: {
    kind: 'invalid',
    messages: {
      en: 'Field "{field}" names "{toolName}", which is no tool available to you.',
      'zh-CN': '字段“{field}”指定的“{toolName}”不是可供您使用的工具。',
    },
  },
  // The code and words HTTP answers a body with such a key.
  PROTOTYPE_POISONING: prototypePoisoning,
  MALFORMED_ARGUMENTS: {
    kind: 'invalid',
    messages: {
      en: 'The arguments for tool "{toolName}" are not a valid JSON object.',
      'zh-CN': '工具“{toolName}”的参数不是有效的 JSON 对象。',
    },
  },
  APPROVAL_NOT_FOUND: {
    kind: 'not_found',
    messages: {
      en: 'There is no approval "{approvalId}".',
      'zh-CN': '不存在审批“{approvalId}”。',
    },
  },
  APPROVAL_EXPIRED: {
    kind: 'conflict',
    messages: {
      en: 'The approval "{approvalId}" has expired; ask again.',
      'zh-CN': '审批“{approvalId}”已过期，请重新发起。',
    },
  },
  APPROVAL_ALREADY_SETTLED: {
    kind: 'conflict',
    messages: {
      en: 'The approval "{approvalId}" was already {status}.',
      'zh-CN': '审批“{approvalId}”{status}，不能再次处理。',
    },
  },
  APPROVAL_MISMATCH: {
    kind: 'conflict',
    messages: {
      en: 'The arguments do not match the ones awaiting approval "{approvalId}".',
      'zh-CN': '参数与审批“{approvalId}”中待批准的参数不一致。',
    },
  },
  GUARDRAIL_REJECTED: {
    kind: 'rule',
    messages: {
      en: 'The {stage} was rejected by the "{guardrail}" guardrail: {reason}',
      'zh-CN': '{stage}被“{guardrail}”防护规则拒绝：{reason}',
    },
  },
  ANSWER_NOT_REPLACEABLE: {
    kind: 'conflict',
    messages: {
      en: 'This answer cannot be asked for again: a later answer asked for an approval or made a change. Only the newest answer can.',
      'zh-CN': '无法重新生成此回答：之后的回答请求过审批或做出了更改。只能重新生成最新的回答。',
    },
  },
  QUESTION_NOT_FOUND: {
    kind: 'not_found',
    messages: {
      en: 'The message to edit is not a question stored in this conversation; nothing was changed.',
      'zh-CN': '要编辑的消息不是本会话中已保存的提问；未做任何更改。',
    },
  },
  QUESTION_NOT_EDITABLE: {
    kind: 'conflict',
    messages: {
      en: 'This question cannot be edited: an answer since it made a change, or asked for an approval whose call may have run. Ask a new question instead.',
      'zh-CN':
        '无法编辑此提问：此后的回答做出了更改，或请求过审批且相应调用可能已经执行。请改为提出新的问题。',
    },
  },
  FIELD_NEEDS_TRUE: {
    kind: 'invalid',
    messages: {
      en: 'Field "{field}" is only accepted together with "{requires}": true.',
      'zh-CN': '字段“{field}”只能与“{requires}”: true 一起使用。',
    },
  },
  FIELD_EXCLUDES: {
    kind: 'invalid',
    messages: {
      en: 'Field "{field}" cannot be sent together with "{excludes}".',
      'zh-CN': '字段“{field}”不能与“{excludes}”同时发送。',
    },
  },
  PROMPT_NOT_FOUND: {
    kind: 'invalid',
    messages: {
      en: 'There is no prompt template named "{prompt}".',
      'zh-CN': '没有名为“{prompt}”的提示模板。',
    },
  },
  CHAT_NOT_CONFIGURED: {
    kind: 'unavailable',
    messages: {
      en: 'Chat is not configured: set OPENAI_API_KEY (and optionally OPENAI_BASE_URL and OPWIRE_CHAT_MODEL) or pass providers to createChat.',
      'zh-CN':
        '聊天未配置：请设置 OPENAI_API_KEY（可选 OPENAI_BASE_URL 和 OPWIRE_CHAT_MODEL），或向 createChat 传入 providers。',
    },
  },
  PROVIDER_FAILED: {
    kind: 'unavailable',
    messages: {
      en: 'No language model provider could answer; try again later.',
      'zh-CN': '没有可用的语言模型服务能够应答，请稍后再试。',
    },
  },
  PROVIDER_REJECTED: {
    kind: 'upstream',
    messages: {
      en: 'The language model provider refused this request (HTTP {status}); asking again unchanged will not help.',
      'zh-CN': '语言模型服务拒绝了此请求（HTTP {status}），原样重试不会成功。',
    },
  },
  BUDGET_EXCEEDED: {
    kind: 'limited',
    messages: {
      en: 'The {scope} budget of {limit} per {period} is used up ({used} used); it resets at {resetsAt}.',
      'zh-CN': '{scope}每{period}的预算 {limit} 已用完（已用 {used}），将于 {resetsAt} 重置。',
    },
    // The seconds until the budget's period ends (`enforceBudgets`).
    headers: ['retry-after'],
  },
  APPROVAL_LIMIT_REACHED: {
    kind: 'limited',
    messages: {
      en: 'There are already {limit} actions waiting for approval; approve or decline them first.',
      'zh-CN': '已有 {limit} 个操作在等待批准，请先批准或拒绝它们。',
    },
  },
  PROVIDER_TIMEOUT: {
    kind: 'timeout',
    messages: {
      en: 'The model did not start answering within {seconds} seconds.',
      'zh-CN': '模型在 {seconds} 秒内没有开始回答。',
    },
  },
  TOOL_CALL_LIMIT_REACHED: {
    kind: 'limited',
    messages: {
      en: 'Too many tool calls at once: at most {limit} are allowed here; this call did not run.',
      'zh-CN': '工具调用过多：此处最多允许 {limit} 次；本次调用未执行。',
    },
  },
  TOOL_ARGUMENTS_TOO_LARGE: {
    kind: 'too_large',
    messages: {
      en: 'The arguments of "{toolName}" are too large or too deeply nested (at most {maxBytes} bytes and {maxDepth} levels); the call did not run.',
      'zh-CN': '“{toolName}”的参数过大或嵌套过深（最多 {maxBytes} 字节、{maxDepth} 层）；本次调用未执行。',
    },
  },
});

/** A code `@opwire/ai` raises. */
export type AiErrorCode = keyof typeof aiErrors;
