import { describe, expect, it } from 'vitest';
import { readShopEnvironment } from './shop-environment.js';

// The numbers the shop reads from its environment take decimal digits only: `Number(" ")` is 0, which turned the
// rate limit off without a word, and `Number` also reads "0x10" as 16 and "1e2" as 100.
describe('readShopEnvironment: whole numbers', () => {
  const refused = [' ', '  ', '\t', ' 5', '5 ', '0x10', '1e2', '1.5', '-1', '+3', 'Infinity', '٣', 'abc'];

  it.each(refused)('refuses RATE_LIMIT_PER_MINUTE=%j, naming the variable and the value', (value) => {
    expect(() => readShopEnvironment({ RATE_LIMIT_PER_MINUTE: value })).toThrow(
      `RATE_LIMIT_PER_MINUTE must be a whole number ≥ 0 (0 turns the limit off), not "${value}".`,
    );
  });

  it.each(refused)('refuses PORT=%j and CHAT_RESUME_SECONDS=%j', (value) => {
    expect(() => readShopEnvironment({ PORT: value })).toThrow(
      `PORT must be a whole number from 0 to 65535, not "${value}".`,
    );
    expect(() => readShopEnvironment({ CHAT_RESUME_SECONDS: value })).toThrow(
      `CHAT_RESUME_SECONDS must be a whole number of seconds from 0 to 3600 (unset turns resuming off), not "${value}".`,
    );
  });

  it('reads digits, and takes unset or empty for the default', () => {
    expect(
      readShopEnvironment({ RATE_LIMIT_PER_MINUTE: '3', PORT: '3100', CHAT_RESUME_SECONDS: '30' }),
    ).toMatchObject({
      port: 3100,
      options: { writesPerMinute: 3, assistant: { resumeMs: 30_000 } },
    });
    expect(readShopEnvironment({ RATE_LIMIT_PER_MINUTE: '0' }).options.writesPerMinute).toBe(false);
    for (const environment of [{}, { RATE_LIMIT_PER_MINUTE: '', PORT: '', CHAT_RESUME_SECONDS: '' }]) {
      const read = readShopEnvironment(environment);
      expect({
        port: read.port,
        writes: read.options.writesPerMinute,
        assistant: read.options.assistant,
      }).toEqual({
        port: 3000,
        writes: 60,
        assistant: undefined,
      });
    }
  });
});

describe('readShopEnvironment: CORS_ORIGINS', () => {
  it('refuses "*", which MCP\'s Origin check cannot take, naming the variable', () => {
    for (const value of ['*', ' * ', '*,']) {
      expect(() => readShopEnvironment({ CORS_ORIGINS: value })).toThrow(
        /^CORS_ORIGINS cannot be "\*" in the shop: it is also MCP's Origin allow-list/,
      );
    }
    expect(
      readShopEnvironment({ CORS_ORIGINS: 'https://shop.example, http://localhost:5173' }).options
        .corsOrigins,
    ).toEqual(['https://shop.example', 'http://localhost:5173']);
  });
});
