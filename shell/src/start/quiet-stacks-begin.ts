// Imported by the bootstrap just before react-dom/client: see error-stacks.ts.
import { pauseErrorStacks } from './error-stacks';

pauseErrorStacks();
