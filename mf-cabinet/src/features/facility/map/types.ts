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
}

export interface PickerViewProps {
  point: Point | null;
  onPick: (point: Point) => void;
}

