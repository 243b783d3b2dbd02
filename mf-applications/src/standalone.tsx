// Runs this remote alone for development (`pnpm --filter mf-applications dev`); never exposed.
import 'shared/styles.css';
import { startStandalone } from 'shared/standalone';
import { routes } from './routes';

void startStandalone({ name: 'mf-applications', mount: '/lk/application', routes });
