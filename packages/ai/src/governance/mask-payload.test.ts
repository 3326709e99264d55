import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultMaskedKeys } from './mask-keys.js';
import { defaultMaskPatterns } from './mask-patterns.js';
import { createMasker } from './mask-payload.js';

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
        secrets: ['h'],
        userPasswords: { old: 'i' },
        cookies: 'j',
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
      secrets: '[masked]',
      userPasswords: '[masked]',
      cookies: '[masked]',
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

  it('masks a secret-named key written in text as its JSON key is masked: words split on _, - and case', () => {
    expect(
      mask({
        env: 'access_token=AT111secretvalue client_secret=CS222secretvalue DB_PASSWORD=DB333secretvalue',
        url: 'https://x.example/cb?access_token=URL444secret&next=/home and ?state=1&refresh_token=RT5',
        header: 'X-Api-Key: xk555secret, x-auth-token:xt6',
        json: '{"clientSecret": "correct horse battery", "accessToken":"AT7", "user":"ada"}',
        yaml: "db.password = 'pw8', aws_secret_access_key=wJalrXUtnFEMI9, smtpPassword:\tpw10",
        prose: 'my API key is ak11 and the private key: pk12; the access token is at13.',
      }),
    ).toEqual({
      env: 'access_token=[masked] client_secret=[masked] DB_PASSWORD=[masked]',
      url: 'https://x.example/cb?access_token=[masked]&next=/home and ?state=1&refresh_token=[masked]',
      header: 'X-Api-Key: [masked], x-auth-token:[masked]',
      json: '{"clientSecret": "[masked]", "accessToken":"[masked]", "user":"ada"}',
      yaml: "db.password = '[masked]', aws_secret_access_key=[masked], smtpPassword:\t[masked]",
      prose: 'my API key is [masked] and the private key: [masked]; the access token is [masked]',
    });
  });

  it('masks the values of the keys it is given in text as well', () => {
    const custom = createMasker({ keys: ['iban'] });
    expect(custom({ iban: 'DE89', note: 'payout_iban=DE89370400440532013000, password=kept' })).toEqual({
      iban: '[masked]',
      note: 'payout_iban=[masked], password=kept',
    });
  });

  it('replaces well-known token formats: GitHub, GitLab, AWS, Slack, Stripe, Google, npm, private keys', () => {
    const pem = '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA7b\n/x+9Q==\n-----END RSA PRIVATE KEY-----';
    expect(
      mask({
        github: 'ghp_1234567890abcdefghijABCDEFGHIJ123456 gho_1234567890abcdefghijABCDEFGHIJ123456',
        githubPat:
          'use github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ012',
        gitlab: 'glpat-xxxxxxxxxxxxxxxxxxxx here',
        aws: 'AKIAIOSFODNN7EXAMPLE and ASIAY34FZKBOKMUTVV7A.',
        slack: 'xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx, xoxp-1-2-3-abcdefabcdef',
        stripe:
          'sk_live_51H8abcdEFGHijklMNOPqrst rk_live_51H8abcdEFGHijklMNOPqrst whsec_abcdefghijklmnopqrstuvwx',
        google: 'key AIzaSyA1234567890abcdefghijklmnopqrstuv',
        npm: 'npm_abcdefghijklmnopqrstuvwxyz0123456789',
        pem: `here: ${pem} ok`,
      }),
    ).toEqual({
      github: '[token] [token]',
      githubPat: 'use [token]',
      gitlab: '[token] here',
      aws: '[token] and [token].',
      slack: '[token], [token]',
      stripe: '[token] [token] [token]',
      google: 'key [token]',
      npm: '[token]',
      pem: 'here: [private key] ok',
    });
  });

  it('keeps text that names a secret without giving one readable', () => {
    const kept = {
      reset:
        'Send me a password reset link; passwords must be 12 characters, see the password-protected file.',
      tokens: 'The token count is 1200 (tokens: 1200, max_tokens=4096, inputTokens: 12, tokenizer=cl100k).',
      // ("Secrets: none." is masked since `secrets` is a key: a value given to it in text is, whatever it says.)
      garden: 'I loved the secret garden; the secret garden is lovely.',
      keys: 'keyboard=KB-01, monkey: yes, the API is down, access keys rotate monthly.',
      query: 'https://shop.example/orders?status=open&page=2&sort=-createdAt',
      names: 'ASIAN markets, GHP_ratio, xox, AKIA, sk_live, github_pat_ and the secret.',
    };
    expect(mask(kept)).toEqual(kept);
  });

  // Nothing is timed: a pattern that rescans a run from each of its characters takes minutes on these (the email
  // pattern did, from any letter), and the test's timeout stops it.
  it('masks hostile text of 100,000 characters in one pass: a run is never rescanned from each of its characters', () => {
    const long = createMasker({ maxStringLength: 200_000 });
    const kept = [
      'a'.repeat(100_000),
      'a.'.repeat(50_000),
      'eyJ-'.repeat(25_000),
      'token_'.repeat(16_000),
      `password${' '.repeat(100_000)}`,
      'a='.repeat(50_000),
      `a@${'b.'.repeat(50_000)}`,
      'ghp_'.repeat(25_000),
      'token a='.repeat(12_500),
      `password ${'a '.repeat(50_000)}`,
    ];
    for (const text of kept) expect(long(text)).toBe(text);
    expect(long('password: "'.repeat(10_000))).toBe('password: "[masked]"'.repeat(5_000));
    expect(long(`password=${'&a'.repeat(50_000)}`)).toBe('password=[masked]');
    expect(long('-----BEGIN PRIVATE KEY-----'.repeat(4_000))).toBe('[private key]'.repeat(4_000));
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

  it('never lets a value given to a secret-named key in text through, whatever the case, separator or form', () => {
    const key = fc
      .tuple(
        fc.constantFrom(
          ['password'],
          ['db', 'password'],
          ['access', 'token'],
          ['client', 'secret'],
          ['x', 'api', 'key'],
          ['aws', 'secret', 'access', 'key'],
        ),
        fc.constantFrom('snake', 'kebab', 'camel', 'upper'),
      )
      .map(([words, style]) =>
        style === 'snake'
          ? words.join('_')
          : style === 'kebab'
            ? words.join('-')
            : style === 'upper'
              ? words.join('_').toUpperCase()
              : words
                  .map((word, index) => (index === 0 ? word : word[0]?.toUpperCase() + word.slice(1)))
                  .join(''),
      );
    const value = fc.stringMatching(/^[A-Za-z0-9!#$%&*+?^~]{4,20}$/).map((random) => `Vx9${random}`);
    const written = fc.constantFrom(
      (name: string, secret: string) => `set ${name}=${secret} and go`,
      (name: string, secret: string) => `${name}: ${secret}`,
      (name: string, secret: string) => `{"${name}": "${secret}", "user": "ada"}`,
      (name: string, secret: string) => `https://x.example/cb?${name}=${secret}&next=%2F`,
      (name: string, secret: string) => `export ${name}='${secret}'`,
    );
    fc.assert(
      fc.property(key, value, written, (name, secret, write) => {
        const stored = JSON.stringify(mask({ note: write(name, secret) }));
        return !stored.includes(secret) && stored.includes('[masked]');
      }),
      { numRuns: 300 },
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
