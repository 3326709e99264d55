import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { compileErrors, validate } from '@readme/openapi-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Document, type ISpectralDiagnostic, Spectral } from '@stoplight/spectral-core';
import owasp from '@stoplight/spectral-owasp-ruleset';
import { Json } from '@stoplight/spectral-parsers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningShop, startShop } from './shop-harness.js';
import { loadSpectralRuleset } from './spectral-ruleset.js';

const spectralRuleset = fileURLToPath(new URL('../../openapi/.spectral.yaml', import.meta.url));
const redoclyConfig = fileURLToPath(new URL('../../openapi/redocly.yaml', import.meta.url));

let running: RunningShop;
let source: string;
beforeAll(async () => {
  // The shop as it runs by default: the order writes rate-limited.
  running = await startShop({ writesPerMinute: 60 });
  source = JSON.stringify((await running.request('/openapi.json')).body, null, 2);
}, 120_000);
afterAll(() => running?.close(), 60_000);

async function spectralFindings(ruleset: Parameters<Spectral['setRuleset']>[0]) {
  const spectral = new Spectral();
  spectral.setRuleset(ruleset);
  return spectral.run(new Document(source, Json, 'openapi.json'));
}

const describeFinding = (finding: ISpectralDiagnostic) =>
  `${finding.code} at ${finding.path.join('.')}: ${finding.message}`;

describe("the shop's OpenAPI document under Spectral (OAS + OWASP) and Redocly", { timeout: 60_000 }, () => {
  it('has no Spectral error under the committed ruleset', async () => {
    const { ruleset } = await loadSpectralRuleset(spectralRuleset);
    const findings = await spectralFindings(ruleset);
    const errors = findings.filter((finding) => finding.severity === 0);
    const warnings = findings.filter((finding) => finding.severity === 1);
    console.info(`spectral (committed ruleset): ${errors.length} errors, ${warnings.length} warnings`);
    expect(errors.map(describeFinding)).toEqual([]);
  });

  it('switches an OWASP rule off only with a reason, and only one that would report the document', async () => {
    const { switchedOff } = await loadSpectralRuleset(spectralRuleset);
    expect(switchedOff.length).toBeGreaterThan(0);
    const findings = await spectralFindings({ extends: [owasp as never] });
    console.info(
      `spectral (OWASP alone): ${findings.filter((f) => f.severity === 0).length} errors, ${findings.filter((f) => f.severity === 1).length} warnings`,
    );
    for (const { rule, reason } of switchedOff) {
      expect(reason, rule).toMatch(/\S{3,}/);
      expect(Object.keys(owasp.rules), rule).toContain(rule);
      expect(
        findings.some((finding) => finding.code === rule),
        `${rule} reports nothing: switch it back on`,
      ).toBe(true);
    }
  });

  it('checks what clients send: a request string without a bound is an error', async () => {
    const { ruleset } = await loadSpectralRuleset(spectralRuleset);
    const document = JSON.parse(source);
    document.paths['/orders'].post.requestBody.content['application/json'].schema.properties.note = {
      type: 'string',
    };
    const spectral = new Spectral();
    spectral.setRuleset(ruleset);
    const findings = await spectral.run(new Document(JSON.stringify(document), Json, 'openapi.json'));
    expect(findings.filter((finding) => finding.severity === 0).map((finding) => finding.code)).toEqual([
      'opwire:request-string-limit',
    ]);
  });

  it('is clean under Redocly', async () => {
    expect(await redoclyProblems(source)).toEqual([]);
  });

  it('is valid in Chinese too: Accept-Language zh-CN changes its summaries, nothing Spectral or Redocly check', async () => {
    const answer = await running.request('/openapi.json', { headers: { 'accept-language': 'zh-CN' } });
    expect(answer.headers.get('content-language')).toBe('zh-CN');
    const chinese = answer.body as { paths: Record<string, Record<string, { summary?: string }>> };
    expect(chinese.paths['/orders']?.post?.summary).toBe('下单');
    // The framework's own routes and texts too: the chat's and MCP's summaries, and the answers' descriptions.
    expect(chinese.paths['/api/chat']?.post?.summary).toBe(
      '以 AI SDK UI 消息流协议与助手对话（useChat 发送的请求）',
    );
    expect(chinese.paths['/mcp']?.post?.summary).toBe('模型上下文协议（Streamable HTTP）');
    expect((chinese.paths['/orders']?.post as any)?.responses['429'].description).toBe(
      '请求过多：RATE_LIMITED',
    );
    // Every text of every route is Chinese — summaries, descriptions, answers, headers, parameters: the shop's
    // operations and Opwire's own. Schemas (field descriptions) are as written.
    const english: string[] = [];
    const collect = (value: unknown, at: string): void => {
      if (typeof value !== 'object' || value === null) return;
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'schema') continue;
        const place = `${at}/${key}`;
        if ((key === 'summary' || key === 'description') && typeof inner === 'string') {
          if (!/[\u4e00-\u9fff]/.test(inner)) english.push(place);
        } else collect(inner, place);
      }
    };
    collect(chinese.paths, '');
    // And the document's own info, server and tag texts.
    collect(
      { info: (chinese as any).info, servers: (chinese as any).servers, tags: (chinese as any).tags },
      '',
    );
    const infoTitle = (document: any) => document.info.title;
    expect(infoTitle(chinese)).toBe('Opwire 示例商店');
    expect(infoTitle((await running.request('/openapi.json')).body)).toBe('Opwire example shop');
    expect(english).toEqual([]);
    // The MCP endpoint's own answers too, in both documents.
    const mcpUnauthenticated = (document: any) => document.paths['/mcp'].post.responses['401'].description;
    expect(mcpUnauthenticated(chinese)).toBe('UNAUTHENTICATED：没有 bearer 令牌或令牌无效');
    expect(mcpUnauthenticated((await running.request('/openapi.json')).body)).toBe(
      'UNAUTHENTICATED: no or bad bearer token',
    );
    const result = await validate(structuredClone(chinese) as Parameters<typeof validate>[0]);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    const { ruleset } = await loadSpectralRuleset(spectralRuleset);
    const spectral = new Spectral();
    spectral.setRuleset(ruleset);
    const findings = await spectral.run(new Document(JSON.stringify(chinese, null, 2), Json, 'openapi.json'));
    expect(findings.filter((finding) => finding.severity === 0).map(describeFinding)).toEqual([]);
    expect(await redoclyProblems(JSON.stringify(chinese, null, 2))).toEqual([]);
  });
});

/** Redocly's findings on a document's text, under the committed config. */
async function redoclyProblems(source: string): Promise<string[]> {
  const config = await createConfig(await readFile(redoclyConfig, 'utf8'), { configPath: redoclyConfig });
  const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
  console.info(
    `redocly: ${problems.filter((p) => p.severity === 'error').length} errors, ${problems.filter((p) => p.severity === 'warn').length} warnings`,
  );
  return problems.map(
    (problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`,
  );
}

describe("the shop's OpenAPI document says what a path it cannot decode answers", { timeout: 60_000 }, () => {
  type Responses = Record<string, { content?: Record<string, { schema: ProblemSchema }> }>;
  type ProblemSchema = { allOf: [unknown, { properties: { code: { enum: string[] } } }] };
  const codesAt = (responses: Responses, status: string) =>
    responses[status]?.content?.['application/problem+json']?.schema.allOf[1].properties.code.enum ?? [];

  it('lists 400 MALFORMED_PATH on every route with a path parameter, and the server answers it there', async () => {
    const document = JSON.parse(source) as {
      paths: Record<string, Record<string, { responses: Responses }>>;
    };
    const withParameters = Object.entries(document.paths).filter(([path]) => path.includes('{'));
    expect(withParameters.map(([path]) => path)).toContain('/knowledge/documents/{documentId}');
    for (const [path, methods] of withParameters) {
      for (const [method, operation] of Object.entries(methods)) {
        expect(codesAt(operation.responses, '400'), `${method} ${path}`).toContain('MALFORMED_PATH');
      }
    }
    for (const target of ['/orders/%ff', '/knowledge/documents/x%ff']) {
      const answer = await running.request(target, { token: 'customer-token' });
      expect([answer.status, answer.body.code], target).toEqual([400, 'MALFORMED_PATH']);
    }
    // A route without one does not list it.
    expect(codesAt(document.paths['/orders']?.get?.responses ?? {}, '400')).not.toContain('MALFORMED_PATH');
  });
});
