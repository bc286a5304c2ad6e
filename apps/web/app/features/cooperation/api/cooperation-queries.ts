import {
  COOPERATION_KINDS,
  COOPERATION_RULE,
  cooperationInfo,
  cooperationList,
  partnerDirectory,
  type CooperationKind,
} from '@portal/contracts/cooperation';
import type { Site } from '@portal/contracts/sites';
import { callQuery } from '~/lib/query/call-query';
import { useCallPages } from '~/lib/query/use-call';

const listBody = (kind: CooperationKind) => ({ kind, limit: COOPERATION_RULE.pageSize });
const partnersBody = { limit: 24 };

/** `?kind=case` of the cooperation home, else programmes. */
export function kindParam(raw: string | null): CooperationKind {
  return (COOPERATION_KINDS as readonly string[]).includes(raw ?? '') ? (raw as CooperationKind) : 'programme';
}

/** The first page of a kind's pages: what the loader prefetches. */
export const cooperationListQuery = (site: Site, kind: CooperationKind) =>
  callQuery(cooperationList, site, listBody(kind));
export const partnersQuery = (site: Site) => callQuery(partnerDirectory, site, partnersBody);
export const cooperationPageQuery = (site: Site, id: number) => callQuery(cooperationInfo, site, { id });

export function useCooperationPages(site: Site, kind: CooperationKind) {
  return useCallPages(cooperationList, listBody(kind), { site, firstPage: true });
}

export function usePartners(site: Site) {
  return useCallPages(partnerDirectory, partnersBody, { site, firstPage: true });
}
