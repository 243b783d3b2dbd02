import { bus } from 'shared';
import { withNotification } from './await-notification';

const notify = (applicationId: number | null) => bus.emit('notification:received', { message: 'Заявка № 7: оплата получена', applicationId });

describe('withNotification', () => {
  afterEach(() => bus.clear());

  it('says notified when the notification about the application came before the answer or during the wait', async () => {
    expect(await withNotification(42, async () => (notify(42), { message: 'Оплата получена' }), 5_000)).toEqual({ message: 'Оплата получена', notified: true });

    const started = Date.now();
    const waiting = withNotification(42, async () => ({}), 5_000);
    setTimeout(() => notify(42), 10);
    expect(await waiting).toEqual({ notified: true });
    // It stops waiting when the notification comes, not at the end of the wait.
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('says not notified after the wait when none came, or only about other applications', async () => {
    const waiting = withNotification(42, async () => ({ message: 'Оплата получена' }), 30);
    notify(7);
    notify(null);
    expect(await waiting).toEqual({ message: 'Оплата получена', notified: false });
  });

  it('passes a failed call on without waiting', async () => {
    const started = Date.now();
    await expect(withNotification(42, () => Promise.reject(new Error('Заявка не ожидает оплаты')), 5_000)).rejects.toThrow('Заявка не ожидает оплаты');
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
