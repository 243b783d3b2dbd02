import { getRuntimeConfig, loadRuntimeConfig, parseRuntimeConfig, resetRuntimeConfig, setRuntimeConfig } from './runtime-config';

const valid = {
  apiUrl: 'http://localhost:8080/',
  version: 'build-1',
  remotes: {
    mf_catalog: 'http://localhost:3001',
    mf_applications: 'http://localhost:3002',
    mf_cabinet: 'http://localhost:3003',
    mf_messaging: 'http://localhost:3004',
  },
  mapTileUrl: null,
};

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
  resetRuntimeConfig();
});

function answer(status: number, body: unknown) {
  return { ok: status >= 200 && status < 300, status, json: async () => body };
}

describe('loadRuntimeConfig', () => {
  it('fetches without the HTTP cache and validates the file', async () => {
    fetchMock.mockResolvedValue(answer(200, valid));
    const config = await loadRuntimeConfig();
    expect(fetchMock).toHaveBeenCalledWith('/runtime-config.json', expect.objectContaining({ cache: 'no-store' }));
    expect(config.apiUrl).toBe('http://localhost:8080');
    expect(config.remotes.mf_cabinet).toBe('http://localhost:3003');
  });

  it('names the broken field in Russian', async () => {
    fetchMock.mockResolvedValue(answer(200, { ...valid, remotes: { ...valid.remotes, mf_catalog: 'не адрес' } }));
    await expect(loadRuntimeConfig()).rejects.toThrow(/Некорректная конфигурация приложения: remotes\.mf_catalog/);
  });

  it('reports an HTTP failure and an unreachable server', async () => {
    fetchMock.mockResolvedValue(answer(404, null));
    await expect(loadRuntimeConfig('/x.json')).rejects.toThrow('Не удалось загрузить конфигурацию приложения (HTTP 404)');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(loadRuntimeConfig()).rejects.toThrow(/сервер недоступен/);
  });

  it('offers no test payments unless the file says so', () => {
    expect(parseRuntimeConfig(valid).devPayments).toBe(false);
    expect(parseRuntimeConfig({ ...valid, devPayments: true }).devPayments).toBe(true);
  });

  it('accepts a file without mapTileUrl', () => {
    const { mapTileUrl: _omit, ...rest } = valid;
    expect(parseRuntimeConfig(rest).mapTileUrl).toBeNull();
  });
});

describe('parseRuntimeConfig (read without zod: a page parses it before its first render)', () => {
  it('keeps the known fields alone, with their defaults', () => {
    expect(parseRuntimeConfig({ ...valid, extra: 1 })).toEqual({
      apiUrl: 'http://localhost:8080',
      version: 'build-1',
      remotes: valid.remotes,
      mapTileUrl: null,
      devPayments: false,
      operator: {},
    });
  });

  it('names every broken field at once', () => {
    const broken = { apiUrl: 'ftp://files.test', version: '', remotes: { 'Mf-X': 'http://x.test', mf_y: 5 }, mapTileUrl: '', devPayments: 'yes' };
    expect(() => parseRuntimeConfig(broken)).toThrow(
      'Некорректная конфигурация приложения: apiUrl: ожидается адрес вида http://host:port; version: ожидается непустая строка; ' +
        'remotes.Mf-X: ожидается имя вида mf_catalog; remotes.mf_y: ожидается адрес вида http://host:port; ' +
        'mapTileUrl: ожидается непустая строка или null; devPayments: ожидается true или false',
    );
  });

  it('refuses a file that is not an object, and remotes that are not one', () => {
    expect(() => parseRuntimeConfig(null)).toThrow(/\(корень\): ожидается объект/);
    expect(() => parseRuntimeConfig({ ...valid, remotes: ['http://x.test'] })).toThrow(/remotes: ожидается объект/);
  });
});

describe('operator', () => {
  it('keeps the details set, trimmed, and drops empty ones', () => {
    const operator = { name: ' ООО «Маркет» ', inn: '7701234567', phone: '', email: '   ' };
    expect(parseRuntimeConfig({ ...valid, operator }).operator).toEqual({ name: 'ООО «Маркет»', inn: '7701234567' });
  });

  it('keeps the known details alone and names one that is not a string', () => {
    expect(parseRuntimeConfig({ ...valid, operator: { fax: '1', inn: '7701234567' } }).operator).toEqual({ inn: '7701234567' });
    expect(() => parseRuntimeConfig({ ...valid, operator: { fax: '1', inn: 7701234567 } })).toThrow(
      'Некорректная конфигурация приложения: operator.inn: ожидается строка',
    );
    expect(() => parseRuntimeConfig({ ...valid, operator: 'ООО' })).toThrow(/operator: ожидается объект/);
  });
});

describe('mounts', () => {
  const mounts = { mf_catalog: '/', mf_cabinet: '/lk/', mf_messaging: '/lk/message' };

  it('keeps each remote\'s path prefix, without a trailing slash except the root', () => {
    expect(parseRuntimeConfig({ ...valid, mounts }).mounts).toEqual({ mf_catalog: '/', mf_cabinet: '/lk', mf_messaging: '/lk/message' });
  });

  it('takes a remote the shell was not built with', () => {
    const config = parseRuntimeConfig({ ...valid, remotes: { ...valid.remotes, mf_new: 'http://n.test' }, mounts: { mf_new: '/new' } });
    expect(config.mounts).toEqual({ mf_new: '/new' });
  });

  it('refuses a mount that is not an absolute path, and a mount without an address', () => {
    expect(() => parseRuntimeConfig({ ...valid, mounts: { mf_catalog: 'lk' } })).toThrow(/mounts\.mf_catalog: ожидается путь/);
    expect(() => parseRuntimeConfig({ ...valid, mounts: { mf_other: '/x' } })).toThrow(/mounts\.mf_other: у удалённого модуля нет адреса/);
  });
});

describe('getRuntimeConfig', () => {
  it('throws a clear error before setRuntimeConfig', () => {
    expect(() => getRuntimeConfig()).toThrow(/Конфигурация приложения не загружена/);
  });

  it('returns what was set', () => {
    const config = parseRuntimeConfig(valid);
    setRuntimeConfig(config);
    expect(getRuntimeConfig()).toBe(config);
  });
});
