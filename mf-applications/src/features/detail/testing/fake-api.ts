export { fail, ok, serveApi, setTestRuntimeConfig, type FakeAnswer } from 'shared/testing';
