import { describe, expect, it } from 'vitest';
import { traditionalFoldingPairs } from '../../scripts/traditional-folding-pairs.js';
import { traditionalFolding } from './traditional-folding.js';

describe('the Traditional-to-Simplified table', () => {
  it('is what the installed OpenCC converts (run scripts/generate-traditional-folding.ts after upgrading it)', () => {
    expect(traditionalFolding === traditionalFoldingPairs()).toBe(true);
  });
});
