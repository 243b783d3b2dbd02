// The logged-in widgets of the header, one chunk loaded after the start (lazy-account.tsx): a
// guest's page never needs them (issue 12: the account widgets after hydration).
export { AccountMenu } from './account-menu';
export { NotificationBell } from './notification-bell';
