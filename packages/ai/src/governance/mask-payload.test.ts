import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMasker, defaultMaskedKeys, defaultMaskPatterns } from './mask-payload.js';

const mask = createMasker();

describe('createMasker', () => {
  it('hides the values of sensitive keys whatever their case or separator, and only those', () => {
    expect(
      mask({
        password: 'hunter2',
        accessToken: 'a',
        refresh_token: 'b',
        'X-Api-Key': 'c',
        Authorization: 'Basic xyz',
        clientSecret: { nested: 'd' },
        passwordHash: 'e',
        APIKey: 'f',
        set_cookie: 'g',
        inputTokens: 12,
        tokenizer: 'cl100k',
        keyboard: 'KB-01',
      }),
    ).toEqual({
      password: '[masked]',
      accessToken: '[masked]',
      refresh_token: '[masked]',
      'X-Api-Key': '[masked]',
      Authorization: '[masked]',
      clientSecret: '[masked]',
      passwordHash: '[masked]',
      APIKey: '[masked]',
      set_cookie: '[masked]',
      inputTokens: 12,
      tokenizer: 'cl100k',
      keyboard: 'KB-01',
    });
  });

  it('replaces emails, phone numbers, card numbers, bearer tokens, JWTs, API keys and secrets in text', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    expect(
      mask({
        note: 'Mail alice.smith+shop@example.co.uk or call +1 (555) 123-4567 or 13812345678.',
        card: 'Card 4111 1111 1111 1111, exp 12/30',
        header: 'Authorization: Bearer abc.DEF-123_x=',
        jwt: `token ${jwt}`,
        key: 'use sk-proj-abcdefghijklmnop1234 please',
        text: 'my password is hunter2, the pwd=s3cr3t! and {"password":"x1"}',
        chinese: '我的密码是 hunter22，密码：hunter33。API 密钥为 abc-123，令牌=t0k3n',
      }),
    ).toEqual({
      note: 'Mail [email] or call [phone] or [phone].',
      card: 'Card [card], exp 12/30',
      header: 'Authorization: Bearer [token]',
      jwt: 'token [token]',
      key: 'use [token] please',
      text: 'my password is [masked], the pwd=[masked] and {"password":"[masked]"}',
      chinese: '我的密码是 [masked]，密码：[masked]。API 密钥为 [masked]，令牌=[masked]',
    });
  });

  it('leaves ids, dates, amounts and ordinary text alone', () => {
    const kept = {
      orderId: '550e8400-e29b-41d4-a716-446655440000',
      at: '2030-01-01T00:00:00.000Z',
      when: '2030-01-01 12:00:00',
      total: 'Total 249.00 USD for 2 items, order 42',
      sku: 'MN-27',
      chinese: '订单还没发货可以取消吗',
    };
    expect(mask(kept)).toEqual(kept);
  });

  it('cuts long text after masking, so nothing sensitive survives the cut', () => {
    const text = `${'a'.repeat(495)} bob@example.com ${'b'.repeat(100)}`;
    const masked = mask(text) as string;
    expect(masked).toBe(`${'a'.repeat(495)} [ema… [104 more characters]`);
    expect(masked).not.toContain('bob@');
    expect(createMasker({ maxStringLength: 5 })('abcdefgh')).toBe('abcde… [3 more characters]');
  });

  it('turns any value into bounded JSON', () => {
    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle.self = cycle;
    const masked = createMasker({ maxDepth: 3, maxItems: 2 })({
      date: new Date('2030-01-01T00:00:00Z'),
      big: 12n,
      error: new Error('failed for bob@example.com'),
      list: [1, 2, 3, 4],
      skip: undefined,
      run: () => 1,
      cycle,
    });
    expect(masked).toEqual({
      date: '2030-01-01T00:00:00.000Z',
      big: '12',
      '…': '3 more keys',
    });
    expect(createMasker({ maxDepth: 3 })({ cycle })).toEqual({
      cycle: { name: 'loop', self: { name: 'loop', self: '[too deep]' } },
    });
    expect(
      mask({ list: [1, 2, 3], error: new Error('failed for bob@example.com'), nan: Number.NaN }),
    ).toEqual({
      list: [1, 2, 3],
      error: { name: 'Error', message: 'failed for [email]' },
      nan: null,
    });
    expect(createMasker({ maxItems: 2 })([1, 2, 3, 4])).toEqual([1, 2, '[2 more items]']);
  });

  it('takes its own keys and patterns, and refuses a pattern that is not global', () => {
    const custom = createMasker({
      keys: [...defaultMaskedKeys, 'ssn'],
      patterns: [...defaultMaskPatterns, { name: 'order', pattern: /ORD-\d+/g, replacement: '[order]' }],
    });
    expect(custom({ ssn: '123', text: 'see ORD-991' })).toEqual({ ssn: '[masked]', text: 'see [order]' });
    expect(() => createMasker({ patterns: [{ name: 'x', pattern: /x/, replacement: '' }] })).toThrow(
      /pattern "x" needs the g flag/,
    );
  });

  it('never lets a planted email or password through, wherever it sits', () => {
    const email = fc
      .tuple(
        fc.stringMatching(/^[a-z0-9][a-z0-9._]{0,10}$/),
        fc.stringMatching(/^[a-z]{1,10}$/),
        fc.stringMatching(/^[a-z]{2,6}$/),
      )
      .map(([local, domain, top]) => `${local}@${domain}.${top}`);
    const password = fc.stringMatching(/^[A-Za-z0-9!#$%&*+?^~]{6,20}$/);
    const place = (secret: { email: string; password: string }) =>
      fc.constantFrom(
        { password: secret.password, note: `reach me at ${secret.email}` },
        { nested: [{ credentials: { user: 'a', pass: secret.password } }], text: `${secret.email}` },
        { message: `my password is ${secret.password} (${secret.email})` },
        { body: JSON.stringify({ password: secret.password, email: secret.email }) },
        [{ input: { Password: secret.password, contact: `<${secret.email}>` } }],
      );
    fc.assert(
      fc.property(
        fc.record({ email, password }).chain((secret) => fc.tuple(fc.constant(secret), place(secret))),
        ([secret, payload]) => {
          const stored = JSON.stringify(mask(payload));
          return !stored.includes(secret.email) && !stored.includes(secret.password);
        },
      ),
      { numRuns: 300 },
    );
  });
});
