export interface PlacedFacility {
  id: number;
  name: string;
  href: string;
  subtitle: string;
  geoLat: number;
  geoLon: number;
}

export interface Point {
  geoLat: number;
  geoLon: number;
}

export interface FacilitiesMapViewProps {
  items: readonly PlacedFacility[];
  label: string;
}

export interface PickerViewProps {
  point: Point | null;
  label: string;
  onPick: (point: Point) => void;
}

