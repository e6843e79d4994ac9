/**
 * @jest-environment node
 */
// Proves the spec's generic error mapping (document 1 §8) against a real HTTP server, not a fake fetch.
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { defineRoute } from '@app/contracts/http';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';

let server: Server;
let baseUrl: string;
const seenAuthorization: (string | undefined)[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seenAuthorization.push(request.headers.authorization);
    const send = (status: number, body: string, statusMessage?: string) => {
      response.statusCode = status;
      if (statusMessage) response.statusMessage = statusMessage;
      response.setHeader('Content-Type', 'application/json');
      response.end(body);
    };
    if (request.url === '/api/ok') return send(200, JSON.stringify({ id: 7, name: 'ada' }));
    if (request.url === '/api/one-line') return send(200, '{"amount":"1.10"}\n');
    if (request.url === '/api/echo' && request.method === 'POST') {
      let text = '';
      request.on('data', (chunk) => (text += chunk));
      request.on('end', () =>
        send(201, JSON.stringify({ received: JSON.parse(text), contentType: request.headers['content-type'] })),
      );
      return;
    }
    if (request.url === '/api/multipart' && request.method === 'POST') {
      let text = '';
      request.on('data', (chunk) => (text += chunk));
      request.on('end', () => send(201, JSON.stringify({ text, contentType: request.headers['content-type'] })));
      return;
    }
    if (request.url?.startsWith('/api/things/')) {
      let text = '';
      request.on('data', (chunk) => (text += chunk));
      request.on('end', () =>
        send(
          200,
          JSON.stringify({ url: request.url, method: request.method, body: text === '' ? null : JSON.parse(text) }),
        ),
      );
      return;
    }
    if (request.url === '/api/coded')
      return send(
        422,
        JSON.stringify({
          error: 'Insufficient gems',
          code: 'INSUFFICIENT_BALANCE',
          details: { needed: 3 },
          field_errors: [{ field: 'amount', message: 'Too large' }],
        }),
      );
    if (request.url === '/api/bare') return send(503, '', 'Service Unavailable');
    if (request.url === '/api/html') {
      response.statusCode = 502;
      response.statusMessage = 'Bad Gateway';
      response.setHeader('Content-Type', 'text/html');
      return response.end('<html>proxy error</html>');
    }
    return send(404, JSON.stringify({ error: 'Not found', code: 'NOT_FOUND' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const Echo = z.object({ url: z.string(), method: z.string(), body: z.unknown() });

describe('api.call with a route of the contracts', () => {
  const getThing = defineRoute({
    method: 'get',
    path: '/api/things/:thingId',
    summary: 'x',
    request: {
      params: z.object({ thingId: z.string() }),
      query: z.object({ page: z.number().optional(), q: z.string().optional() }),
    },
    responses: { 200: Echo },
  });
  const renameThing = defineRoute({
    method: 'post',
    path: '/api/things/:thingId/rename',
    summary: 'x',
    request: { params: z.object({ thingId: z.string() }), body: z.object({ name: z.string() }) },
    responses: { 200: Echo },
  });
  const strictAnswer = defineRoute({
    method: 'get',
    path: '/api/things/strict',
    summary: 'x',
    responses: { 200: z.object({ id: z.number() }) },
  });

  it('fills the path from params (encoded), adds the query and parses the answer with the route schema', async () => {
    const client = createApiClient({ baseUrl, getToken: () => null });
    const answer = await client.call(getThing, { params: { thingId: 'a b/c' }, query: { page: 2, q: undefined } });
    expect(answer).toEqual({ url: '/api/things/a%20b%2Fc?page=2', method: 'GET', body: null });
  });

  it('sends the body with the route method', async () => {
    const client = createApiClient({ baseUrl, getToken: () => null });
    const answer = await client.call(renameThing, { params: { thingId: '7' }, body: { name: 'ada' } });
    expect(answer).toEqual({ url: '/api/things/7/rename', method: 'POST', body: { name: 'ada' } });
  });

  it('refuses an answer that does not match the route schema', async () => {
    const client = createApiClient({ baseUrl, getToken: () => null });
    await expect(client.call(strictAnswer)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('hands a text answer back as it came', async () => {
    const client = createApiClient({ baseUrl, getToken: () => null });
    const text = await client.callForText(getThing, { params: { thingId: 'x' } });
    expect(JSON.parse(text)).toEqual({ url: '/api/things/x', method: 'GET', body: null });
  });
});

describe('api client', () => {
  it('sends the bearer token and parses the answer with the given schema', async () => {
    const client = createApiClient({ baseUrl, getToken: () => 'token-123' });
    const result = await client.get('/api/ok', { schema: z.object({ id: z.number(), name: z.string() }) });
    expect(result).toEqual({ id: 7, name: 'ada' });
    expect(seenAuthorization.at(-1)).toBe('Bearer token-123');
  });

  it('sends JSON bodies', async () => {
    const client = createApiClient({ baseUrl, getToken: () => null });
    const result = await client.post('/api/echo', { amount: 5 });
    expect(result).toEqual({ received: { amount: 5 }, contentType: 'application/json' });
    expect(seenAuthorization.at(-1)).toBeUndefined();
  });

  it('sends a FormData body as multipart, as it is (a file upload), with its token', async () => {
    const client = createApiClient({ baseUrl, getToken: () => 'token-123' });
    const form = new FormData();
    form.append('image', new Blob(['png bytes'], { type: 'image/png' }), 'logo.png');
    const { text, contentType } = await client.post('/api/multipart', form, {
      schema: z.object({ text: z.string(), contentType: z.string() }),
    });
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(text).toContain('name="image"; filename="logo.png"');
    expect(text).toContain('png bytes');
    expect(seenAuthorization.at(-1)).toBe('Bearer token-123');
  });

  it("keeps the server's code, message, details and field errors", async () => {
    const client = createApiClient({ baseUrl, getToken: () => null });
    const error = await client.get('/api/coded').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError).toMatchObject({
      status: 422,
      code: 'INSUFFICIENT_BALANCE',
      message: 'Insufficient gems',
      details: { needed: 3 },
    });
    expect(apiError.fieldMessage('amount')).toBe('Too large');
  });

  it("falls back to UNKNOWN_ERROR and 'HTTP Error {status}: {statusText}' when the body says nothing", async () => {
    const client = createApiClient({ baseUrl, getToken: () => null });
    await expect(client.get('/api/bare')).rejects.toMatchObject({
      status: 503,
      code: 'UNKNOWN_ERROR',
      message: 'HTTP Error 503: Service Unavailable',
    });
    await expect(client.get('/api/html')).rejects.toMatchObject({
      status: 502,
      code: 'UNKNOWN_ERROR',
      message: 'HTTP Error 502: Bad Gateway',
    });
  });

  it("maps a network failure to NETWORK_ERROR, status 0, 'Network error occurred'", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const client = createApiClient({ baseUrl: `http://127.0.0.1:${deadPort}`, getToken: () => null });
    await expect(client.get('/api/ok')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Network error occurred',
    });
  });

  it('reports an answer that does not match the schema as INVALID_RESPONSE', async () => {
    const client = createApiClient({ baseUrl, getToken: () => null });
    await expect(client.get('/api/ok', { schema: z.object({ id: z.string() }) })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      status: 200,
    });
  });
});

describe('responseType text', () => {
  it('hands back a download exactly as it came, even one line of NDJSON that would parse as JSON', async () => {
    const client = createApiClient({ baseUrl, getToken: () => null });
    await expect(client.get('/api/one-line', { responseType: 'text' })).resolves.toBe('{"amount":"1.10"}\n');
    await expect(client.get('/api/missing', { responseType: 'text' })).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
  });
});

describe('a call in its own task', () => {
  it("starts its request after the caller's task, so that calls started together are not one long task", async () => {
    const started: string[] = [];
    const client = createApiClient({
      baseUrl,
      fetchImplementation: (input, init) => {
        started.push(String(input));
        return fetch(input, init);
      },
    });
    const call = client.get('/api/ok');
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toEqual([]);
    await expect(call).resolves.toEqual({ id: 7, name: 'ada' });
    expect(started).toEqual([`${baseUrl}/api/ok`]);
  });
});
