import { describe, expect, it } from 'vitest';
import { providersFromEnv, resolveProviders } from './providers.js';

describe('providersFromEnv', () => {
  it('has no provider without a key or a base URL', () => {
    expect(providersFromEnv({})).toEqual({});
    expect(providersFromEnv({ OPENAI_API_KEY: '  ' })).toEqual({});
  });

  it('reads the key, base URL and model, defaulting the model', () => {
    expect(providersFromEnv({ OPENAI_API_KEY: 'k' })).toEqual({
      openai: { type: 'openai', model: 'gpt-4o-mini', apiKey: 'k' },
    });
    expect(
      providersFromEnv({ OPENAI_BASE_URL: 'http://127.0.0.1:1/v1', OPWIRE_CHAT_MODEL: 'llama' }),
    ).toEqual({
      openai: { type: 'openai', model: 'llama', apiKey: 'unused', baseURL: 'http://127.0.0.1:1/v1' },
    });
  });
});

describe('resolveProviders', () => {
  it('uses Chat Completions when a base URL is set and the Responses API otherwise', () => {
    const [compatible, official] = resolveProviders({
      compatible: { type: 'openai', model: 'm', apiKey: 'k', baseURL: 'http://127.0.0.1:1/v1' },
      official: { type: 'openai', model: 'm', apiKey: 'k' },
    });
    expect(compatible?.model.provider).toBe('openai.chat');
    expect(official?.model.provider).toBe('openai.responses');
  });

  it('fails startup on a fallback name that is not configured', () => {
    expect(() => resolveProviders({}, ['missing'])).toThrow(/fallback names provider "missing"/);
  });
});
