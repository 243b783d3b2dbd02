import { PlaceholderPage } from './placeholder-page';

export function Component() {
  return <PlaceholderPage title="Политика конфиденциальности" />;
}
