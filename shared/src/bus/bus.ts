import { createBus, type Bus } from './create-bus';
import type { AppEvents } from './events';

// One bus per page even if a remote ends up with its own copy of `shared`.
const BUS_KEY = Symbol.for('shared.bus');
const holder = globalThis as { [BUS_KEY]?: Bus<AppEvents> };

export const bus: Bus<AppEvents> = (holder[BUS_KEY] ??= createBus<AppEvents>());
