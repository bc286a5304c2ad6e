import { PAGE_SIZE } from '@portal/contracts/constants';
import {
  EXPERT_SORTS,
  EXPERT_TABS,
  expertContent,
  expertInfo,
  type ExpertSort,
  type ExpertTab,
} from '@portal/contracts/experts';
import type { Site } from '@portal/contracts/sites';
import { callQuery } from '~/lib/query/call-query';
import { useCallPages } from '~/lib/query/use-call';

/** An expert's page (decision 034): `/{lang}/stationed/info/{id}/{tab}/{type}`. */
export const expertPath = (prefix: string, userId: number, tab: ExpertTab = 'articles', type: ExpertSort = 'new') =>
  `/${prefix}/stationed/info/${userId}/${tab}/${type}`;

/** The tab and sort of the address; anything else is the default (articles, newest first). */
export function tabOf(raw: string | undefined): ExpertTab {
  return (EXPERT_TABS as readonly string[]).includes(raw ?? '') ? (raw as ExpertTab) : 'articles';
}
export function sortOf(raw: string | undefined): ExpertSort {
  return (EXPERT_SORTS as readonly string[]).includes(raw ?? '') ? (raw as ExpertSort) : 'new';
}

export const expertInfoQuery = (site: Site, userId: number) => callQuery(expertInfo, site, { user_id: userId });

const contentBody = (userId: number, tab: ExpertTab, type: ExpertSort) => ({
  user_id: userId,
  tab,
  type,
  limit: PAGE_SIZE,
});

export const expertContentQuery = (site: Site, userId: number, tab: ExpertTab, type: ExpertSort) =>
  callQuery(expertContent, site, contentBody(userId, tab, type));

export function useExpertContent(site: Site, userId: number, tab: ExpertTab, type: ExpertSort) {
  return useCallPages(expertContent, contentBody(userId, tab, type), { site, firstPage: true });
}

/**
 * Where an item of a tab links: the article, or the post (a post answered, for an answer). Written
 * out here: importing the topics' contracts for their path would load all their schemas at start.
 */
export const contentHref = (site: Site, tab: ExpertTab, targetId: number) =>
  tab === 'articles' ? `/${site.prefix}/subject/article/${targetId}` : `/${site.prefix}/discuss/info/${targetId}`;

/** schema.org Person of an expert's page (search engines' structured data). */
export function personJsonLd(input: {
  url: string;
  name: string;
  jobTitle: string;
  company: string;
  image: string;
  fans: number;
}): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: input.name,
    url: input.url,
    ...(input.jobTitle ? { jobTitle: input.jobTitle } : {}),
    ...(input.company ? { worksFor: { '@type': 'Organization', name: input.company } } : {}),
    ...(input.image ? { image: input.image } : {}),
    interactionStatistic: {
      '@type': 'InteractionCounter',
      interactionType: 'https://schema.org/FollowAction',
      userInteractionCount: input.fans,
    },
  };
}

export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}
