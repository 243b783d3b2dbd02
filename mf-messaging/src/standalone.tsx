// Runs this remote alone for development (`pnpm --filter mf-messaging dev`); never exposed.
import 'shared/styles.css';
import { startStandalone } from 'shared/standalone';
import { routes } from './routes';

void startStandalone({ name: 'mf-messaging', mount: '/lk/message', routes });
