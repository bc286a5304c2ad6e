import { defineFeature } from '../kit/feature';
import { uploadsRoutes } from './uploads.routes';

/** Uploads, the Word import and attachments, on local disk or an S3-compatible store. */
export const uploadsFeature = defineFeature({ name: 'uploads', routes: uploadsRoutes });
