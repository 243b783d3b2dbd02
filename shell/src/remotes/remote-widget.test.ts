import { UNREAD_BADGE_WIDGET } from './registry';
import { loadRemoteWidget } from './remote-widget';

const mockLoadModule = jest.fn();
jest.mock('./federation', () => ({ loadRemoteModule: (...args: unknown[]) => mockLoadModule(...args) }));

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
