// The answers about a grave's photos (docs/corrections-and-photos.md).
import { PHOTO_STATUSES } from '../../src/domain/types';

const string = { type: 'string' } as const;
const integer = { type: 'integer' } as const;

export const gravePhoto = {
  type: 'object',
  properties: {
    _id: string,
    graveId: string,
    status: { type: 'string', enum: PHOTO_STATUSES },
    cover: { type: 'boolean', description: 'the photo the grave page shows first (at most one per grave)' },
    url: { type: 'string', description: 'the display size (at most 1600 px), WebP; the address never changes' },
    jpegUrl: { type: 'string', description: 'the display size as JPEG, for browsers without WebP' },
    thumbUrl: { type: 'string', description: 'the thumbnail (at most 400 px), WebP' },
    thumbJpegUrl: { type: 'string', description: 'the thumbnail as JPEG' },
    width: integer,
    height: integer,
    thumbWidth: integer,
    thumbHeight: integer,
    byStaff: { type: 'boolean', description: 'added by a staff member (shown at once)' },
    senderName: { type: ['string', 'null'], description: 'staff answers only' },
    senderPhone: {
      type: ['string', 'null'],
      description: 'staff answers only, to the roles that see families’ phones (not data entry)',
    },
    createdAt: string,
    grave: {
      type: 'object',
      description: 'the queue of photos only: the section and number of the photo’s grave',
      properties: { gender: { type: 'string', enum: ['men', 'women', 'bones'] }, number: string },
      required: ['gender', 'number'],
    },
    expiresAt: {
      type: 'string',
      description: 'staff answers, a pending photo only: when it is removed unless approved first (PENDING_PHOTO_DAYS)',
    },
  },
  required: [
    '_id',
    'graveId',
    'status',
    'cover',
    'url',
    'jpegUrl',
    'thumbUrl',
    'thumbJpegUrl',
    'width',
    'height',
    'thumbWidth',
    'thumbHeight',
    'byStaff',
    'createdAt',
  ],
} as const;

export const gravePhotos = { type: 'array', items: gravePhoto } as const;

export const photoAdded = {
  type: 'object',
  properties: { message: string, id: string, photo: gravePhoto },
  required: ['message', 'id', 'photo'],
} as const;

export const photoWithMessage = {
  type: 'object',
  properties: { message: string, photo: gravePhoto },
  required: ['message', 'photo'],
} as const;
