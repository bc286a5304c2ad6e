import { BACK_TO_TOP_THRESHOLD_PX } from '@portal/contracts/constants';

/** The back-to-top button shows once the page is scrolled beyond 200 px (spec 2). */
export function shouldShowBackToTop(scrollY: number): boolean {
  return scrollY > BACK_TO_TOP_THRESHOLD_PX;
}
