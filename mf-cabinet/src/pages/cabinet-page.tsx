import { PlaceholderPage } from './placeholder-page';

export function Component() {
  return <PlaceholderPage title="Личный кабинет" />;
}
