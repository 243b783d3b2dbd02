import type { ComponentType } from 'react';
import { getRuntimeConfig, zodReady } from 'shared';
import { loadRemoteModule } from './federation';
import { matchMount } from './match-remote';
import { remoteMounts, type RemoteMount, type RemoteWidget } from './registry';

type WidgetModule = { default?: ComponentType; Widget?: ComponentType };

/**
 * The component a remote exposes for a widget: its default export (or `Widget`); null when no
 * remote owns the widget's path in this configuration (nothing to load, nothing failed).
 */
export async function loadRemoteWidget(
  widget: RemoteWidget,
  mounts: readonly RemoteMount[] = remoteMounts(getRuntimeConfig().mounts),
): Promise<ComponentType | null> {
  const owner = matchMount(mounts, widget.path);
  if (!owner) return null;
  // The header's widgets are the lk remotes' code, loaded after the page: with zod (shared/src/zod/on-demand.ts).
  await zodReady();
  const module = await loadRemoteModule<WidgetModule>(owner.name, widget.exposed);
  const Component = module.default ?? module.Widget;
  if (typeof Component !== 'function') throw new Error(`${owner.name}/${widget.exposed} не содержит компонента`);
  return Component;
}
