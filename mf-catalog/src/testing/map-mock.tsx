// Stands in for features/map in tests (Leaflet needs a real browser): each map renders its props as data.
interface Item {
  id: number;
  name: string;
  href: string;
  geoLat: number;
  geoLon: number;
  subtitle?: string;
}

export function ApplicationsMap({ items }: { items: Item[]; height?: number }) {
  return <div data-testid="applications-map" data-items={JSON.stringify(items)} />;
}

export function FacilitiesMap({ items }: { items: Item[]; height?: number }) {
  return <div data-testid="facilities-map" data-items={JSON.stringify(items)} />;
}

export function PointMap({ point, label }: { point: { geoLat: number; geoLon: number }; label: string }) {
  return <div data-testid="point-map" data-point={JSON.stringify(point)} data-label={label} />;
}

/** The items a mocked map was given. */
export function mapItems(element: HTMLElement): Item[] {
  return JSON.parse(element.dataset.items ?? '[]') as Item[];
}
