import { defineErrorCodes } from '@opwire/core';

/** The codes governance adds to the catalogue (budgets, approval caps), registered when the package loads. */
export const governanceErrorCodes = {
  BUDGET_EXCEEDED: {
    kind: 'limited',
    messages: {
      en: 'The {scope} budget of {limit} per {period} is used up ({used} used); it resets at {resetsAt}.',
      'zh-CN': '{scope}每{period}的预算 {limit} 已用完（已用 {used}），将于 {resetsAt} 重置。',
    },
  },
  APPROVAL_LIMIT_REACHED: {
    kind: 'limited',
    messages: {
      en: 'There are already {limit} actions waiting for approval; approve or decline them first.',
      'zh-CN': '已有 {limit} 个操作在等待批准，请先批准或拒绝它们。',
    },
  },
} as const;

defineErrorCodes(governanceErrorCodes);

/** A code governance raises. */
export type GovernanceErrorCode = keyof typeof governanceErrorCodes;
