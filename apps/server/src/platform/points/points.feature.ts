import { defineFeature } from '../kit/feature';
import { pointsRoutes } from './points.routes';

/** The member's points calls and the back office's points rules (the ledger itself is points.service.ts). */
export const pointsFeature = defineFeature({ name: 'points', routes: pointsRoutes });
