import type { FakeAnswer } from './fake-api';

/** One request an upload made through XMLHttpRequest, with the means to answer it. */
export interface XhrRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  /** The multipart entries in the order they were appended (files by name). */
  entries: [string, string | File][];
  fields: Record<string, string>;
  /** The first file sent (field `file`), or null. */
  file: File | null;
  /** Every file sent in a field named `file`, in order. */
  files: File[];
  aborted: boolean;
  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number): void;
  respond(answer: FakeAnswer): void;
  /** The connection fails (no answer at all). */
  fail(): void;
  /** The connection breaks after `loaded` of `total` bytes of the body were reported sent. */
  cut(loaded: number, total: number): void;
}

type Listener = ((event: ProgressEvent) => void) | null;

/** Answers as XHR does: the handler's answer (or nothing, for a test that answers by hand). */
export type XhrHandler = (request: XhrRequest) => FakeAnswer | void | Promise<FakeAnswer | void>;

/** Replaces XMLHttpRequest for the test; `requests` lists every send. */
export function installFakeXhr(handler: XhrHandler = () => undefined) {
  const original = globalThis.XMLHttpRequest;
  const requests: XhrRequest[] = [];

  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: Listener } = { onprogress: null };
    onload: Listener = null;
    onerror: Listener = null;
    onabort: Listener = null;
    onloadend: Listener = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private responseHeaders: Record<string, string> = {};
    private done = false;
    private request: XhrRequest | null = null;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    getResponseHeader(name: string): string | null {
      const key = Object.keys(this.responseHeaders).find((k) => k.toLowerCase() === name.toLowerCase());
      return key ? (this.responseHeaders[key] ?? null) : null;
    }

    abort() {
      if (this.done) return;
      if (this.request) this.request.aborted = true;
      this.finish('onabort');
    }

    send(body: FormData | null) {
      const entries = body ? ([...body.entries()] as [string, string | File][]) : [];
      const xhr = this;
      const request: XhrRequest = {
        method: this.method,
        url: new URL(this.url),
        headers: this.headers,
        entries,
        fields: Object.fromEntries(entries.filter((e): e is [string, string] => typeof e[1] === 'string')),
        file: (entries.find(([name]) => name === 'file')?.[1] as File | undefined) ?? null,
        files: entries.filter(([name, value]) => name === 'file' && typeof value !== 'string').map(([, value]) => value as File),
        aborted: false,
        progress(loaded, total) {
          xhr.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
        },
        respond({ status = 200, body, headers = {} }) {
          if (xhr.done) return;
          xhr.status = status;
          xhr.responseText = body === undefined ? '' : JSON.stringify(body);
          xhr.responseHeaders = headers;
          xhr.finish('onload');
        },
        fail() {
          if (xhr.done) return;
          xhr.finish('onerror');
        },
        cut(loaded, total) {
          if (xhr.done) return;
          request.progress(loaded, total);
          xhr.finish('onerror');
        },
      };
      this.request = request;
      requests.push(request);
      void Promise.resolve(handler(request)).then((answer) => {
        if (answer) request.respond(answer);
      });
    }

    private finish(kind: 'onload' | 'onerror' | 'onabort') {
      if (this.done) return;
      this.done = true;
      this[kind]?.({} as ProgressEvent);
      this.onloadend?.({} as ProgressEvent);
    }
  }

  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return {
    requests,
    restore() {
      globalThis.XMLHttpRequest = original;
    },
  };
}

/** A file of `size` bytes as the browser's picker would give it (the bytes are not held). */
export function fakeFile(name: string, size = 1024, type = ''): File {
  const file = new File(['%PDF-1.7'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
