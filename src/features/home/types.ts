import type { components } from '../../api/schema';

/** GET home/ (docs/api-overview.md). */
export type HomeData = components['schemas']['HomeData'];
