import { defineFeature } from '../../platform/kit/feature';
import { raffleRoutes } from './raffle.routes';

/** The raffle: campaigns with prizes, daily and bought chances, the draw, winners; the back office's campaigns. */
export const raffleFeature = defineFeature({ name: 'raffle', routes: raffleRoutes });
