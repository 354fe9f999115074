// The register's graves as GeoJSON (RFC 7946), to open as it is in QGIS, geojson.io or Leaflet: a
// FeatureCollection of every grave, a Point [longitude, latitude] (in that order, WGS 84 decimal degrees, no "crs"
// member) where its position is recorded, `geometry: null` where it is not. The server writes the collection one
// feature at a time (its opening, the features separated by commas, its close).
import type { Gender } from '../types';

export const GEOJSON_MEDIA_TYPE = 'application/geo+json';

export interface GraveFeatureInput {
  id: string;
  gender: Gender;
  number: number | string;
  /** The grave's status as the register says it (متاحة، ممتلئة، غير متاحة). */
  status: string;
  /** Decimal degrees as the register stores them (text), both or neither. */
  latitude: string | null;
  longitude: string | null;
  /** How many people the grave holds. */
  burials: number;
  /** Its short address: an absolute URL on the site's address, or its path while that is not set. */
  address: string;
}

export interface GraveFeature {
  type: 'Feature';
  id: string;
  geometry: { type: 'Point'; coordinates: [number, number] } | null;
  properties: {
    section: Gender;
    number: number | string;
    status: string;
    shortAddress: string;
    burials: number;
  };
}

/** A stored coordinate as a number within its range, or null. */
function coordinate(text: string | null, limit: number): number | null {
  if (text === null || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
}

/** One grave as a GeoJSON Feature: longitude first. */
export function graveFeature(g: GraveFeatureInput): GraveFeature {
  const latitude = coordinate(g.latitude, 90);
  const longitude = coordinate(g.longitude, 180);
  return {
    type: 'Feature',
    id: g.id,
    geometry: latitude === null || longitude === null ? null : { type: 'Point', coordinates: [longitude, latitude] },
    properties: {
      section: g.gender,
      number: g.number,
      status: g.status,
      shortAddress: g.address,
      burials: g.burials,
    },
  };
}

/** The text around the features: `open`, then the features joined by `separator`, then `close`. */
export const FEATURE_COLLECTION = {
  open: '{"type":"FeatureCollection","features":[\n',
  separator: ',\n',
  close: '\n]}\n',
} as const;
