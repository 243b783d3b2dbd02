import { UNREAD_BADGE_WIDGET } from './registry';
import { loadRemoteWidget } from './remote-widget';

const mockLoadModule = jest.fn();
jest.mock('./federation', () => ({ loadRemoteModule: (...args: unknown[]) => mockLoadModule(...args) }));
// zod's load (shared/src/zod/on-demand.ts), resolved unless a test holds it.
const mockZodReady = jest.fn(() => Promise.resolve());
jest.mock('shared', () => ({ ...jest.requireActual('shared'), zodReady: () => mockZodReady() }));

const mounts = [
  { name: 'mf_messaging', mount: '/lk/message' },
  { name: 'mf_cabinet', mount: '/lk' },
  { name: 'mf_catalog', mount: '/' },
];

beforeEach(() => mockLoadModule.mockReset());

test('asks the remote owning the widget’s path for its exposed module and takes the default export', async () => {
  const Badge = () => null;
  mockLoadModule.mockResolvedValue({ default: Badge });
  await expect(loadRemoteWidget(UNREAD_BADGE_WIDGET, mounts)).resolves.toBe(Badge);
  expect(mockLoadModule).toHaveBeenCalledWith('mf_messaging', 'unread-badge');
});

test('no remote owns the path: nothing is loaded', async () => {
  await expect(loadRemoteWidget(UNREAD_BADGE_WIDGET, [])).resolves.toBeNull();
  expect(mockLoadModule).not.toHaveBeenCalled();
});

test('a module without a component is a failure', async () => {
  mockLoadModule.mockResolvedValue({ routes: [] });
  await expect(loadRemoteWidget(UNREAD_BADGE_WIDGET, mounts)).rejects.toThrow('mf_messaging/unread-badge не содержит компонента');
});

test('an lk remote’s widget loads once zod is there: its code may build schemas as it is evaluated', async () => {
  let release: () => void = () => undefined;
  mockZodReady.mockImplementationOnce(() => new Promise<void>((resolve) => (release = resolve)));
  const Badge = () => null;
  mockLoadModule.mockResolvedValue({ default: Badge });
  const loading = loadRemoteWidget(UNREAD_BADGE_WIDGET, mounts);
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(mockLoadModule).not.toHaveBeenCalled();
  release();
  await expect(loading).resolves.toBe(Badge);
});
