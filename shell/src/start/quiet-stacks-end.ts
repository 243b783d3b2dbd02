// Imported by the bootstrap just after react-dom/client: see error-stacks.ts.
import { resumeErrorStacks } from './error-stacks';

resumeErrorStacks();
