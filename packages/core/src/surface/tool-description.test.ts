import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { defineErrors } from '../errors/define-errors.js';
import type { LocalizedText } from '../errors/locale.js';
import { defineOperation } from '../operation.js';
import { describeOperationTool } from './tool-description.js';

const errors = defineErrors({
  NOTE_TOO_LOUD: { kind: 'rule', messages: { en: 'Notes may not shout.', 'zh-CN': '笔记不能大喊。' } },
});

const noteTool = (summary: LocalizedText, description?: LocalizedText) =>
  defineOperation({
    id: 'notes.create',
    summary,
    ...(description === undefined ? {} : { description }),
    request: Type.Object({}),
    response: Type.Object({}),
    errors: [errors.NOTE_TOO_LOUD],
    handle: () => ({}),
  });

describe('describeOperationTool', () => {
  it("ends an English summary read in Chinese with its own full stop and a space, not with '。'", () => {
    const operation = noteTool('Create a note');
    expect(describeOperationTool(operation, 'zh-CN')).toBe(
      'Create a note. 可能返回的错误码：NOTE_TOO_LOUD。',
    );
    expect(describeOperationTool(operation, 'zh-CN', { requiresApproval: true })).toBe(
      'Create a note. 需要用户批准后才会执行。可能返回的错误码：NOTE_TOO_LOUD。',
    );
  });

  it('keeps Chinese sentences together with full-width stops', () => {
    const operation = noteTool(
      { en: 'Create a note', 'zh-CN': '写笔记' },
      { en: 'Saved at once', 'zh-CN': '立即保存' },
    );
    expect(describeOperationTool(operation, 'zh-CN')).toBe(
      '写笔记。立即保存。可能返回的错误码：NOTE_TOO_LOUD。',
    );
  });

  it('writes English as before, and a Chinese summary read in English with its own stop', () => {
    const operation = noteTool({ en: 'Create a note', 'zh-CN': '写笔记' }, 'Saved at once!');
    expect(describeOperationTool(operation, 'en', { requiresApproval: true })).toBe(
      'Create a note. Saved at once! Runs only after the user approves it. May fail with: NOTE_TOO_LOUD.',
    );
    expect(describeOperationTool(noteTool('写笔记'), 'en')).toBe('写笔记。May fail with: NOTE_TOO_LOUD.');
  });
});
