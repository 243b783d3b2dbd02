import { fail, ok, serveApi } from './fake-api';

const API = 'http://api.test/api';

describe('serveApi', () => {
  it('answers by method and path, and lists the calls by path or by method and path', async () => {
    const api = serveApi({
      'GET application/get': () => ok({ id: 42 }),
      'POST application/close': () => ok(null, 'Заявка закрыта'),
    });

    const got = await fetch(`${API}/application/get?id=42`);
    await fetch(`${API}/application/close`, { method: 'POST', body: JSON.stringify({ id: 42 }) });

    expect(await got.text()).toBe(JSON.stringify({ data: { id: 42 } }));
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET application/get', 'POST application/close']);
    expect(api.callsTo('application/get')[0]?.query.get('id')).toBe('42');
    expect(api.callsTo('POST application/close')[0]?.body).toEqual({ id: 42 });
    expect(api.callsTo('GET application/close')).toEqual([]);
  });

  it('answers a route it does not know with a 404 envelope, and an answer without a body with nothing', async () => {
    serveApi({ 'POST application/update': () => ({ status: 500 }) });

    const missing = await fetch(`${API}/application/get`);
    const bare = await fetch(`${API}/application/update`, { method: 'POST' });

    expect(missing.status).toBe(404);
    expect(JSON.parse(await missing.text())).toEqual(fail(404, 'Нет обработчика application/get').body);
    expect(bare.status).toBe(500);
    expect(await bare.text()).toBe('');
  });
});
